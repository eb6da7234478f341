import { jest } from '@jest/globals';
import pg from 'pg';
import { Database, prepared, submit } from '../../src/infra/database.js';
import { newRequestContext, requestContextStorage, type RequestContext } from '../../src/infra/request-context.js';
import { testDatabaseUrl } from '../helpers/arbiter.js';

describe('Database.afterCommit', () => {
  const db = new Database(testDatabaseUrl(), 2);
  afterAll(() => db.close());

  /** Runs `work` as a request would: in its own context, with one mutation, then commit or roll back. */
  async function request(work: (calls: string[]) => Promise<void>, outcome: 'commit' | 'rollback' = 'commit') {
    const calls: string[] = [];
    const context: RequestContext = newRequestContext();
    await requestContextStorage.run(context, async () => {
      await db.atomically(() => work(calls)).catch(() => undefined);
      await db.finish(context, outcome);
    });
    return calls;
  }

  it('runs once the transaction has committed, not before', async () => {
    let committedWhenCalled: boolean | undefined;
    const calls = await request(async (seen) => {
      await db.begin();
      await db.write('SELECT 1');
      db.afterCommit(() => {
        seen.push('announced');
        committedWhenCalled = !db.inTransaction();
      });
      expect(seen).toEqual([]);
    });
    expect(calls).toEqual(['announced']);
    expect(committedWhenCalled).toBe(true);
  });

  it('never runs for a transaction that rolled back, nor for a mutation that failed', async () => {
    const rolledBack = await request(async (seen) => {
      await db.begin();
      await db.query('SELECT 1');
      db.afterCommit(() => seen.push('announced'));
    }, 'rollback');
    expect(rolledBack).toEqual([]);

    const failed = await request(async (seen) => {
      await db.begin();
      db.afterCommit(() => seen.push('announced'));
      await db.query('SELECT 1 / 0');
    });
    expect(failed).toEqual([]);
  });

  it('drops what a mutation asked for when it is undone and run again for contention: the retry asks anew', async () => {
    let attempt = 0;
    const calls = await request(async (seen) => {
      attempt++;
      await db.begin();
      await db.query('SELECT 1');
      db.afterCommit(() => seen.push(`attempt ${attempt}`));
      if (attempt === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(attempt).toBe(2);
    expect(calls).toEqual(['attempt 2']);
  });

  it('runs at once outside a transaction, whose write is already committed', async () => {
    const calls: string[] = [];
    db.afterCommit(() => calls.push('announced'));
    expect(calls).toEqual(['announced']);
  });
});

describe('submit', () => {
  const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1, pipeline: true });
  const otherPool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1, pipeline: true });
  afterAll(() => Promise.all([pool.end(), otherPool.end()]));

  it('sends a prepared statement under its name, with its values, once per connection', async () => {
    const client = await pool.connect();
    try {
      const statement = prepared('submit_spec_add', 'SELECT $1::int + $2::int AS sum');
      const answers = await Promise.all([submit(client, statement, [2, 3]), submit(client, statement, [4, 5])]);
      expect(answers.map((answer) => answer.rows)).toEqual([[{ sum: 5 }], [{ sum: 9 }]]);
      const { rows } = await submit<{ name: string; statement: string }>(client, 'SELECT name, statement FROM pg_prepared_statements WHERE name = $1', [
        'submit_spec_add',
      ]);
      expect(rows).toEqual([{ name: 'submit_spec_add', statement: statement.text }]);
    } finally {
      client.release();
    }
  });

  it('reads a prepared statement’s row description once, and parses its rows the same every time, on every connection', async () => {
    const statement = prepared(
      'submit_spec_row',
      `SELECT $1::int AS n, $2::text[] AS pile, $3::jsonb AS hands, $4::bigint AS count, NULL::text AS nothing`,
    );
    const expected = { n: 7, pile: ['AS', '2H'], hands: { c1: ['3D'] }, count: 12, nothing: null };
    const described = jest.spyOn((pg as unknown as { Result: { prototype: { addFields(): void } } }).Result.prototype, 'addFields');
    const clients = [await pool.connect(), await otherPool.connect()];
    try {
      for (let i = 0; i < 3; i++) {
        for (const client of clients) {
          const { rows } = await submit(client, statement, [7, ['AS', '2H'], { c1: ['3D'] }, 12]);
          expect(rows).toHaveLength(1);
          expect(rows[0]).toEqual(expected);
          expect(Object.keys(rows[0])).toEqual(Object.keys(expected));
        }
      }
      expect(described).toHaveBeenCalledTimes(1);
      // A statement by its text alone is described every time, as node-postgres does.
      await submit(clients[0], 'SELECT 1 AS one');
      await submit(clients[0], 'SELECT 1 AS one');
      expect(described).toHaveBeenCalledTimes(3);
    } finally {
      described.mockRestore();
      for (const client of clients) client.release();
    }
  });

  it('rejects with the database error, whose stack leads back to the caller', async () => {
    const client = await pool.connect();
    try {
      const failure = (await submit(client, 'SELECT 1 / $1::int', [0]).then(
        () => undefined,
        (error: unknown) => error,
      )) as Error & { code?: string };
      expect(failure).toBeInstanceOf(Error);
      expect(failure.code).toBe('22012');
      expect(failure.stack).toContain('database.int-spec');
      // The connection is still usable after a failed statement.
      expect((await submit(client, 'SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });
});
