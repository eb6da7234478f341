import { randomBytes, randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import pg from 'pg';
import { CommitOutcomeUnknownError, Database, prepared, submit } from '../../src/infra/database.js';
import { applyMigrations } from '../../src/infra/migrations.js';
import { newRequestContext, runInRequestContext, type RequestContext } from '../../src/infra/request-context.js';
import { CampaignsRepository } from '../../src/modules/campaigns/campaigns.repository.js';
import { testDatabaseUrl } from '../helpers/arbiter.js';

describe('Database.afterCommit', () => {
  const db = new Database(testDatabaseUrl(), 2);
  afterAll(() => db.close());

  /** Runs `work` as a request would: in its own context, with one mutation, then commit or roll back. */
  async function request(work: (calls: string[]) => Promise<void>, outcome: 'commit' | 'rollback' = 'commit') {
    const calls: string[] = [];
    const context: RequestContext = newRequestContext();
    await runInRequestContext(context, async () => {
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

  /** Counts the Describe messages a client's connection sends. */
  const describesOf = (client: pg.PoolClient) => jest.spyOn((client as unknown as { connection: { describe(message: unknown): void } }).connection, 'describe');

  it('asks for a prepared statement’s row description once, and parses its rows the same every time, on every connection', async () => {
    const statement = prepared(
      'submit_spec_row',
      `SELECT $1::int AS n, $2::text[] AS pile, $3::jsonb AS hands, $4::bigint AS count, NULL::text AS nothing`,
    );
    const expected = { n: 7, pile: ['AS', '2H'], hands: { c1: ['3D'] }, count: 12, nothing: null };
    const described = jest.spyOn((pg as unknown as { Result: { prototype: { addFields(): void } } }).Result.prototype, 'addFields');
    const clients = [await pool.connect(), await otherPool.connect()];
    const describes = clients.map(describesOf);
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
      // Described by the first execution only: the other connection is sent none either.
      expect(describes.map((describe) => describe.mock.calls.length)).toEqual([1, 0]);
      // A statement by its text alone is described every time, as node-postgres does.
      await submit(clients[0], 'SELECT $1::int AS one', [1]);
      await submit(clients[0], 'SELECT $1::int AS one', [1]);
      expect(described).toHaveBeenCalledTimes(3);
      expect(describes[0]).toHaveBeenCalledTimes(3);
    } finally {
      described.mockRestore();
      for (const describe of describes) describe.mockRestore();
      for (const client of clients) client.release();
    }
  });

  it('asks once for the row description of a prepared statement that has no columns', async () => {
    const statement = prepared('submit_spec_no_columns', 'UPDATE submit_spec_numbers SET n = $1::int WHERE n < 0');
    const client = await pool.connect();
    const describes = describesOf(client);
    try {
      await submit(client, 'CREATE TEMP TABLE submit_spec_numbers (n int)');
      for (let i = 0; i < 3; i++) {
        const result = await submit(client, statement, [i]);
        expect(result.rows).toEqual([]);
        expect(result.rowCount).toBe(0);
        expect(result.command).toBe('UPDATE');
      }
      expect(describes).toHaveBeenCalledTimes(1);
    } finally {
      describes.mockRestore();
      client.release();
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

describe('Database: a commit hands its connection on, and a lost answer to COMMIT is settled', () => {
  const table = `settle_spec_${process.pid}`;
  const warnings: Array<{ outcome: string; transactionId: string }> = [];
  const db = new Database(testDatabaseUrl(), 1, { settleCommitMs: 300, logger: { warn: (fields: object) => warnings.push(fields as never) } as never });
  const check = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1 });
  beforeAll(async () => {
    // The campaign lock's table, for the test that locks a campaign.
    const client = await check.connect();
    try {
      await applyMigrations(client);
      await client.query(`CREATE TABLE ${table} (id text PRIMARY KEY)`);
    } finally {
      client.release();
    }
  });
  afterAll(async () => {
    await check.query(`DROP TABLE ${table}`);
    await Promise.all([db.close(), check.end()]);
  });

  const written = async (id: string) => (await check.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rowCount === 1;

  /** Begins a request's transaction that writes `id` and, when `identified`, knows its own id (as the campaign lock reads it). */
  async function writing(id: string, identified = true): Promise<RequestContext> {
    const context = newRequestContext();
    await runInRequestContext(context, async () => {
      await db.begin();
      const [{ xact }] = await db.query<{ xact: string }>('SELECT pg_current_xact_id()::text AS xact');
      if (identified) db.identify(xact);
      await db.write(`INSERT INTO ${table} (id) VALUES ($1)`, [id]);
      db.afterCommit(() => announced.push(id));
    });
    return context;
  }
  let announced: string[] = [];
  let countedBefore = { ...db.settledCommits };
  /** The settled commits counted (as `GET /health` reports them) since the test began. */
  const countedSince = () => ({
    committed: db.settledCommits.committed - countedBefore.committed,
    aborted: db.settledCommits.aborted - countedBefore.aborted,
    unknown: db.settledCommits.unknown - countedBefore.unknown,
  });
  beforeEach(() => {
    announced = [];
    warnings.length = 0;
    countedBefore = { ...db.settledCommits };
  });

  /**
   * Makes the answer to the client's next COMMIT get lost: the socket stops reading as COMMIT is
   * sent, and once `meanwhile` has run it is destroyed, as a terminated backend's would be.
   */
  function loseCommitAnswer(client: pg.PoolClient, meanwhile: () => Promise<void>, send: 'COMMIT' | 'nothing' = 'COMMIT') {
    const stream = (client as unknown as { connection: { stream: import('node:net').Socket } }).connection.stream;
    const query = client.query.bind(client) as (query: pg.Query) => unknown;
    (client as unknown as { query: (query: pg.Query) => unknown }).query = (sent: pg.Query) => {
      const text = (sent as unknown as { text: string }).text;
      if (text !== 'COMMIT') return query(sent);
      // `nothing`: the connection is lost before COMMIT reaches Postgres (the writes sent with it,
      // and COMMIT, hear of the loss, as node-postgres tells every statement sent on it).
      const callback = (sent as unknown as { callback: (...args: unknown[]) => void }).callback;
      const answer = send === 'COMMIT' ? query(sent) : query(new pg.Query('SELECT 1', [], callback));
      stream.pause();
      void meanwhile().then(() => stream.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })));
      return answer;
    };
  }

  /** Calls `then` when the answer to the client's next COMMIT arrives, before its transaction hears of it. */
  function onCommitAnswered(client: pg.PoolClient, then: () => void) {
    const query = client.query.bind(client) as (query: pg.Query) => unknown;
    (client as unknown as { query: (query: pg.Query) => unknown }).query = (sent: pg.Query) => {
      const answered = sent as unknown as { text: string; callback: (...args: unknown[]) => void };
      if (answered.text === 'COMMIT') {
        const callback = answered.callback;
        answered.callback = (...args) => {
          then();
          callback(...args);
        };
      }
      return query(sent);
    };
    return () => delete (client as unknown as { query?: unknown }).query;
  }

  /** When the next transaction in line gets the connection: before or after the answer to the first one's COMMIT. */
  async function handOver(first: RequestContext): Promise<string[]> {
    const order: string[] = [];
    const restore = onCommitAnswered(first.transaction!, () => order.push('COMMIT answered'));
    const next = newRequestContext();
    const nextBegun = runInRequestContext(next, () => db.begin()).then(() => order.push('next transaction has the connection'));
    try {
      await Promise.all([nextBegun, db.finish(first, 'commit')]);
    } finally {
      await db.finish(next, 'rollback');
      restore();
    }
    return order;
  }

  /** How many writes to the client's socket `work` made. */
  async function socketWritesDuring(client: pg.PoolClient, work: () => Promise<unknown>): Promise<number> {
    const socket = (client as unknown as { connection: { stream: { _write(): void; _writev(): void } } }).connection.stream;
    const writes = [jest.spyOn(socket, '_write'), jest.spyOn(socket, '_writev')];
    try {
      await work();
      return writes.map((spy) => spy.mock.calls.length).reduce((sum, calls) => sum + calls);
    } finally {
      for (const spy of writes) spy.mockRestore();
    }
  }

  it('sends the writes it queued and COMMIT to Postgres in one socket write', async () => {
    const context = await writing('one-write');
    await runInRequestContext(context, () => db.write(`INSERT INTO ${table} (id) VALUES ($1)`, ['one-write, too']));
    expect(await socketWritesDuring(context.transaction!, () => db.finish(context, 'commit'))).toBe(1);
    expect([await written('one-write'), await written('one-write, too')]).toEqual([true, true]);
  });

  it('sends BEGIN and the reads sent together (a lock and its prefetch) in one socket write', async () => {
    const context = newRequestContext();
    try {
      await runInRequestContext(context, async () => {
        const client = await db.begin();
        const read = () => Promise.all([db.query<{ n: number }>('SELECT 1 AS n'), db.query<{ n: number }>('SELECT 2 AS n'), db.query<{ n: number }>('SELECT 3 AS n')]);
        let answers: Array<Array<{ n: number }>> = [];
        expect(await socketWritesDuring(client, async () => (answers = await read()))).toBe(1);
        expect(answers).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
        // The socket is uncorked once they are sent: a read sent later goes at once, on its own.
        expect(await socketWritesDuring(client, () => db.query('SELECT 4'))).toBe(1);
      });
    } finally {
      await db.finish(context, 'rollback');
    }
  });

  it('hands the connection to the next transaction as soon as COMMIT is sent', async () => {
    expect(await handOver(await writing('first'))).toEqual(['next transaction has the connection', 'COMMIT answered']);
    expect(await written('first')).toBe(true);
    expect(announced).toEqual(['first']);
  });

  it('knows the id of a transaction that locked a campaign, and hands its connection on', async () => {
    const campaigns = new CampaignsRepository(db);
    const campaignId = randomUUID();
    await runInRequestContext(newRequestContext(), () =>
      campaigns.insert({ id: campaignId, name: 'Handed on', ruleset: 'tenth-realm', settings: {}, rngSeed: randomBytes(32), rngCommitment: 'c'.repeat(64) }),
    );
    const context = newRequestContext();
    await runInRequestContext(context, async () => {
      await db.begin();
      expect(await campaigns.lockForUpdate(campaignId)).toMatchObject({ id: campaignId });
      await db.write(`INSERT INTO ${table} (id) VALUES ($1)`, ['locked']);
    });
    try {
      expect(await handOver(context)).toEqual(['next transaction has the connection', 'COMMIT answered']);
      expect(await written('locked')).toBe(true);
    } finally {
      await check.query('DELETE FROM campaigns WHERE id = $1', [campaignId]);
    }
  });

  /** Begins a transaction that writes `id` and reads its own id only with the answers to its writes (a move from what was kept). */
  async function writingIdentifiedAtCommit(id: string): Promise<RequestContext> {
    const context = newRequestContext();
    await runInRequestContext(context, async () => {
      await db.begin();
      db.writeIdentifying('SELECT pg_current_xact_id()::text AS xact_id', []);
      await db.write(`INSERT INTO ${table} (id) VALUES ($1)`, [id]);
    });
    return context;
  }

  it('hands the connection on as soon as COMMIT is sent when the transaction learns its id with COMMIT', async () => {
    expect(await handOver(await writingIdentifiedAtCommit('identified-at-commit'))).toEqual(['next transaction has the connection', 'COMMIT answered']);
    expect(await written('identified-at-commit')).toBe(true);
  });

  it('settles a lost answer to COMMIT by the id that came with the answers before it', async () => {
    const context = await writingIdentifiedAtCommit('id-arrived');
    const client = context.transaction!;
    // The answers before COMMIT's arrive (the transaction's id with them); COMMIT's is lost.
    const query = client.query.bind(client) as (query: pg.Query) => unknown;
    (client as unknown as { query: (query: pg.Query) => unknown }).query = (sent: pg.Query) => {
      const committing = sent as unknown as { text: string; callback: (...args: unknown[]) => void };
      if (committing.text === 'COMMIT') {
        const callback = committing.callback;
        committing.callback = () => callback(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
      }
      return query(sent);
    };
    await expect(db.finish(context, 'commit')).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.objectContaining({ outcome: 'committed', transactionId: expect.stringMatching(/^\d+$/) })]);
  });

  it('reports the outcome unknown at once when the answer that named the transaction was lost with COMMIT’s', async () => {
    const context = await writingIdentifiedAtCommit('id-lost');
    const asked = jest.spyOn(db.pool, 'query');
    try {
      loseCommitAnswer(context.transaction!, async () => {
        while (!(await written('id-lost'))) await new Promise((resolve) => setTimeout(resolve, 5));
      });
      const failure = await db.finish(context, 'commit').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CommitOutcomeUnknownError);
      expect(asked).not.toHaveBeenCalled();
      expect(warnings).toEqual([expect.objectContaining({ outcome: 'unknown' })]);
      expect(countedSince()).toEqual({ committed: 0, aborted: 0, unknown: 1 });
    } finally {
      asked.mockRestore();
    }
    // It had committed: which is why it may not be reported as failed.
    expect(await written('id-lost')).toBe(true);
  });

  it('keeps the connection until COMMIT answers while a statement of it is parsed on the connection for the first time', async () => {
    const insert = prepared(`spec.first-parse-${process.pid}`, `INSERT INTO ${table} (id) VALUES ($1)`);
    const inserting = async (id: string) => {
      const context = await writingIdentifiedAtCommit(`${id}-identified`);
      await runInRequestContext(context, () => db.write(insert, [id]));
      return context;
    };
    // Should a write before it fail, Postgres would refuse the Parse that the next transaction counts on.
    expect(await handOver(await inserting('first-parse'))).toEqual(['COMMIT answered', 'next transaction has the connection']);
    expect(await handOver(await inserting('parsed-before'))).toEqual(['next transaction has the connection', 'COMMIT answered']);
    expect([await written('first-parse'), await written('parsed-before')]).toEqual([true, true]);
  });

  it('does not ask after a commit whose earlier statement Postgres answered with the end of the connection: COMMIT never ran', async () => {
    const context = await writing('terminated-before');
    await runInRequestContext(context, () => db.write('SELECT pg_terminate_backend(pg_backend_pid())'));
    const asked = jest.spyOn(db.pool, 'query');
    try {
      await expect(db.finish(context, 'commit')).rejects.toMatchObject({ code: '57P01' });
      expect(asked).not.toHaveBeenCalled();
      expect(warnings).toEqual([]);
    } finally {
      asked.mockRestore();
    }
    expect(await written('terminated-before')).toBe(false);
  });

  it('keeps the connection until COMMIT answers when the transaction does not know its id', async () => {
    expect(await handOver(await writing('unidentified', false))).toEqual(['COMMIT answered', 'next transaction has the connection']);
    expect(await written('unidentified')).toBe(true);
  });

  it('keeps the connection until COMMIT answers when no transaction is waiting for one', async () => {
    const first = await writing('nobody-waiting');
    let idleWhenAnswered: number | undefined;
    const restore = onCommitAnswered(first.transaction!, () => (idleWhenAnswered = db.pool.idleCount));
    try {
      await db.finish(first, 'commit');
    } finally {
      restore();
    }
    expect(idleWhenAnswered).toBe(0);
    expect(db.pool.idleCount).toBe(1);
    expect(await written('nobody-waiting')).toBe(true);
  });

  it('reports a commit whose answer was lost as committed when Postgres committed it', async () => {
    const context = await writing('committed-unanswered');
    loseCommitAnswer(context.transaction!, async () => {
      // The answer is not read; Postgres has committed all the same.
      while (!(await written('committed-unanswered'))) await new Promise((resolve) => setTimeout(resolve, 5));
    });
    await expect(db.finish(context, 'commit')).resolves.toBeUndefined();
    expect(announced).toEqual(['committed-unanswered']);
    expect(warnings).toEqual([expect.objectContaining({ outcome: 'committed', transactionId: expect.stringMatching(/^\d+$/) })]);
    expect(countedSince()).toEqual({ committed: 1, aborted: 0, unknown: 0 });
  });

  it('reports a commit whose answer was lost as failed when Postgres did not commit it', async () => {
    const context = await writing('never-committed');
    loseCommitAnswer(context.transaction!, () => new Promise((resolve) => setTimeout(resolve, 20)), 'nothing');
    await expect(db.finish(context, 'commit')).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(await written('never-committed')).toBe(false);
    expect(announced).toEqual([]);
    expect(warnings).toEqual([expect.objectContaining({ outcome: 'aborted' })]);
    expect(countedSince()).toEqual({ committed: 0, aborted: 1, unknown: 0 });
  });

  it('reports the outcome unknown when the database cannot tell in time', async () => {
    const context = await writing('unknown');
    const asked = jest.spyOn(db.pool, 'query').mockImplementation((() =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))) as never);
    try {
      loseCommitAnswer(context.transaction!, () => new Promise((resolve) => setTimeout(resolve, 20)));
      const failure = await db.finish(context, 'commit').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CommitOutcomeUnknownError);
      expect(asked.mock.calls.length).toBeGreaterThan(2);
      expect(warnings).toEqual([expect.objectContaining({ outcome: 'unknown' })]);
      expect(countedSince()).toEqual({ committed: 0, aborted: 0, unknown: 1 });
    } finally {
      asked.mockRestore();
    }
    expect(announced).toEqual([]);
  });

  it('reports a failed write by the read sent after it: the write\'s error, its stack leading to the read\'s caller', async () => {
    const context = newRequestContext();
    const failure = await runInRequestContext(context, async () => {
      await db.begin();
      await db.write(`INSERT INTO ${table} (id) VALUES ($1), ($1)`, ['read-after']);
      try {
        await db.query('SELECT 1 AS one');
        return undefined;
      } catch (error) {
        return error as Error & { code?: string };
      }
    });
    // The unique violation, not the read's own "current transaction is aborted".
    expect(failure).toMatchObject({ code: '23505' });
    expect(failure?.stack).toContain('database.int-spec');
    await db.finish(context, 'rollback');
    expect(await written('read-after')).toBe(false);
  });

  it('does not ask when Postgres answered the transaction with an error: nothing was written', async () => {
    const context = newRequestContext();
    await runInRequestContext(context, async () => {
      await db.begin();
      const [{ xact }] = await db.query<{ xact: string }>('SELECT pg_current_xact_id()::text AS xact');
      db.identify(xact);
      await db.write(`INSERT INTO ${table} (id) VALUES ($1), ($1)`, ['twice']);
    });
    const asked = jest.spyOn(db.pool, 'query');
    try {
      await expect(db.finish(context, 'commit')).rejects.toMatchObject({ code: '23505' });
      expect(asked).not.toHaveBeenCalled();
      // COMMIT answered (ROLLBACK): the connection is idle and goes back to the pool.
      expect({ idle: db.pool.idleCount, total: db.pool.totalCount }).toEqual({ idle: 1, total: 1 });
      expect(warnings).toEqual([]);
      expect(countedSince()).toEqual({ committed: 0, aborted: 0, unknown: 0 });
    } finally {
      asked.mockRestore();
    }
    expect(await written('twice')).toBe(false);
  });
});
