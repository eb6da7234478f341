import type { FastifyAdapter } from '@nestjs/platform-fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../common/errors.js';
import { isConnectionFailure } from './database-errors.js';
import { errorBody } from './request-lifecycle.js';

type ErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * The coded answer to an error raised outside the handlers — Fastify's own before a handler runs,
 * or the database failing under the authentication hook — or undefined for the others.
 */
function requestError(error: FastifyError): { status: number; code: ErrorCode; message: string } | undefined {
  if (error.statusCode === 413) return { status: 413, code: 'BAD_USER_INPUT', message: 'The request body is too large (at most 1 MiB)' };
  if (error.statusCode === 415) return { status: 415, code: 'BAD_USER_INPUT', message: 'Send the request body as application/json' };
  if (error.statusCode === 400 && error.code?.startsWith('FST_ERR_CTP')) return { status: 400, code: 'BAD_USER_INPUT', message: 'The request body is not valid JSON' };
  if (isConnectionFailure(error)) return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable; nothing was written. Retry shortly.' };
  return undefined;
}

/**
 * Errors Fastify raises before a handler runs — a body over the size limit, a body that is not
 * JSON, a content type it cannot read — answered in the same coded shape as every other error.
 * Nest installs its own exception layer as Fastify's error handler; ours answers these few first
 * and hands everything else to it.
 */
export function registerHttpErrorShapes(adapter: FastifyAdapter): void {
  // A path no route matches — one with an empty segment (`/v1/decks//draw`) escapes even the
  // /v1 catch-all — is NOT_FOUND in the coded shape too, not Nest's default body.
  (adapter as { setNotFoundHandler: (handler: unknown) => unknown }).setNotFoundHandler = () =>
    adapter.getInstance().setNotFoundHandler((request, reply) => {
      const where = request.url.startsWith('/v1/') ? 'REST route; the routes are listed at /v1/openapi.json' : `route: ${request.method} ${request.url.split('?')[0].slice(0, 200)}`;
      return reply.code(404).type('application/json; charset=utf-8').send(errorBody('NOT_FOUND', `There is no such ${where}`));
    });
  const install = adapter.setErrorHandler.bind(adapter) as (handler: ErrorHandler, prefix?: string) => unknown;
  (adapter as { setErrorHandler: (handler: ErrorHandler, prefix?: string) => unknown }).setErrorHandler = (nestHandler, prefix) =>
    install((error, request, reply) => {
      const shaped = requestError(error);
      if (!shaped) return nestHandler(error, request, reply);
      return reply.code(shaped.status).type('application/json; charset=utf-8').send(errorBody(shaped.code, shaped.message));
    }, prefix);
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses before Fastify sees it (headers
 * or a URL too long, a malformed request line, a client too slow) answered in the coded shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'BAD_USER_INPUT', 'The request line and headers are too long (at most 16 KiB): send long inputs in a POST body']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_USER_INPUT', 'The request did not arrive in time']
        : [400, 'BAD_USER_INPUT', 'The request is not valid HTTP'];
  const body = errorBody(code, message);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
