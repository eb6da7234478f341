import pg from 'pg';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { Client, createOpenTable, startTestArbiter, TEST_ADMIN_KEY, testDatabaseUrl } from '../helpers/arbiter.js';
import { DbChecks, useTestArbiter } from '../helpers/db-checks.js';

const DRAW = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } eventSeq } }`;
const ROLL = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { total eventSeq } }`;
const SHUFFLE = `mutation ($input: ShuffleDeckInput!) { shuffleDeck(input: $input) { eventSeq } }`;

/**
 * Forces a failure after a mutation's first write: the deck is updated, then the event insert
 * fails in a trigger set for this one campaign. Nothing of the mutation may remain.
 */
async function failEventInserts(db: DbChecks, campaignId: string): Promise<() => Promise<void>> {
  const name = `fail_${campaignId.replaceAll('-', '')}`;
  await db.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.campaign_id = '${campaignId}' THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$`);
  await db.query(`CREATE TRIGGER ${name} BEFORE INSERT ON game_events FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return async () => {
    await db.query(`DROP TRIGGER ${name} ON game_events`);
    await db.query(`DROP FUNCTION ${name}()`);
  };
}

describe('one transaction per mutation', () => {
  const env = useTestArbiter();

  // A mutation alone is one statement; with another in its request, they share the request's transaction.
  it.each([
    ['alone', DRAW, false],
    ['in a request of two', `mutation ($input: DrawCardsInput!, $roll: RollDiceInput!) { drawCards(input: $input) { eventSeq } rollDice(input: $roll) { eventSeq } }`, true],
  ])('leaves no trace of a mutation whose write fails, %s', async (_, draw, withRoll) => {
    const table = await createOpenTable(env.arbiter.url);
    const [deckBefore] = await env.db.query('SELECT draw_pile, discard_pile, version FROM decks WHERE id = $1', [table.deckId]);
    const seqsBefore = await env.db.eventSeqs(table.campaignId);
    const restore = await failEventInserts(env.db, table.campaignId);
    try {
      const roll = { campaignId: table.campaignId, expression: 'd6' };
      const response = await table.gm.request(draw, { input: { deckId: table.deckId, count: 3, to: 'DISCARD' }, ...(withRoll ? { roll } : {}) });
      expect(response.status).toBe(200);
      expect(response.body.data ?? null).toBeNull();
      expect(response.body.errors![0].extensions!.code).toBe('INTERNAL_SERVER_ERROR');
      expect(response.text).not.toContain('forced failure');
      expect(response.text).not.toMatch(/at .*\.(js|ts):\d+/);
    } finally {
      await restore();
    }
    const [deckAfter] = await env.db.query('SELECT draw_pile, discard_pile, version FROM decks WHERE id = $1', [table.deckId]);
    expect(deckAfter).toEqual(deckBefore);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(seqsBefore);

    const next = await table.gm.data(DRAW, { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } });
    expect(next.drawCards.eventSeq).toBe(seqsBefore.lastEventSeq + 1);
  });

  it('keeps no answer for a key whose request failed, so its retry runs', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const variables = { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } };
    const headers = { 'idempotency-key': 'fails-then-works' };
    const restore = await failEventInserts(env.db, table.campaignId);
    try {
      expect(await table.gm.errorCode(DRAW, variables, headers)).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await restore();
    }
    const retry = await table.gm.data(DRAW, variables, headers);
    expect(retry.drawCards.cards).toHaveLength(1);
  });

  it("commits a request's mutations together or not at all", async () => {
    const table = await createOpenTable(env.arbiter.url);
    const before = await env.db.eventSeqs(table.campaignId);
    const response = await table.gm.request(
      `mutation ($ok: RollDiceInput!, $bad: DrawCardsInput!) { first: rollDice(input: $ok) { eventSeq } second: drawCards(input: $bad) { eventSeq } }`,
      { ok: { campaignId: table.campaignId, expression: 'd6' }, bad: { deckId: table.deckId, count: 60, to: 'DISCARD' } },
    );
    // The failed mutation's non-null field takes the whole answer's data with it: so do its writes.
    expect(response.body.data).toBeNull();
    expect(response.body.errors![0]).toMatchObject({ path: ['second'], extensions: { code: 'RULE_VIOLATION', reason: 'INVALID_COUNT' } });
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
  });

  it("reads the fields of a mutation's answer after its transaction committed, outside it", async () => {
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    const created = await admin.request(
      `mutation { createCampaign(input: { name: "Answered", ruleset: "tenth-realm" }) { campaign { id decks { drawPileCount } members { name } } } }`,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data!.createCampaign.campaign).toMatchObject({ decks: [{ drawPileCount: 52 }], members: [{ name: 'GM' }] });
  });

  it('numbers events without gaps under concurrent dice rolls from many members', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const clients = [table.gm, table.players[0].client, table.players[1].client];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => clients[i % 3].request(ROLL, { input: { campaignId: table.campaignId, expression: '2d10' } })),
    );
    expect(results.filter((result) => result.body.errors)).toEqual([]);
    const { seqs, lastEventSeq } = await env.db.eventSeqs(table.campaignId);
    expect(seqs).toEqual(Array.from({ length: lastEventSeq }, (_, i) => i + 1));
  });

  it("refuses a request whose mutations act on two campaigns, and writes neither (one campaign per transaction: docs/SCALING.md)", async () => {
    const [first, second] = [await createOpenTable(env.arbiter.url), await createOpenTable(env.arbiter.url)];
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    const before = [await env.db.eventSeqs(first.campaignId), await env.db.eventSeqs(second.campaignId)];
    const both = `mutation ($input: DrawCardsInput!, $roll: RollDiceInput!) { drawCards(input: $input) { eventSeq } rollDice(input: $roll) { eventSeq } }`;
    const response = await admin.request(both, { input: { deckId: first.deckId, count: 1, to: 'DISCARD' }, roll: { campaignId: second.campaignId, expression: 'd6' } });
    const error = response.body.errors!.find((each) => each.path?.[0] === 'rollDice')!;
    expect(error.extensions!.code).toBe('BAD_USER_INPUT');
    expect(error.extensions!.field).toBe('campaignId');
    expect([await env.db.eventSeqs(first.campaignId), await env.db.eventSeqs(second.campaignId)]).toEqual(before);
    // Each in a request of its own goes through; two on one campaign share a request as before.
    const same = await admin.data(both, { input: { deckId: first.deckId, count: 1, to: 'DISCARD' }, roll: { campaignId: first.campaignId, expression: 'd6' } });
    expect(same.rollDice.eventSeq).toBe(same.drawCards.eventSeq + 1);
    expect((await admin.data(ROLL, { input: { campaignId: second.campaignId, expression: 'd6' } })).rollDice.eventSeq).toBe(before[1].lastEventSeq + 1);
  }, 30_000);
});

