import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from 'pino';
import { ArbiterError, type ErrorCode } from './errors.js';
import { isConnectionFailure, isContentionFailure } from '../infra/database-errors.js';
import { MoveOutcomeUnknownError } from '../modules/events/game-ledger.service.js';

/** Codes Apollo itself gives to requests it could not parse, validate or coerce. */
const APOLLO_CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** graphql-js's message when a request's variables hold more problems than it reports one by one. */
const VARIABLE_ERROR_LIMIT = /^Too many errors processing variables/;

export const CONTENTION_MESSAGE = 'The campaign was busy; nothing was written. Retry the request.';

export const OUTCOME_UNKNOWN_MESSAGE =
  "The database went away while the change was being written, and could not tell whether it was. Retry with the same Idempotency-Key, or read the campaign's events, to find out.";

function coded(formatted: GraphQLFormattedError, code: ErrorCode, message: string): GraphQLFormattedError {
  return { message, locations: formatted.locations, path: formatted.path, extensions: { code } };
}

/**
 * Turns any error into what a client may see: our coded errors as they are, Postgres contention
 * as a retryable CONFLICT, an unreachable database as SERVICE_UNAVAILABLE, and anything else as a
 * bare INTERNAL_SERVER_ERROR (logged in full here, never sent). Stack traces never leave.
 */
export function createErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof ArbiterError) {
      return { message: original.message, locations: formatted.locations, path: formatted.path, extensions: original.extensions };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && APOLLO_CLIENT_CODES.has(code)) {
      return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
    }
    // graphql-js gives up coercing variables after 50 problems with an error of no code: still bad input.
    if (formatted.path === undefined && VARIABLE_ERROR_LIMIT.test(formatted.message)) {
      return coded(formatted, 'BAD_USER_INPUT', formatted.message);
    }
    if (isContentionFailure(original)) return coded(formatted, 'CONFLICT', CONTENTION_MESSAGE);
    if (original instanceof MoveOutcomeUnknownError) {
      logger.warn({ err: original, path: formatted.path }, 'move outcome unknown');
      return coded(formatted, 'SERVICE_UNAVAILABLE', OUTCOME_UNKNOWN_MESSAGE);
    }
    if (isConnectionFailure(original)) {
      logger.warn({ err: original, path: formatted.path }, 'database unavailable');
      return coded(formatted, 'SERVICE_UNAVAILABLE', 'The database is unavailable; nothing was written. Retry shortly.');
    }
    logger.error({ err: original, path: formatted.path }, 'unexpected error');
    return coded(formatted, 'INTERNAL_SERVER_ERROR', 'Internal server error');
  };
}
