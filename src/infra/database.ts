import { randomInt } from 'node:crypto';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { Logger } from 'pino';
import { ConflictError } from '../common/errors.js';
import { currentRequestContext, type RequestContext } from './request-context.js';
import { parseTextArray, TEXT_ARRAY_OID } from './text-arrays.js';
import { Turns } from './turns.js';

export type Row = Record<string, unknown>;

/**
 * A statement Postgres parses and plans once per connection and then only executes: for the
 * statements of the hot paths (every mutation's campaign lock, a draw's deck read and writes).
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

export function prepared(name: string, text: string): PreparedStatement {
  return { name, text };
}

type Statement = string | PreparedStatement;

const toQuery = (statement: Statement, values?: unknown[]): pg.QueryConfig =>
  typeof statement === 'string' ? { text: statement, values } : { name: statement.name, text: statement.text, values };

/** What node-postgres's `Result` makes of a row description (`addFields`): the columns and a parser for each. */
interface RowDescription {
  fields: pg.FieldDef[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
}

/**
 * Each prepared statement's row description, by name, once an execution has shown it: its
 * columns are the same every time and on every connection. A statement without columns (a write
 * without RETURNING) has an empty one.
 */
const rowDescriptions = new Map<string, RowDescription>();

const NO_COLUMNS: RowDescription = { fields: [], _parsers: undefined, _prebuiltEmptyResultObject: null };

/** What a prepared statement's query uses of node-postgres's `Query` beyond its typed surface. */
interface QueryInternals {
  _result: RowDescription;
  _accumulateRows: boolean;
  prepare(connection: object): void;
  handleRowDescription(message: unknown): void;
  handleCommandComplete(message: unknown, connection: object): void;
}

const queryPrototype = pg.Query.prototype as unknown as QueryInternals;

/** A stand-in for each connection that sends everything but Describe: for statements whose row description is known. */
const undescribed = new WeakMap<object, object>();

function withoutDescribe(connection: object): object {
  let quiet = undescribed.get(connection);
  if (!quiet) {
    // Everything else — the socket, the statements parsed on the connection — is the connection's own.
    quiet = Object.create(connection, { describe: { value: () => undefined } }) as object;
    undescribed.set(connection, quiet);
  }
  return quiet;
}

/**
 * A prepared statement's query. node-postgres asks Postgres to describe the statement's columns
 * with every execution (Describe), parses the description, looks up a parser for each column and
 * builds a row template (`Result.addFields`, ~2 % of a draw's profile). The columns are the same
 * every time: once one execution has shown them, the statement goes out as Bind, Execute and Sync
 * alone (and Parse, the first time on a connection), and its rows are read with what that
 * execution learnt.
 */
export class PreparedStatementQuery<T extends object = Row> extends pg.Query<T> {
  declare name: string;

  prepare(connection: object): void {
    const self = this as unknown as QueryInternals;
    const known = rowDescriptions.get(this.name);
    if (!known) {
      queryPrototype.prepare.call(this, connection);
      return;
    }
    self._result.fields = known.fields;
    self._result._parsers = known._parsers;
    self._result._prebuiltEmptyResultObject = known._prebuiltEmptyResultObject;
    // As node-postgres decides it for a query with a callback, which every one here has.
    self._accumulateRows = true;
    queryPrototype.prepare.call(this, withoutDescribe(connection));
  }

  handleRowDescription(message: unknown): void {
    const self = this as unknown as QueryInternals;
    queryPrototype.handleRowDescription.call(this, message);
    const { fields, _parsers, _prebuiltEmptyResultObject } = self._result;
    rowDescriptions.set(this.name, { fields, _parsers, _prebuiltEmptyResultObject });
  }

