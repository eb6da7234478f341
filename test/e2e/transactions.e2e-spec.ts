import { createTable } from '../helpers/arbiter.js';
import { type DbChecks, useTestArbiter } from '../helpers/db-checks.js';

const DRAW = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } eventSeq } }`;
const ROLL = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { total eventSeq } }`;

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

  // A mutation's writes go out with COMMIT (the request then answers HTTP 500) or with the
  // request's next read (here the next mutation's: an error in the GraphQL answer).
  it.each([
    ['with COMMIT', DRAW, 500],
    ['with the next read', `mutation ($input: DrawCardsInput!, $roll: RollDiceInput!) { drawCards(input: $input) { eventSeq } rollDice(input: $roll) { eventSeq } }`, 200],
  ])('leaves no trace of a mutation whose write fails %s', async (_, draw, status) => {
    const table = await createTable(env.arbiter.url);
    const [deckBefore] = await env.db.query('SELECT draw_pile, discard_pile, version FROM decks WHERE id = $1', [table.deckId]);
    const seqsBefore = await env.db.eventSeqs(table.campaignId);
    const restore = await failEventInserts(env.db, table.campaignId);
    try {
      const roll = { campaignId: table.campaignId, expression: 'd6' };
      const response = await table.gm.request(draw, { input: { deckId: table.deckId, count: 3, to: 'DISCARD' }, ...(status === 200 ? { roll } : {}) });
      expect(response.status).toBe(status);
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
    const table = await createTable(env.arbiter.url);
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
    const table = await createTable(env.arbiter.url);
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

  it('numbers events without gaps under concurrent dice rolls from many members', async () => {
    const table = await createTable(env.arbiter.url);
    const clients = [table.gm, table.players[0].client, table.players[1].client];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => clients[i % 3].request(ROLL, { input: { campaignId: table.campaignId, expression: '2d10' } })),
    );
    expect(results.filter((result) => result.body.errors)).toEqual([]);
    const { seqs, lastEventSeq } = await env.db.eventSeqs(table.campaignId);
    expect(seqs).toEqual(Array.from({ length: lastEventSeq }, (_, i) => i + 1));
  });
});
