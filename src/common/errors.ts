import { GraphQLError } from 'graphql';

/** The codes a client can branch on, carried in `extensions.code` (DESIGN.md, Errors). */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'BAD_USER_INPUT'
  | 'RULE_VIOLATION'
  | 'CONFLICT'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

/** An error a client is meant to read: its message is safe to show and its code is stable. */
export class ArbiterError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, ...extra } });
    this.name = 'ArbiterError';
  }
}

export class UnauthenticatedError extends ArbiterError {
  constructor(message = 'A valid API key is required: send "Authorization: Bearer <key>"') {
    super('UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends ArbiterError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends ArbiterError {
  constructor(what: string, id: string) {
    super('NOT_FOUND', `${what} ${id} does not exist`, { id });
  }
}

export class BadUserInputError extends ArbiterError {
  constructor(message: string, field?: string, extra: Record<string, unknown> = {}) {
    super('BAD_USER_INPUT', message, field === undefined ? extra : { field, ...extra });
  }
}

export class ConflictError extends ArbiterError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

/** A move the rules do not allow: `reason` is for programs, the message for players. */
export interface RuleViolation {
  reason: string;
  message: string;
}

export class RuleViolationError extends ArbiterError {
  constructor(violation: RuleViolation) {
    super('RULE_VIOLATION', violation.message, { reason: violation.reason });
  }
}
