import { createTable } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';
import { MOVE_ATTEMPTS as CONTENTION_ATTEMPTS } from '../../src/modules/events/game-ledger.service.js';

const ROLL = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { total eventSeq } }`;
const CREATE_CHARACTER = `mutation ($input: CreateCharacterInput!) { createCharacter(input: $input) { id name } }`;

/** Tables whose inserts the tests make fail. */
const INJECTED_TABLES = ['characters', 'game_events'];

/**
 * Makes the first `n` inserts into `table` for a campaign fail with a serialization failure or a
 * deadlock, as contention would. A sequence counts the failures: it is not undone by the rollback.
 */
async function injectContention(db: ReturnType<typeof useTestArbiter>['db'], table: string, campaignId: string, code: string, n: number, { atCommit = false } = {}) {
  await db.query(`CREATE SEQUENCE IF NOT EXISTS test_contention_seq`);
  await db.query(`ALTER SEQUENCE test_contention_seq RESTART WITH 1`);
  await db.query(`CREATE TABLE IF NOT EXISTS test_contention (campaign_id uuid PRIMARY KEY, code text NOT NULL, fail_first int NOT NULL)`);
  await db.query(`DELETE FROM test_contention`);
  await db.query(`INSERT INTO test_contention VALUES ($1, $2, $3)`, [campaignId, code, n]);
  await db.query(`
    CREATE OR REPLACE FUNCTION test_contention_fail() RETURNS trigger AS $$
    DECLARE rule test_contention;
    BEGIN
      SELECT * INTO rule FROM test_contention WHERE campaign_id = NEW.campaign_id;
      IF FOUND AND nextval('test_contention_seq') <= rule.fail_first THEN
        RAISE EXCEPTION 'injected contention' USING ERRCODE = rule.code;
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  for (const each of INJECTED_TABLES) await db.query(`DROP TRIGGER IF EXISTS test_contention ON ${each}`);
  // At COMMIT: a constraint trigger deferred to the end of the transaction.
  await db.query(
    atCommit
      ? `CREATE CONSTRAINT TRIGGER test_contention AFTER INSERT ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_contention_fail()`
      : `CREATE TRIGGER test_contention BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION test_contention_fail()`,
  );
}

async function injectedSoFar(db: ReturnType<typeof useTestArbiter>['db']): Promise<number> {
  const [row] = await db.query<{ last_value: number; is_called: boolean }>('SELECT last_value, is_called FROM test_contention_seq');
  return row.is_called ? Number(row.last_value) : 0;
}

describe('serialization failures and deadlocks are retried', () => {
  // Declared before the arbiter's own afterAll, so it runs while the database connection is open.
  afterAll(async () => {
    for (const table of INJECTED_TABLES) await env.db.query(`DROP TRIGGER IF EXISTS test_contention ON ${table}`);
  });
  const env = useTestArbiter();
  const charactersNamed = async (campaignId: string, name: string) =>
    env.db.query('SELECT id FROM characters WHERE campaign_id = $1 AND name = $2', [campaignId, name]);

  it.each([
    ['a serialization failure', '40001'],
    ['a deadlock', '40P01'],
  ])('runs a mutation again after %s met while it runs, and it is written once', async (_, code) => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    const before = await env.db.eventSeqs(table.campaignId);
    await injectContention(env.db, 'characters', table.campaignId, code, CONTENTION_ATTEMPTS - 1);
    const name = `retried-${code}`;
    const created = (await table.gm.data(CREATE_CHARACTER, { input: { campaignId: table.campaignId, name } })).createCharacter;
    expect(await charactersNamed(table.campaignId, name)).toEqual([{ id: created.id }]);
    expect((await env.db.eventSeqs(table.campaignId)).lastEventSeq).toBe(before.lastEventSeq + 1);
    expect(await injectedSoFar(env.db)).toBe(CONTENTION_ATTEMPTS);
    console.log(`${code}: ${CONTENTION_ATTEMPTS - 1} injected failures, then success on attempt ${CONTENTION_ATTEMPTS}`);
  });

  it('gives up after a bounded number of attempts with a typed, retryable CONFLICT and writes nothing', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    const before = await env.db.eventSeqs(table.campaignId);
    await injectContention(env.db, 'characters', table.campaignId, '40001', 1000);
    const response = await table.gm.request(CREATE_CHARACTER, { input: { campaignId: table.campaignId, name: 'Never' } });
    expect(response.body.errors![0].extensions?.code).toBe('CONFLICT');
    expect(await injectedSoFar(env.db)).toBe(CONTENTION_ATTEMPTS);
    expect(await charactersNamed(table.campaignId, 'Never')).toEqual([]);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
  });

  it("answers contention met by a request's COMMIT with a retryable CONFLICT (HTTP 409) at once, writing nothing", async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    const before = await env.db.eventSeqs(table.campaignId);
    await injectContention(env.db, 'game_events', table.campaignId, '40P01', 1, { atCommit: true });
    // The request's own transaction (an Idempotency-Key): its COMMIT meets the contention.
    const response = await table.gm.request(ROLL, { input: { campaignId: table.campaignId, expression: '1d20' } }, { 'idempotency-key': `commit-${table.campaignId}` });
    expect(response.status).toBe(409);
    expect(response.body.errors![0].extensions?.code).toBe('CONFLICT');
    expect(await injectedSoFar(env.db)).toBe(1);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
    // The client's retry, with the same key, is the next attempt: nothing of the first was kept.
    const retried = (await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d20' } }, { 'idempotency-key': `commit-${table.campaignId}` })).rollDice;
    expect(retried.eventSeq).toBe(before.lastEventSeq + 1);
  });

  it('keeps the Idempotency-Key claim across attempts: the retried answer is stored and replayed', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    await injectContention(env.db, 'characters', table.campaignId, '40P01', 2);
    const headers = { 'idempotency-key': `contention-${table.campaignId}` };
    const input = { input: { campaignId: table.campaignId, name: 'Once' } };
    const first = await table.gm.request(CREATE_CHARACTER, input, headers);
    const again = await table.gm.request(CREATE_CHARACTER, input, headers);
    expect(first.body.errors).toBeUndefined();
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(await charactersNamed(table.campaignId, 'Once')).toHaveLength(1);
  });
});

describe('a response that reports a bug leaves nothing written', () => {
  // Declared before the arbiter's own afterAll, so it runs while the database connection is open.
  afterAll(async () => {
    await env.db.query('ALTER TABLE IF EXISTS decks_hidden RENAME TO decks');
  });
  const env = useTestArbiter();

  it('rolls back a request of its own transaction whose result field failed after the mutation had finished', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    const before = await env.db.eventSeqs(table.campaignId);
    // The mutation never reads decks; its result's handCount does, and fails.
    await env.db.query('ALTER TABLE decks RENAME TO decks_hidden');
    let response;
    try {
      response = await table.players[0].client.request(
        `mutation ($input: CreateCharacterInput!) { createCharacter(input: $input) { id name handCount } }`,
        { input: { campaignId: table.campaignId, name: 'Half-made' } },
        // A request commits as a whole when it has its own transaction: with an Idempotency-Key, or several mutations.
        { 'idempotency-key': `half-made-${table.campaignId}` },
      );
    } finally {
      await env.db.query('ALTER TABLE decks_hidden RENAME TO decks');
    }
    expect(response.body.errors![0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(response.body.data ?? null).toBeNull();
    expect(await env.db.query('SELECT id FROM characters WHERE campaign_id = $1 AND name = $2', [table.campaignId, 'Half-made'])).toEqual([]);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
  });
});