  handleCommandComplete(message: unknown, connection: object): void {
    // Sent with Describe, and answered with NoData rather than a row description: no columns.
    if (!rowDescriptions.has(this.name)) rowDescriptions.set(this.name, NO_COLUMNS);
    queryPrototype.handleCommandComplete.call(this, message, connection);
  }
}

/** Whether every prepared statement among `queued` was parsed on the client's connection before. */
function allParsed(client: pg.ClientBase, queued: readonly Queued[]): boolean {
  const { parsedStatements } = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
  return queued.every(({ statement }) => typeof statement === 'string' || parsedStatements[statement.name] !== undefined);
}

/** Sends a statement on a connection; `callback` gets its error or its result. */
function send<T extends object = Row>(client: pg.ClientBase, statement: Statement, values: unknown[] | undefined, callback: (error: Error | undefined, result: unknown) => void): void {
  if (typeof statement === 'string') {
    client.query(new pg.Query<T>(statement, values, callback));
  } else {
    const query = new PreparedStatementQuery<T>(statement.text, values, callback);
    query.name = statement.name;
    client.query(query);
  }
}

/**
 * Sends a statement on a connection; resolves with its result, rejects with its error.
 *
 * What `client.query({ name, text, values })` does, without its cost: node-postgres first copies
 * a config object through its property descriptors (`Object.defineProperties`), ~3 µs a statement
 * on the slowest machine, 25 times what making the query from its text costs. So the query is
 * made from the text, the values and a callback, and named before it is sent.
 */
export function submit<T extends object = Row>(client: pg.ClientBase, statement: Statement, values?: unknown[]): Promise<pg.QueryResult<T>> {
  const answer = new Promise<pg.QueryResult<T>>((resolve, reject) => {
    send<T>(client, statement, values, (error, result) => (error ? reject(error) : resolve(result as pg.QueryResult<T>)));
  });
  // As node-postgres does: the error's stack leads back to the code that sent the statement, not
  // to the socket's read.
  return answer.catch((error: Error) => {
    Error.captureStackTrace(error);
    throw error;
  });
}

/**
 * Runs `send`, which sends statements on the client's connection, with the connection's socket
 * corked: all it sends reaches Postgres in one write, which wakes the connection's backend once
 * rather than once per statement (node-postgres writes each statement on its own). Returns what
 * `send` returns.
 */
export function inOneWrite<T>(client: pg.ClientBase, send: () => T): T {
  const socket = socketOf(client);
  socket.cork();
  try {
    return send();
  } finally {
    socket.uncork();
  }
}

/**
 * Corks the client's socket until the code running now has finished (`process.nextTick`), unless
 * it is corked already: what that code sends on the connection goes in one write, as with
 * {@link inOneWrite}, also when it is sent from several calls — BEGIN, a campaign's lock and the
 * reads sent with it (`Promise.all`).
 */
function inOneWriteThisTick(client: pg.ClientBase): void {
  const socket = socketOf(client);
  if (socket.writableCorked > 0) return;
  socket.cork();
  process.nextTick(() => socket.uncork());
}

function socketOf(client: pg.ClientBase): Pick<Writable, 'cork' | 'uncork' | 'writableCorked'> {
  return (client as unknown as { connection: { stream: Writable } }).connection.stream;
}

interface Queued {
  statement: Statement;
  values?: unknown[];
  /** Its one row's `xact_id` is the transaction's id ({@link Database.writeIdentifying}). */
  identifies?: boolean;
}

const BEGIN: Queued = { statement: 'BEGIN' };

/** What Postgres knows of a transaction by its id: committed, aborted, in progress (or null, when long forgotten). */
const XACT_STATUS: PreparedStatement = { name: 'database.xact-status', text: 'SELECT pg_xact_status($1::xid8) AS status' };

/** The savepoint taken right after an Idempotency-Key claim. */
export const CLAIM_SAVEPOINT = 'after_idempotency_claim';

// Postgres returns BIGINT (count(*), sums) as text by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// The piles of a deck, read on every card move: see text-arrays.ts.
pg.types.setTypeParser(TEXT_ARRAY_OID, parseTextArray);

/** Postgres error codes a transaction may hit through no fault of the request. */
export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';

/** How many transactions of one campaign may be at Postgres at once (Database, beginOnCampaign). */
export const CAMPAIGN_TURNS = 2;

/** How many times a mutation that met a serialization failure or a deadlock is run, in all. */
export const CONTENTION_ATTEMPTS = 4;

function isContention(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
}

/** Waits before another attempt: exponential (10, 20, 40 ms) with full jitter, so contenders spread out. */
function contentionBackoff(attempt: number): Promise<void> {
  const ceiling = 10 * 2 ** (attempt - 1);
  return new Promise((resolve) => setTimeout(resolve, randomInt(ceiling + 1)));
}
export const LOCK_NOT_AVAILABLE = '55P03';
export const UNIQUE_VIOLATION = '23505';
export const NOT_NULL_VIOLATION = '23502';

/**
 * The failure of a write that checks the version of what it changes (a speculative move's,
 * GameLedger): it sets the version to NULL when the row has moved on, which its column refuses;
 * or the append of an event whose seq another move took. Nothing of the transaction is written.
 */
export function isStaleMove(error: unknown): boolean {
  const { code, column, constraint } = (error ?? {}) as { code?: string; column?: string; constraint?: string };
  return (code === NOT_NULL_VIOLATION && column === 'version') || (code === UNIQUE_VIOLATION && constraint === 'game_events_pkey');
}

/** A request's transaction, beyond its connection: what is waiting to be sent, and what to check. */
interface TransactionState {
  /** Statements not sent yet: BEGIN, and writes from {@link Database.write}. */
  queued: Queued[];
  /** What to do once the transaction has committed (and never if it does not). */
  afterCommit: Array<() => void>;
  /**
   * The transaction's id (`pg_current_xact_id()`), once a statement of it has read it
   * ({@link identify}): with it, a COMMIT whose answer is lost can be settled on another
   * connection, so the connection can be handed on as soon as COMMIT is sent ({@link end}).
   */
  id?: string;
  /**
   * The statement that reads the id went out with COMMIT ({@link Database.writeIdentifying}): a
   * COMMIT whose answer is lost with that statement's cannot be settled.
   */
  identifiedAtCommit?: boolean;
}

/** Statements sent together whose answers nobody has looked at yet: the first failure among them, once they have answered. */
interface SentStatements {
  failure?: Error;
}

/**
 * The statement's answer, unless a statement sent before it failed: what was sent first answers
 * first, so that failure is the one to report, its stack leading back to the caller rather than
 * to the socket's read. Postgres answers in order: `earlier` is complete once `answer` settles.
 */
function afterEarlier<R>(earlier: SentStatements | undefined, answer: Promise<R>): Promise<R> {
  if (!earlier) return answer;
  const reportEarlier = () => {
    if (!earlier.failure) return;
    Error.captureStackTrace(earlier.failure);
    throw earlier.failure;
  };
  return answer.then(
    (result) => {
      reportEarlier();
      return result;
    },
    (error: unknown) => {
      reportEarlier();
      throw error;
    },
  );
}

/** How long a commit whose answer was lost is asked after, while the database is away, before it is reported unknown. */
export const SETTLE_COMMIT_MS = 10_000;

/** What became of a commit whose answer was lost, as the database told (or could not tell) afterwards. */
export type CommitOutcome = 'committed' | 'aborted' | 'unknown';

/**
 * A COMMIT whose answer was lost, and whose fate the database could not tell in time
 * ({@link SETTLE_COMMIT_MS}), or could not be asked: its transaction's id was lost with it.
 */
export class CommitOutcomeUnknownError extends Error {
  constructor(readonly transactionId: string | undefined, cause: unknown) {
    super(`The answer to COMMIT of transaction ${transactionId ?? '(id lost with it)'} was lost, and the database could not tell whether it committed`, { cause });
    this.name = 'CommitOutcomeUnknownError';
  }
}

/**
 * Whether Postgres itself answered the statement with an error that aborts the transaction and
 * leaves the connection open: the transaction did not commit. Anything else at COMMIT (the
 * connection lost, the backend terminated) leaves the commit's fate unknown to this connection.
 */
function abortedByPostgres(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === 'ERROR';
}

/** A transaction's COMMIT that Postgres answered ROLLBACK: an earlier statement had failed, nothing was written. */
class RolledBackAtCommit extends Error {}

/**
 * The connection pool and the request's transaction. Repositories call {@link query}; it runs on
 * the request's transaction when one is open and on the pool otherwise. Writes open the
 * transaction through {@link begin}; the request's entry point commits it.
 *
 * A transaction costs few round trips. Connections are pipelined (node-postgres
 * `pipeline: true`: a statement goes out without waiting for the answer to the one before;
 * Postgres runs them in order), and statements whose answer nobody waits for travel with the next
 * one that is awaited: BEGIN with the first read, writes from {@link write} with the next read or,
 * at the latest, with COMMIT ({@link finish}). A write that fails there aborts the transaction, so
 * COMMIT answers ROLLBACK and the request reports the write's failure: nothing was written. A card
 * draw from the campaign as it is takes two round trips: BEGIN, the lock and the reads; the writes
 * and COMMIT. One from what the process kept of the campaign sends them all together
 * ({@link writeIdentifying}, GameLedger): one round trip. What goes out together goes in one
 * socket write: BEGIN with the reads sent at once ({@link inOneWriteThisTick}), the writes with
 * COMMIT ({@link inOneWrite}).
 *
 * A campaign's transactions take turns here before they take a connection
 * ({@link beginOnCampaign}): at most {@link CAMPAIGN_TURNS} of them at Postgres at once — the one
 * holding the campaign's lock and the next, waiting there to take it the moment it is free — and
 * the others in line here, first come first served. Many requests on one busy campaign then
 * neither fill the pool, keeping other campaigns waiting, nor wake each other at Postgres every
 * time the lock changes hands.
 */
export class Database {
  readonly pool: pg.Pool;
  private readonly transactions = new WeakMap<pg.PoolClient, TransactionState>();
  private readonly campaignTurns = new Turns(CAMPAIGN_TURNS);

