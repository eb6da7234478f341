import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from 'pino';
import { ArbiterError, type ErrorCode } from './errors.js';
import { DEADLOCK_DETECTED, LOCK_NOT_AVAILABLE, SERIALIZATION_FAILURE } from '../infra/database.js';

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

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006']);

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
    const pgCode = (original as { code?: string } | undefined)?.code;
    if (pgCode === SERIALIZATION_FAILURE || pgCode === DEADLOCK_DETECTED || pgCode === LOCK_NOT_AVAILABLE) {
      return coded(formatted, 'CONFLICT', 'The campaign was busy; nothing was written. Retry the request.');
    }
    if (pgCode !== undefined && CONNECTION_ERRORS.has(pgCode)) {
      return coded(formatted, 'SERVICE_UNAVAILABLE', 'The database is unavailable; nothing was written. Retry shortly.');
    }
    logger.error({ err: original, path: formatted.path }, 'unexpected error');
    return coded(formatted, 'INTERNAL_SERVER_ERROR', 'Internal server error');
  };
}
