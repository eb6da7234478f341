import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Kind, parse, type DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { CONTENTION_MESSAGE, OUTCOME_UNKNOWN_MESSAGE } from '../common/error-formatter.js';
import { isConnectionFailure, isContentionFailure } from './database-errors.js';
import type { ErrorCode } from '../common/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { GameLedger } from '../modules/events/game-ledger.service.js';
import { IdempotencyStore, IDEMPOTENCY_KEY_PATTERN, requestFingerprint, type IdempotencyClaim } from './idempotency.js';
import { currentRequestContext, newRequestContext, runInRequestContext, type RequestContext } from './request-context.js';
import type { Transactions } from './transactions.js';

/** How a request ended, as its own handling reports it (the Apollo plugin below, or the REST reply's status). */
export interface RequestOutcome {
  /** The request failed: its writes are undone. */
  failed: boolean;
  /** It failed for a reason a retry may not meet (a bug, the database away, contention): its answer is not kept for its Idempotency-Key. */
  transient: boolean;
}

/** A request's own transaction: ended by the request's outcome, once its answer is ready. */
interface RequestTransaction {
  /** Resolve to commit, reject to roll back. */
  end(commit: boolean): void;
  /** Settles once the transaction has committed (rejects with the commit's failure) or rolled back. */
  ended: Promise<void>;
}

interface RequestState {
  context: RequestContext;
  idempotencyKey?: string;
  transaction?: RequestTransaction;
  outcome?: RequestOutcome;
  /** A replayed answer or a refusal of the key: answered without running anything. */
  answeredEarly?: boolean;
  handlerStarted?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    arbiter?: RequestState;
  }
}

/** A GraphQL-shaped error body, for answers given before or after GraphQL runs. */
export function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

/** Codes that say a retry may go otherwise: such answers are never kept for an Idempotency-Key. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'CONFLICT', 'RATE_LIMITED']);

/** How many GraphQL documents' mutation counts are kept (documents are few and reused). */
const DOCUMENT_CACHE_SIZE = 1_000;
const mutationFields = new LRUCache<string, Map<string | null, number>>({ max: DOCUMENT_CACHE_SIZE });

/** How many root fields each mutation of the document selects, by operation name (null for an anonymous one). */
function mutationFieldsOf(query: string): Map<string | null, number> {
  let counts = mutationFields.get(query);
  if (!counts) {
    counts = new Map();
    let document: DocumentNode | undefined;
    try {
      document = parse(query);
    } catch {
      // Apollo answers the syntax error; there is nothing to run.
    }
    for (const definition of document?.definitions ?? []) {
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'mutation') {
        counts.set(definition.name?.value ?? null, definition.selectionSet.selections.length);
      }
    }
    mutationFields.set(query, counts);
  }
  return counts;
}

/** Whether a GraphQL request runs several mutations (or fragments of them): they commit together. */
function runsSeveralMutations(body: unknown): boolean {
  const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return false;
  const counts = mutationFieldsOf(query);
  const count = typeof operationName === 'string' ? counts.get(operationName) : counts.size === 1 ? [...counts.values()][0] : undefined;
  // A fragment spread may select several: counted as several.
  return (count ?? 0) > 1;
}

function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message));
}

/** The answer to a request whose commit failed: nothing was written; contention and a lost database are worth a retry. */
export function commitFailure(error: unknown): { status: number; code: ErrorCode; message: string } {
  if (isContentionFailure(error)) return { status: 409, code: 'CONFLICT', message: CONTENTION_MESSAGE };
  if (isConnectionFailure(error)) {
    return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The change could not be saved; nothing was written. Retry the request.' };
  }
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}

/**
 * Reports each GraphQL request's outcome to its lifecycle, from the errors Apollo collected:
 * the request's own outcome decides whether its transaction commits.
 */
export function requestOutcomePlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          const state = requestStates.get(currentRequestContext() ?? {});
          if (!state || response.body.kind !== 'single') return;
          const codes = (response.body.singleResult.errors ?? []).map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR'));
          state.outcome = { failed: codes.length > 0, transient: codes.some((code) => TRANSIENT_CODES.has(code)) };
        },
      };
    },
  };
}

/** The lifecycle state of the request a context belongs to. */
const requestStates = new WeakMap<object, RequestState>();

/**
 * The request's life around the handlers: authenticate; run the handler in the request's context
 * (nestjs-cls); and for a request whose writes must commit together — one with an
 * Idempotency-Key, or a GraphQL request of several mutations — one transaction (Prisma's, transactions.ts) around the handler, committed by the request's outcome before its
 * answer leaves, so a client never hears of a change that is not durable, and a key's answer is
 * kept with what it acknowledges. Other writes are atomic where they are made: a move's one
 * statement (GameLedger), or a service's `@Transactional` method.
 */