  private readonly settleCommitMs: number;
  private readonly logger?: Pick<Logger, 'warn'>;
  /** How many commits whose answer was lost were settled since start, by outcome ({@link settle}); `GET /health` reports them. */
  readonly settledCommits: Record<CommitOutcome, number> = { committed: 0, aborted: 0, unknown: 0 };

  /** `settleCommitMs` and `logger`: see {@link settle}. */
  constructor(url: string, poolSize: number, options: { settleCommitMs?: number; logger?: Pick<Logger, 'warn'> } = {}) {
    this.settleCommitMs = options.settleCommitMs ?? SETTLE_COMMIT_MS;
    this.logger = options.logger;
    this.pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, pipeline: true });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
    // Nor one that loses it while checked out or while being released (the pool listens only to
    // idle ones): the failure reaches its request through the statement that was running.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  async query<T extends object = Row>(statement: Statement, values?: unknown[], context = currentRequestContext()): Promise<T[]> {
    const client = context?.transaction;
    if (!client) return (await this.pool.query<T>(toQuery(statement, values))).rows;
    inOneWriteThisTick(client);
    const earlier = this.sendQueued(client);
    return (await afterEarlier(earlier, submit<T>(client, statement, values))).rows;
  }

  /**
   * A write whose answer the caller does not need (no RETURNING). Inside a request's transaction
   * it waits to travel with the transaction's next read or with COMMIT, which report a failure;
   * outside one it runs at once.
   */
  async write(statement: Statement, values?: unknown[], context = currentRequestContext()): Promise<void> {
    const client = context?.transaction;
    if (!client) {
      await this.pool.query(toQuery(statement, values));
      return;
    }
    this.stateOf(client).queued.push({ statement, values });
  }

  /**
   * A {@link write} whose one row names the transaction's id (`pg_current_xact_id()::text AS
   * xact_id`): for a transaction that sends everything with COMMIT, which learns its id only
   * then (see {@link end}).
   */
  writeIdentifying(statement: Statement, values: unknown[], context = currentRequestContext()): void {
    const client = context?.transaction;
    if (!client) throw new Error('A write that identifies its transaction belongs to one: begin it first');
    const state = this.stateOf(client);
    state.queued.push({ statement, values, identifies: true });
    state.identifiedAtCommit = true;
  }

  /**
   * Whether the running mutation may commit its transaction itself, before the response is
   * made: it is its request's only mutation, and the transaction holds nothing else yet (no
   * Idempotency-Key claim). See {@link atomically}.
   */
  mayCommitAlone(context = currentRequestContext()): boolean {
    return Boolean(context?.soleMutation && !context.transaction);
  }

  /**
   * Runs `callback` once the current request's transaction has committed; never when it rolls
   * back (a mutation undone for a retry drops what it asked for). Outside a transaction the
   * write it follows is already committed: it runs at once.
   */
  afterCommit(callback: () => void): void {
    const client = currentRequestContext()?.transaction;
    if (client) this.stateOf(client).afterCommit.push(callback);
    else callback();
  }

  /** Whether the current request has a transaction open: what {@link query} reads may be uncommitted. */
  inTransaction(): boolean {
    return Boolean(currentRequestContext()?.transaction);
  }

  /**
   * Opens the request's transaction unless it is open: takes a connection and queues BEGIN, which
   * then travels with the transaction's first statement instead of costing a round trip. The
   * transaction's statements go through {@link query} and {@link write}, which keep that order.
   */
  async begin(context = currentRequestContext()): Promise<pg.PoolClient> {
    if (!context) throw new Error('A write needs a request context: writes happen only inside a request');
    if (!context.transaction) {
      const client = await this.pool.connect();
      this.transactions.set(client, { queued: [BEGIN], afterCommit: [] });
      context.transaction = client;
    }
    return context.transaction;
  }

  /**
   * {@link begin}, for a transaction about to lock the campaign: a request that has no
   * transaction yet first waits for the campaign's turn (see the class), which it gives back when
   * its transaction ends ({@link finish}). One that has a transaction already (an
   * Idempotency-Key's claim, an earlier mutation) holds a connection: it goes straight on, so a
   * request in line never holds one.
   */
  async beginOnCampaign(campaignId: string, context = currentRequestContext()): Promise<pg.PoolClient> {
    if (context && !context.transaction && !context.campaignTurn) {
      context.campaignTurn = await this.campaignTurns.take(campaignId);
      try {
        return await this.begin(context);
      } catch (error) {
        this.giveTurnBack(context);
        throw error;
      }
    }
    return this.begin(context);
  }

  /**
   * Runs one mutation of a request. GraphQL answers a request whose mutation failed with no data
   * at all, so a failure undoes every write of the request (back to the Idempotency-Key claim,
   * when there is one) and no later mutation of the request may write. The mutation's writes stay
   * queued: they go out with the request's next read or with its COMMIT, and a failure there fails
   * the request, whose response then reports it instead of the mutation's result. Contention met
   * while the mutation runs (its lock, its reads) runs the request's first mutation again;
   * contention met at COMMIT is the client's to retry.
   */
  async atomically<T>(work: () => Promise<T>, context = currentRequestContext(), options: { sole?: boolean } = {}): Promise<T> {
    if (!context) return work();
    if (context.failed) throw new ConflictError('An earlier mutation of this request failed, so nothing of the request was written');
    // Only the request's first mutation can be run again: undoing it undoes nothing else.
    const retriable = !context.mutated;
    for (let attempt = 1; ; attempt++) {
      context.soleMutation = Boolean(options.sole) && retriable && !context.transaction;
      try {
        const result = await work();
        context.mutated = true;
        return result;
      } catch (error) {
        if (context.transaction && context.claimSavepoint) await this.undo(context.transaction, `ROLLBACK TO SAVEPOINT ${CLAIM_SAVEPOINT}`);
        else await this.finish(context, 'rollback');
        if (retriable && attempt < CONTENTION_ATTEMPTS && isContention(error)) {
          await contentionBackoff(attempt);
          continue;
        }
        context.failed = true;
        throw error;
      } finally {
        context.soleMutation = false;
      }
    }
  }

  /**
   * Ends the context's transaction, if one was begun: commit or roll back, then release the client.
   * A commit sends the writes still queued with COMMIT and rejects with the first that failed.
   */
  async finish(context: Pick<RequestContext, 'transaction' | 'campaignTurn'>, outcome: 'commit' | 'rollback'): Promise<void> {
    try {
      await this.end(context, outcome);
    } finally {
      this.giveTurnBack(context);
    }
  }

  private giveTurnBack(context: Pick<RequestContext, 'campaignTurn'>): void {
    context.campaignTurn?.();
    context.campaignTurn = undefined;
  }

  /**
   * Commits or rolls back the context's transaction and gives its connection back to the pool.
   *
   * A transaction that knows its id ({@link identify}), or learns it with COMMIT ({@link writeIdentifying}),
   * hands its connection on as soon as COMMIT is sent, when another transaction is waiting for
   * one: the next transaction's BEGIN, lock and reads travel right behind the COMMIT, and
   * Postgres answers them in order. The answer to COMMIT may then be lost with the connection
   * (the next transaction's write fails, or the backend is terminated after it committed), and a
   * lost answer says nothing about what Postgres did: the commit's fate is asked on another
   * connection ({@link settle}), so a committed change is never reported as failed; when the id
   * was lost too, the outcome is reported unknown.
   */
  private async end(context: Pick<RequestContext, 'transaction'>, outcome: 'commit' | 'rollback'): Promise<void> {
    const client = context.transaction;
    if (!client) return;
    context.transaction = null;
    const state = this.stateOf(client);
    this.transactions.delete(client);
    // Not even BEGIN sent: nothing reached Postgres, there is nothing to commit or undo.
    if (state.queued.length === 1 && state.queued[0] === BEGIN) client.release();
    else if (outcome === 'commit') await this.commit(client, state);
    else await this.rollback(client, state);
    if (outcome === 'commit') for (const callback of state.afterCommit) callback();
  }

  private async rollback(client: pg.PoolClient, state: TransactionState): Promise<void> {
    try {
      await this.undo(client, 'ROLLBACK', state);
      client.release();
    } catch (error) {
      // A client whose ROLLBACK failed is in an unknown state: destroy it.
      client.release(error as Error);
    }
  }

  private async commit(client: pg.PoolClient, state: TransactionState): Promise<void> {
    const parsedBefore = allParsed(client, state.queued);
    // The queued writes go out first, then COMMIT, together.
    const [sent, commitAnswer] = inOneWrite(client, () => [this.sendQueued(client, state), submit(client, 'COMMIT')] as const);
    const committed = afterEarlier(sent, commitAnswer).then((result) => {
      // COMMIT of a transaction that an error aborted answers ROLLBACK: nothing was written.
      if (result.command !== 'COMMIT') throw new RolledBackAtCommit(`COMMIT answered ${result.command}: the transaction had failed`);
    });
    // Only to a transaction waiting for a connection: the pool hands out its latest idle
    // connection first, and a transaction that could have an idle one would wait behind the COMMIT.
    // Nor while a statement of this one is parsed on the connection for the first time: should an
    // earlier one fail, Postgres refuses the Parse, which the next transaction's use of the
    // statement, sent before the refusal is heard of, would count on.
    const handedOn = (state.id !== undefined || state.identifiedAtCommit === true) && parsedBefore && this.pool.waitingCount > 0;
    if (handedOn) client.release();
    try {
      await committed;
      if (!handedOn) client.release();
    } catch (error) {
      const answered = abortedByPostgres(error) || error instanceof RolledBackAtCommit;
      // COMMIT answered (ROLLBACK, or an error): the connection is idle, as after any rollback.
      // Otherwise the client is in an unknown state: destroy it (one handed on already fails its
      // next transaction, which destroys it).
      if (!handedOn) client.release(answered ? undefined : (error as Error));
      // Postgres answered a statement before COMMIT with an error (the backend terminated, say):
      // it runs a connection's statements in order, so it never ran COMMIT.
      const refusedBeforeCommit = error === sent?.failure && error instanceof pg.DatabaseError;
      if (answered || refusedBeforeCommit) throw error;
      if (state.id) {
        if (!(await this.settle(state.id, error))) throw error;
      } else if (state.identifiedAtCommit) {
        // The answer that named the transaction's id was lost too: there is nothing to ask by.
        this.countSettled(undefined, 'unknown', error, 'the answer to COMMIT was lost with its transaction\'s id; its outcome is unknown');
        throw new CommitOutcomeUnknownError(undefined, error);
      } else {
        throw error;
      }
    }
  }

  /** Counts and logs a commit whose answer was lost, by its outcome ({@link settledCommits}). */
  private countSettled(
    transactionId: string | undefined,
    outcome: CommitOutcome,
    lost: unknown,
    message = 'the answer to COMMIT was lost; its outcome was asked of the database',
  ): void {
    this.settledCommits[outcome] += 1;
    this.logger?.warn({ transactionId, outcome, err: lost }, message);
  }

  /**
   * Whether the transaction committed, asked on another connection after its COMMIT's answer was
   * lost: `pg_xact_status` says once its backend has finished with it. Asked again while the
   * database is away, for up to {@link SETTLE_COMMIT_MS}; then the outcome is unknown. Each
   * settled commit is logged (a warning) and counted ({@link settledCommits}): how often answers
   * are lost is the operator's to know.
   */
  private async settle(transactionId: string, lost: unknown): Promise<boolean> {
    const giveUpAt = Date.now() + this.settleCommitMs;
    const settled = (outcome: CommitOutcome) => this.countSettled(transactionId, outcome, lost);
    for (let wait = 10; ; wait = Math.min(wait * 2, 500)) {
      try {
        const [{ status }] = (await this.pool.query<{ status: string | null }>(toQuery(XACT_STATUS, [transactionId]))).rows;
        if (status !== 'in progress') {
          settled(status === 'committed' ? 'committed' : 'aborted');
          return status === 'committed';
        }
      } catch {
        // The database is still away: ask again.
      }
      if (Date.now() + wait > giveUpAt) {
        settled('unknown');
        throw new CommitOutcomeUnknownError(transactionId, lost);
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /**
   * Records the id of the current request's transaction, read by one of its statements with
   * `pg_current_xact_id()::text` (the campaign lock reads it): see {@link end}.
   */
  identify(transactionId: string, context = currentRequestContext()): void {
    const client = context?.transaction;
    if (client) this.stateOf(client).id = transactionId;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** What {@link begin} set up for the client's transaction. */
  private stateOf(client: pg.PoolClient): TransactionState {
    const state = this.transactions.get(client);
    if (!state) throw new Error('This connection has no transaction begun by Database.begin');
    return state;
  }

  /**
   * Sends the queued statements (pipelined: without waiting for one another), each with a
   * callback rather than a promise of its own: what it returns holds the first failure among
   * them. Postgres answers in order, so they have all answered, and it is complete, once a
   * statement sent after them has: the caller looks at it then.
   */
  private sendQueued(client: pg.PoolClient, state = this.stateOf(client)): SentStatements | undefined {
    if (state.queued.length === 0) return undefined;
    const sent: SentStatements = {};
    const answered = (error: Error | undefined) => {
      sent.failure ??= error;
    };
    const identified = (error: Error | undefined, result: unknown) => {
      answered(error);
      const id = (result as pg.QueryResult<{ xact_id?: string }> | undefined)?.rows[0]?.xact_id;
      if (id !== undefined) state.id = id;
    };
    for (const { statement, values, identifies } of state.queued) send(client, statement, values, identifies ? identified : answered);
    state.queued = [];
    return sent;
  }

  /** Rolls back (to a savepoint or altogether): what was queued is dropped, what was sent no longer matters. */
  private async undo(client: pg.PoolClient, statement: string, state = this.stateOf(client)): Promise<void> {
    const neverBegun = state.queued[0] === BEGIN;
    state.queued = [];
    state.afterCommit = [];
    // Without BEGIN sent, nothing reached Postgres: there is nothing to undo. What was sent
    // answers before the rollback does.
    if (neverBegun) return;
    await submit(client, statement);
  }
}
