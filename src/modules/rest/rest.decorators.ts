import { type CanActivate, Controller, type ExecutionContext, HttpCode, Injectable, UseFilters, UseGuards, applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OperationRateLimiter } from '../../infra/rate-limit.js';
import { currentRequestContext } from '../../infra/request-context.js';
import { RestErrorBody } from './rest-common.dto.js';
import { RestErrorsFilter } from './rest-errors.filter.js';

/** The prefix of every REST route. */
export const REST_PREFIX = 'v1';

/** A REST call counts one operation against its key's rate limit, as each GraphQL root field does. */
@Injectable()
export class RestRateLimitGuard implements CanActivate {
  constructor(private readonly limiter: OperationRateLimiter) {}

  async canActivate(_context: ExecutionContext): Promise<boolean> {
    // Behind the AuthGuard: the caller is known.
    const principal = currentRequestContext()?.principal;
    if (principal) await this.limiter.consumeForKey(principal.id, 1);
    return true;
  }
}

/** A controller of the REST surface: under /v1, with its errors shaped as GraphQL's and its calls rate-limited. */
export function RestController(path: string, tag: string) {
  return applyDecorators(
    Controller(path ? `${REST_PREFIX}/${path}` : REST_PREFIX),
    UseFilters(RestErrorsFilter),
    UseGuards(RestRateLimitGuard),
    ApiTags(tag),
    ApiBearerAuth(),
    ApiBadRequestResponse({ type: RestErrorBody, description: 'BAD_USER_INPUT: an input is not valid; `extensions.field` names it.' }),
    ApiUnauthorizedResponse({ type: RestErrorBody, description: 'UNAUTHENTICATED: no key, or a key that is not valid.' }),
    ApiNotFoundResponse({ type: RestErrorBody, description: 'NOT_FOUND: it does not exist, or not for this key.' }),
    ApiTooManyRequestsResponse({ type: RestErrorBody, description: 'RATE_LIMITED: too many operations for this key; see Retry-After.' }),
  );
}

/**
 * A call that changes the campaign: one transaction (nothing is written when it fails), one or
 * more events in the log, and an answer that an Idempotency-Key replays byte for byte.
 */
export function RestAction(summary: string, description?: string) {
  return applyDecorators(
    HttpCode(200),
    ApiOperation({ summary, description }),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Up to 255 visible ASCII characters. A retry with the same key gets the first answer again, byte for byte, and writes nothing; ' +
        'the same key with another request is IDEMPOTENCY_KEY_REUSED (422).',
    }),
    ApiForbiddenResponse({ type: RestErrorBody, description: 'FORBIDDEN: the role of this key may not do that.' }),
    ApiUnprocessableEntityResponse({ type: RestErrorBody, description: 'RULE_VIOLATION (with `reason`), or IDEMPOTENCY_KEY_REUSED.' }),
    ApiConflictResponse({ type: RestErrorBody, description: 'CONFLICT: the campaign was busy, or the same Idempotency-Key is still running; retry.' }),
  );
}
