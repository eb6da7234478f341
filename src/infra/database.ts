import pg from 'pg';
import { ConflictError } from '../common/errors.js';
import { currentRequestContext } from './request-context.js';

export type Row = Record<string, unknown>;

/** The savepoint taken right after an Idempotency-Key claim. */
export const CLAIM_SAVEPOINT = 'after_idempotency_claim';

// Postgres returns BIGINT (count(*), sums) as text by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Postgres error codes a transaction may hit through no fault of the request. */
export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';
export const LOCK_NOT_AVAILABLE = '55P03';
export const UNIQUE_VIOLATION = '23505';

/**
 * The connection pool and the request's transaction. Repositories call {@link query}; it runs on
 * the request's transaction when one is open and on the pool otherwise. Writes open the
 * transaction through {@link transactionClient}; the request's entry point commits it.
 */
export class Database {
  readonly pool: pg.Pool;

  constructor(url: string, poolSize: number) {
    this.pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
  }

  async query<T extends object = Row>(text: string, values?: unknown[]): Promise<T[]> {
    const client = currentRequestContext()?.transaction ?? this.pool;
    const result = await client.query<T>(text, values);
    return result.rows;
  }

  /**
   * The open transaction of the current request, begun on first use. Every write of a request
   * goes through it, so the request's writes commit or roll back together.
   */
  async transactionClient(context = currentRequestContext()): Promise<pg.PoolClient> {
    if (!context) throw new Error('A write needs a request context: writes happen only inside a request');
    if (!context.transaction) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      context.transaction = client;
    }
    return context.transaction;
  }

  /**
   * Runs one mutation of a request. GraphQL answers a request whose mutation failed with no data
   * at all, so a failure undoes every write of the request (back to the Idempotency-Key claim,
   * when there is one) and no later mutation of the request may write.
   */
  async atomically<T>(work: () => Promise<T>, context = currentRequestContext()): Promise<T> {
    if (!context) return work();
    if (context.failed) throw new ConflictError('An earlier mutation of this request failed, so nothing of the request was written');
    try {
      return await work();
    } catch (error) {
      context.failed = true;
      if (context.transaction && context.claimSavepoint) await context.transaction.query(`ROLLBACK TO SAVEPOINT ${CLAIM_SAVEPOINT}`);
      else await this.finish(context, 'rollback');
      throw error;
    }
  }

  /** Ends the context's transaction, if one was begun: commit or roll back, then release the client. */
  async finish(context: { transaction: pg.PoolClient | null }, outcome: 'commit' | 'rollback'): Promise<void> {
    const client = context.transaction;
    if (!client) return;
    context.transaction = null;
    try {
      await client.query(outcome === 'commit' ? 'COMMIT' : 'ROLLBACK');
      client.release();
    } catch (error) {
      // A client whose COMMIT or ROLLBACK failed is in an unknown state: destroy it.
      client.release(error as Error);
      if (outcome === 'commit') throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
