import DataLoader from 'dataloader';
import type pg from 'pg';
import type { Principal } from '../modules/auth/principal.js';
import { carriedValue, runCarrying } from './promise-context.js';

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
  /** Gives back the request's turn on the campaign it locks (Database.beginOnCampaign), once its transaction has ended. */
  campaignTurn?: () => void;
  /**
   * Set by the Idempotency-Key claim: the savepoint after the claim, so a failed mutation can
   * undo the request's writes and still keep the claim that will store its answer.
   */
  claimSavepoint: boolean;
  /** A mutation of this request failed: its writes are undone and no later one may write. */
  failed: boolean;
  /** A mutation of this request succeeded: a later one that fails can no longer be run again alone. */
  mutated: boolean;
  /**
   * Set while the request's only mutation runs, before its transaction holds anything: it may
   * commit on its own (Database.mayCommitAlone).
   */
  soleMutation?: boolean;
  /** The request's operations counted against the rate limit, when counted before Apollo ran (graphql-fast-path.ts). */
  operationsCounted?: Promise<void>;
  /** The request's batched reads, by name ({@link batchedRead}). */
  loaders?: Map<string, DataLoader<string, unknown>>;
}

/** Runs `callback` in `context`: it and every await it starts see the context (promise-context.ts). */
export function runInRequestContext<R>(context: RequestContext, callback: () => R): R {
  return runCarrying(context, callback);
}

/** The context of the request the running code serves; undefined outside one. */
export function currentRequestContext(): RequestContext | undefined {
  return carriedValue() as RequestContext | undefined;
}

export function newRequestContext(principal: Principal | null = null, invalidKey = false): RequestContext {
  return { principal, invalidKey, transaction: null, claimSavepoint: false, failed: false, mutated: false };
}

/**
 * Reads by key (a campaign's decks, members, …) that the resolvers of one request ask for
 * together are made in one statement: the items of a GraphQL list resolve their fields together,
 * and each would otherwise read on its own (N+1: `campaigns { decks }`, `characters { handCount }`).
 * `readMany` answers for the keys asked so far, by key; a key it leaves out has nothing. Reads are
 * batched, never kept: a caller after a write reads anew. Callers asking for the same key share
 * what was read and must not change it. `name` names the read: within a request, the first
 * `readMany` given for a name serves every later call of that name.
 */
export function batchedRead<V>(name: string, key: string, readMany: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>): Promise<V | undefined> {
  const context = currentRequestContext();
  // A mutation's reads come one after another, in its transaction: nothing to batch, and no
  // tick to wait for.
  if (!context || context.transaction) return readMany([key]).then((found) => found.get(key));
  const loaders = (context.loaders ??= new Map());
  let loader = loaders.get(name) as DataLoader<string, V | undefined> | undefined;
  if (!loader) {
    loader = new DataLoader<string, V | undefined>(async (keys) => {
      const found = await readMany(keys);
      return keys.map((each) => found.get(each));
    }, { cache: false });
    loaders.set(name, loader);
  }
  return loader.load(key);
}

/** Rows grouped by a key, each group in the rows' order, for {@link batchedRead}. */
export function groupedBy<R, V>(rows: readonly R[], keyOf: (row: R) => string, toValue: (row: R) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(toValue(row));
    else groups.set(key, [toValue(row)]);
  }
  return groups;
}
