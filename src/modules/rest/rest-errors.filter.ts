import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { createErrorFormatter } from '../../common/error-formatter.js';
import type { ErrorCode } from '../../common/errors.js';

/** The HTTP status of each error code on the REST surface. */
export const STATUS_OF_CODE: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  RULE_VIOLATION: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The code of a Nest HTTP exception (a body that is not JSON, …) by its status. */
function codeOfStatus(status: number): ErrorCode {
  const code = (Object.keys(STATUS_OF_CODE) as ErrorCode[]).find((candidate) => STATUS_OF_CODE[candidate] === status);
  return code ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_USER_INPUT');
}

/** What Apollo reads from `extensions.http` (a status and headers): applied here, never sent. */
interface HttpExtension {
  headers?: Map<string, string>;
}

/**
 * Answers a failed REST call as GraphQL answers a failed operation — the same codes, messages
 * and extra fields, in the same body, `{"errors":[{"message","extensions":{"code",…}}]}` — with
 * the HTTP status of its code. The body shape is also what the Idempotency-Key store reads to
 * decide whether an answer may be replayed (request-lifecycle.ts).
 */
@Catch()
export class RestErrorsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    let error: { message: string; extensions?: Record<string, unknown> };
    let status: number | undefined;
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      error = { message: exception.message, extensions: { code: codeOfStatus(status) } };
    } else {
      // The classification GraphQL uses: our codes as they are, contention CONFLICT, an
      // unreachable database SERVICE_UNAVAILABLE, anything else logged and hidden.
      const formatted = createErrorFormatter(request.log as unknown as Logger)({ message: (exception as Error)?.message ?? 'error' }, exception);
      error = { message: formatted.message, extensions: { ...formatted.extensions } };
    }
    const { http: httpExtension, ...extensions } = error.extensions ?? {};
    for (const [name, value] of (httpExtension as HttpExtension | undefined)?.headers ?? []) reply.header(name, value);
    const code = (extensions.code as ErrorCode | undefined) ?? 'INTERNAL_SERVER_ERROR';
    reply
      .code(status ?? STATUS_OF_CODE[code] ?? 500)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ errors: [{ message: error.message, extensions: { ...extensions, code } }] }));
  }
}