describe('a busy campaign', () => {
  const POOL_SIZE = 3;
  let arbiter: RunningArbiter;
  let db: DbChecks;

  beforeAll(async () => {
    arbiter = await startTestArbiter({ ARBITER_DB_POOL_SIZE: String(POOL_SIZE) });
    db = new DbChecks();
  });

  afterAll(async () => {
    await db?.close();
    await arbiter?.close();
  });

  /** The backends waiting, at Postgres, for the campaign lock `holder` has: directly or behind one that waits for it. */
  async function waitingBehind(holder: number): Promise<number> {
    const [{ count }] = await db.query<{ count: string }>(
      `WITH first AS (SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid)))
       SELECT count(*) AS count FROM pg_stat_activity WHERE pid IN (SELECT pid FROM first) OR pg_blocking_pids(pid) && ARRAY(SELECT pid FROM first)`,
      [holder],
    );
    return Number(count);
  }

  /** Holds the campaign's lock from another connection while `load` runs; what `whileHeld` sees, then the results. */
  async function withLockHeld<T>(campaignId: string, load: () => Array<Promise<T>>, whileHeld: (holderPid: number) => Promise<void>): Promise<T[]> {
    const holder = new pg.Client({ connectionString: testDatabaseUrl() });
    await holder.connect();
    let requests: Array<Promise<T>> = [];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM campaigns WHERE id = $1 FOR UPDATE', [campaignId]);
      const [{ pid }] = (await holder.query('SELECT pg_backend_pid() AS pid')).rows;
      requests = load();
      await whileHeld(pid);
    } finally {
      await holder.query('COMMIT');
      await holder.end();
    }
    return Promise.all(requests);
  }

  /** How many backends wait behind the holder, once that has settled (up to 5 s). */
  async function settledWaiting(pid: number, expected: number): Promise<number> {
    const deadline = Date.now() + 5_000;
    while ((await waitingBehind(pid)) < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    return waitingBehind(pid);
  }

  /** A request on another campaign is answered while the busy one's requests wait. */
  async function answeredElsewhere(quiet: Awaited<ReturnType<typeof createOpenTable>>): Promise<string> {
    const elsewhere = quiet.gm.data(DRAW, { input: { deckId: quiet.deckId, count: 1, to: 'DISCARD' } });
    return Promise.race([elsewhere.then(() => 'answered'), new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 3_000))]);
  }

  it('sends one move at a time to Postgres, and the others wait in line without taking the connections other campaigns need', async () => {
    const busy = await createOpenTable(arbiter.url);
    const quiet = await createOpenTable(arbiter.url);
    const results = await withLockHeld(
      busy.campaignId,
      // Shuffles: moves that start from the campaign as it is, whatever was before them.
      () => Array.from({ length: POOL_SIZE * 2 }, () => busy.gm.data<{ shuffleDeck: { eventSeq: number } }>(SHUFFLE, { input: { deckId: busy.deckId } })),
      async (pid) => {
        expect(await settledWaiting(pid, 1)).toBe(1);
        // With six shuffles on the pool's three connections, a request on another campaign would wait for the lock too.
        expect(await answeredElsewhere(quiet)).toBe('answered');
      },
    );
    const seqs = results.map((result) => result.shuffleDeck.eventSeq).sort((a, b) => a - b);
    const { lastEventSeq } = await db.eventSeqs(busy.campaignId);
    expect(seqs).toEqual(Array.from({ length: POOL_SIZE * 2 }, (_, i) => lastEventSeq - POOL_SIZE * 2 + 1 + i));
  });

  it('sends one draw or roll at a time: the others wait in the process, and every one is written once', async () => {
    const busy = await createOpenTable(arbiter.url);
    const quiet = await createOpenTable(arbiter.url);
    const results = await withLockHeld(
      busy.campaignId,
      () =>
        Array.from({ length: POOL_SIZE * 2 }, (_, i) =>
          i % 2 === 0
            ? busy.gm.data<{ drawCards: { eventSeq: number } }>(DRAW, { input: { deckId: busy.deckId, count: 1, to: 'DISCARD' } }).then((result) => result.drawCards)
            : busy.gm.data<{ rollDice: { eventSeq: number } }>(ROLL, { input: { campaignId: busy.campaignId, expression: '1d6' } }).then((result) => result.rollDice),
        ),
      async (pid) => {
        expect(await settledWaiting(pid, 1)).toBe(1);
        expect(await answeredElsewhere(quiet)).toBe('answered');
      },
    );
    const seqs = results.map((result) => result.eventSeq).sort((a, b) => a - b);
    const { lastEventSeq } = await db.eventSeqs(busy.campaignId);
    expect(seqs).toEqual(Array.from({ length: POOL_SIZE * 2 }, (_, i) => lastEventSeq - POOL_SIZE * 2 + 1 + i));
    expect(await db.deckIsConserved(busy.deckId)).toBe(true);
  });
});
