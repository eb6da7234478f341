import DataLoader from 'dataloader';
import { ClsServiceManager } from 'nestjs-cls';
import type { Principal } from '../modules/auth/principal.js';
import { inTransaction } from './transactions.js';

/**
 * What one request carries through every await (nestjs-cls, on AsyncLocalStorage): who is calling
 * and what must wait for its transaction to commit.
 */
export interface RequestContext {
  principal: Principal | null;
  /** Set when an Authorization header was present but named no key. */
  invalidKey: boolean;
  /**
   * While the request's own transaction is open (request-lifecycle.ts): what runs once it has
   * committed, never if it rolls back ({@link afterRequestCommits}).
   */
  committed?: Array<() => void>;
  /** The moves written in the request's own transaction: what a lost answer to its COMMIT would have written. */
  moves?: Array<{ campaignId: string; moveId: string }>;
  /** The request's batched reads, by name ({@link batchedRead}). */
  loaders?: Map<string, DataLoader<string, unknown>>;
}

const REQUEST = 'arbiter.request';

export function newRequestContext(principal: Principal | null = null, invalidKey = false): RequestContext {
  return { principal, invalidKey };
}

/** Runs `callback` in `context`: it and every await it starts see the context. */
export function runInRequestContext<R>(context: RequestContext, callback: () => R): R {
  const cls = ClsServiceManager.getClsService();
  return cls.run(() => {
    cls.set(REQUEST, context);
    return callback();
  });
}

/** The context of the request the running code serves; undefined outside one. */
export function currentRequestContext(): RequestContext | undefined {
  const cls = ClsServiceManager.getClsService();
  return cls.isActive() ? cls.get<RequestContext | undefined>(REQUEST) : undefined;
}

/**
 * Queues `callback` for once the request's own transaction has committed (never if it rolls
 * back); false, queuing nothing, when the running code is not in that transaction.
 */
export function afterRequestCommits(callback: () => void): boolean {
  const committed = currentRequestContext()?.committed;
  if (!committed || !inTransaction()) return false;
  committed.push(callback);
  return true;
}

/**
 * Reads by key (a campaign's decks, members, …) that the resolvers of one request ask for
 * together are made in one statement: the items of a GraphQL list resolve their fields together,
 * and each would otherwise read on its own (N+1: `campaigns { decks }`, `characters { handCount }`).
 * `readMany` answers for the keys asked so far, by key; a key it leaves out has nothing. Reads are
 * batched, never kept: a caller after a write reads anew. `name` names the read: within a
 * request, the first `readMany` given for a name serves every later call of that name.
 */
export function batchedRead<V>(name: string, key: string, readMany: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>): Promise<V | undefined> {
  const context = currentRequestContext();
  // A mutation's reads come one after another: nothing to batch.
  if (!context || inTransaction()) return readMany([key]).then((found) => found.get(key));
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
