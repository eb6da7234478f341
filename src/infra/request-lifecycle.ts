import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMMIT_OUTCOME_UNKNOWN_MESSAGE, CONTENTION_MESSAGE, isConnectionFailure, isContentionFailure } from '../common/error-formatter.js';
import type { ErrorCode } from '../common/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { CommitOutcomeUnknownError, type Database } from './database.js';
import {
  IDEMPOTENCY_KEY_PATTERN,
  claimIdempotencyKey,
  requestFingerprint,
  storeIdempotentResponse,
} from './idempotency.js';
import { newRequestContext, runInRequestContext, type RequestContext } from './request-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    arbiter?: RequestContext & { idempotencyKey?: string };
  }
}

/** A GraphQL-shaped error body, for answers given before or after GraphQL runs. */
export function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

const TRANSIENT_CODES = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'CONFLICT']);

/**
 * The first code of the body's errors that reports a failure a retry may not meet again (a bug,
 * the database away, contention), or undefined. A body that is not JSON counts as a bug.
 */
function transientErrorCode(body: string): ErrorCode | undefined {
  if (!body.includes('"errors"')) return body.trimStart().startsWith('{') || body.trimStart().startsWith('[') ? undefined : 'INTERNAL_SERVER_ERROR';
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ extensions?: { code?: string } }> };
    const failure = (parsed.errors ?? []).find((error) => TRANSIENT_CODES.has(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR'));
    return failure ? ((failure.extensions?.code as ErrorCode | undefined) ?? 'INTERNAL_SERVER_ERROR') : undefined;
  } catch {
    return 'INTERNAL_SERVER_ERROR';
  }
}

/** Whether the body reports any result besides its errors. */
function reportsData(body: string): boolean {
  try {
    const data = (JSON.parse(body) as { data?: Record<string, unknown> | null }).data;
    return data !== null && data !== undefined && Object.values(data).some((value) => value !== null);
  } catch {
    return false;
  }
}

function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, message));
}

/**
 * The answer to a request whose commit failed — COMMIT itself, or a write that went out with it
 * (Database.finish) — which leaves nothing written: contention and a lost database are worth a
 * retry, anything else is a bug. Or whose commit's fate is unknown: the database went away with
 * COMMIT's answer and stayed away (Database.settle).
 */
export function commitFailure(error: unknown): { status: number; code: ErrorCode; message: string } {
  if (error instanceof CommitOutcomeUnknownError) {
    return { status: 503, code: 'SERVICE_UNAVAILABLE', message: COMMIT_OUTCOME_UNKNOWN_MESSAGE };
  }
  if (isContentionFailure(error)) return { status: 409, code: 'CONFLICT', message: CONTENTION_MESSAGE };
  if (isConnectionFailure(error)) {
    return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The change could not be saved; nothing was written. Retry the request.' };
  }
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}

/**
 * The request's life around the handlers: authenticate, claim the Idempotency-Key, run the
 * handler inside the request context, and commit the request's transaction before its response
 * leaves — so a client never hears of a change that is not durable.
 */
export function registerRequestLifecycle(fastify: FastifyInstance, auth: AuthService, db: Database): void {
  // A new request's work waits for the event loop's next check phase: the answers from Postgres
  // that arrived with it are read first, so the transactions they belong to go on, and give their
  // connections back, sooner. Under load a transaction otherwise stays open, its connection held,
  // while the event loop takes on every request that came in with the answer (bench/README.md).
  fastify.addHook('preHandler', (_request, _reply, done) => {
    setImmediate(done);
  });
  fastify.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const authorization = request.headers.authorization;
    const { principal, invalidKey } = await auth.authenticate(authorization);
    const context: RequestContext & { idempotencyKey?: string } = newRequestContext(principal, invalidKey);
    request.arbiter = context;

    const key = request.headers['idempotency-key'];
    if (key === undefined || request.method !== 'POST' || !principal) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return sendError(reply, 400, 'BAD_USER_INPUT', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const claim = await claimIdempotencyKey(db, context, principal.id, key, requestFingerprint(request.method, request.url, request.body));
    if (claim.kind === 'claimed') {
      context.idempotencyKey = key;
      return;
    }
    await db.finish(context, 'rollback');
    if (claim.kind === 'replay') {
      return reply.code(claim.response.status).type('application/json; charset=utf-8').header('idempotent-replay', 'true').send(claim.response.body);
    }
    if (claim.kind === 'reused') {
      return sendError(reply, 422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');
    }
    return sendError(reply, 409, 'CONFLICT', 'A request with this Idempotency-Key is still running; retry shortly');
  });

  // Synchronous on purpose: the handler runs inside `done`, so it and every await in it see the context.
  fastify.addHook('preHandler', (request, _reply, done) => {
    if (request.arbiter) runInRequestContext(request.arbiter, done);
    else done();
  });

  fastify.addHook('onSend', async (request, reply, payload) => {
    const context = request.arbiter;
    if (!context?.transaction) return payload;
    if (reply.statusCode >= 500) {
      await db.finish(context, 'rollback');
      return payload;
    }
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload ?? '');
      // A response that reports a bug, an unreachable database or contention leaves nothing
      // written — even when the mutation itself had finished (a result field failed after it) —
      // and is not kept as an Idempotency-Key's answer: the retry runs anew.
      const failure = transientErrorCode(body);
      if (failure) {
        await db.finish(context, 'rollback');
        // A partial result would claim what was just undone.
        return reportsData(body) ? errorBody(failure, 'The request failed; nothing was written. Retry the request.') : payload;
      }
      if (context.idempotencyKey && context.principal) {
        await storeIdempotentResponse(db, context, context.principal.id, context.idempotencyKey, { status: reply.statusCode, body });
      }
      await db.finish(context, 'commit');
      return payload;
    } catch (error) {
      await db.finish(context, 'rollback');
      const failure = commitFailure(error);
      if (failure.code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error }, 'commit failed');
      else request.log.warn({ err: error }, 'commit failed');
      reply.code(failure.status).type('application/json; charset=utf-8');
      return errorBody(failure.code, failure.message);
    }
  });

  // The request's one log line (Fastify's own request logging is off, see bootstrap.ts), as the
  // request's own logger writes it. Its `req` is what Fastify's serializer makes of the request —
  // method, URL, host, address and port, never a header — so it skips the redaction every other
  // line goes through, which copies the serialized request on each line (~4 % of a bare
  // `{ __typename }`'s instructions, ~1 % of a card draw's: bench/README.md).
  const requestLines = fastify.log.child({}, { redact: [] });
  fastify.addHook('onResponse', async (request, reply) => {
    // A reply that skipped onSend (a failed send) must not keep its connection: nothing it did is acknowledged.
    if (request.arbiter?.transaction) await db.finish(request.arbiter, 'rollback');
    requestLines.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}