export function registerRequestLifecycle(
  fastify: FastifyInstance,
  auth: AuthService,
  transactions: Transactions,
  idempotency: IdempotencyStore,
  ledger: Pick<GameLedger, 'wasWritten'>,
): void {
  fastify.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const { principal, invalidKey } = await auth.authenticate(request.headers.authorization);
    const state: RequestState = { context: newRequestContext(principal, invalidKey) };
    requestStates.set(state.context, state);
    request.arbiter = state;
    const key = request.headers['idempotency-key'];
    if (key === undefined || request.method !== 'POST' || !principal) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return sendError(reply, 400, 'BAD_USER_INPUT', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    state.idempotencyKey = key;
  });

  // Synchronous on purpose: the handler runs inside `done`, so it and every await in it see the
  // request's context, and its transaction when it has one.
  fastify.addHook('preHandler', (request, reply, done) => {
    const state = request.arbiter;
    if (!state) return done();
    runInRequestContext(state.context, () => {
      const needsTransaction = state.idempotencyKey !== undefined || (request.method === 'POST' && request.url.startsWith('/graphql') && runsSeveralMutations(request.body));
      if (!needsTransaction) return done();
      state.context.committed = [];
      state.context.moves = [];
      let end!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => (end = resolve));
      const ended = transactions.run(async () => {
        const claim = state.idempotencyKey === undefined ? undefined : await claimKey(idempotency, request, state);
        if (claim && claim.kind !== 'claimed') {
          state.answeredEarly = true;
          answerClaim(reply, claim);
        } else {
          state.handlerStarted = true;
          done();
        }
        if (!(await decided)) throw ROLLED_BACK;
      });
      state.transaction = {
        end,
        ended: ended.then(
          () => state.context.committed?.forEach((callback) => callback()),
          (error: unknown) => {
            if (error !== ROLLED_BACK) throw error;
          },
        ),
      };
      // A failure before the handler ran (the claim's read): answered as a commit's failure would be.
      state.transaction.ended.catch((error: unknown) => {
        if (!state.handlerStarted && !state.answeredEarly) {
          const failure = commitFailure(error);
          sendError(reply, failure.status, failure.code, failure.message);
        }
      });
    });
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    const state = request.arbiter;
    if (!state?.transaction) return payload;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload ?? '');
    const outcome = state.outcome ?? { failed: reply.statusCode >= 400, transient: reply.statusCode >= 500 || reply.statusCode === 409 || reply.statusCode === 429 };
    const commit = !state.answeredEarly && !outcome.failed;
    try {
      if (commit && state.idempotencyKey && state.context.principal) {
        await idempotency.store(state.context.principal, state.idempotencyKey, { status: reply.statusCode, body });
      }
      state.transaction.end(commit);
      await state.transaction.ended;
    } catch (error) {
      state.transaction.end(false);
      await state.transaction.ended.catch(() => undefined);
      // The answer to COMMIT lost with the connection: the log tells whether the request's moves were written.
      const [move] = state.context.moves ?? [];
      let written: boolean | undefined = false;
      if (commit && move && isConnectionFailure(error)) {
        written = await ledger.wasWritten(move.campaignId, move.moveId);
        request.log.warn({ written: written ?? 'unknown' }, 'the answer to COMMIT was lost; settled');
      }
      if (written) {
        state.context.committed?.forEach((callback) => callback());
        return payload;
      }
      const failure = written === undefined ? { status: 503, code: 'SERVICE_UNAVAILABLE' as const, message: OUTCOME_UNKNOWN_MESSAGE } : commitFailure(error);
      if (failure.code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error }, 'commit failed');
      else request.log.warn({ err: error }, 'commit failed');
      reply.code(failure.status).type('application/json; charset=utf-8');
      return errorBody(failure.code, failure.message);
    }
    // A failed request's answer is kept for its key too, unless a retry may go otherwise: its
    // writes were undone, so it is kept on its own.
    if (!state.answeredEarly && outcome.failed && !outcome.transient && state.idempotencyKey && state.context.principal) {
      await idempotency.storeAlone(state.context.principal, state.idempotencyKey, requestFingerprint(request.method, request.url, request.body), { status: reply.statusCode, body });
    }
    return payload;
  });

  // The request's one log line, written when it is done (Fastify's own request logging is off,
  // see bootstrap.ts). Its `req` is what Fastify's serializer makes of the request — method, URL,
  // host, address and port, never a header — so it needs no redaction.
  const requestLines = fastify.log.child({}, { redact: [] });
  fastify.addHook('onResponse', async (request, reply) => {
    // A reply that skipped onSend (a failed send) must not keep its transaction: nothing it did is acknowledged.
    request.arbiter?.transaction?.end(false);
    requestLines.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}

/** The rejection that makes a request's transaction roll back once its answer says it failed. */
const ROLLED_BACK = new Error('the request failed: its transaction rolls back');

async function claimKey(idempotency: IdempotencyStore, request: FastifyRequest, state: RequestState): Promise<IdempotencyClaim> {
  return idempotency.claim(state.context.principal!, state.idempotencyKey!, requestFingerprint(request.method, request.url, request.body));
}

function answerClaim(reply: FastifyReply, claim: Exclude<IdempotencyClaim, { kind: 'claimed' }>): void {
  if (claim.kind === 'replay') {
    reply.code(claim.response.status).type('application/json; charset=utf-8').header('idempotent-replay', 'true').send(claim.response.body);
  } else if (claim.kind === 'reused') {
    sendError(reply, 422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');
  } else {
    sendError(reply, 409, 'CONFLICT', 'A request with this Idempotency-Key is still running; retry shortly');
  }
}
