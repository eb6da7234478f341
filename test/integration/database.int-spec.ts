import { Database } from '../../src/infra/database.js';
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
