import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Principal } from '../modules/auth/principal.js';

/**
 * What one request carries through every await: who is calling and, once a write begins, the
 * transaction every query of the request joins. One request, one transaction, committed only
 * when the response is ready, so nothing is acknowledged that is not durable.
 */
export interface RequestContext {
  principal: Principal | null;
  /** Set when an Authorization header was present but named no key. */
  invalidKey: boolean;
  transaction: pg.PoolClient | null;
  /**
   * Set by the Idempotency-Key claim: the savepoint after the claim, so a failed mutation can
   * undo the request's writes and still keep the claim that will store its answer.
   */
  claimSavepoint: boolean;
  /** A mutation of this request failed: its writes are undone and no later one may write. */
  failed: boolean;
  /** A mutation of this request succeeded: a later one that fails can no longer be run again alone. */
  mutated: boolean;
  /** Reads under way, by what they read ({@link sharedRead}). */
  reads?: Map<string, Promise<unknown>>;
}

export const requestContextStorage = new AsyncLocalStorage<RequestContext>();

export function currentRequestContext(): RequestContext | undefined {
  return requestContextStorage.getStore();
}

export function newRequestContext(principal: Principal | null = null): RequestContext {
  return { principal, invalidKey: false, transaction: null, claimSavepoint: false, failed: false, mutated: false };
}

/**
 * Runs `read` once for all the callers of this request that ask for `key` while it is under way.
 * The items of a GraphQL list resolve their fields together, and each item's field would
 * otherwise read the same rows again (`characters { handCount }`: one read of the campaign's
 * decks per character). Nothing is kept once the read is done, so a caller after a write reads
 * anew. The callers share what was read: they must not change it.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const context = currentRequestContext();
  if (!context) return read();
  const reads = (context.reads ??= new Map());
  const underWay = reads.get(key) as Promise<T> | undefined;
  if (underWay) return underWay;
  const started = read().finally(() => reads.delete(key));
  reads.set(key, started);
  return started;
}
