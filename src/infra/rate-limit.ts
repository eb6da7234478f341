import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ArbiterError } from '../common/errors.js';

/** Refused for going over the limit: RATE_LIMITED, with when to retry. */
export class RateLimitedError extends ArbiterError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many operations for this API key; retry in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
      http: { status: 429, headers: new Map([['retry-after', String(retryAfterSeconds)]]) },
    });
  }
}

/**
 * Operations per API key and minute, counted on this process (a key that spreads its calls over
 * several processes gets the limit on each). A GraphQL request counts one per root field it runs,
 * a REST call and a subscription one each: the limit is on work asked for, not on HTTP requests.
 */
export class OperationRateLimiter {
  private readonly limiter: RateLimiterMemory | null;

  constructor(perMinute: number) {
    this.limiter = perMinute > 0 ? new RateLimiterMemory({ points: perMinute, duration: 60 }) : null;
  }

  /** Counts `operations` for an API key's principal: the budget every entry point (GraphQL, REST, WebSocket) shares. */
  consumeForKey(principalId: string, operations: number): Promise<void> {
    return this.consume(`key:${principalId}`, operations);
  }

  /** Counts `operations` for `caller`; throws {@link RateLimitedError} when they go over the limit. */
  async consume(caller: string, operations: number): Promise<void> {
    if (!this.limiter || operations <= 0) return;
    try {
      await this.limiter.consume(caller, operations);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      throw new RateLimitedError(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
    }
  }
}
