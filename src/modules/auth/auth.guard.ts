import { type CanActivate, type ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import { UnauthenticatedError } from '../../common/errors.js';
import { currentRequestContext, type RequestContext } from '../../infra/request-context.js';
import type { Principal } from './principal.js';

const PUBLIC = 'arbiter:public';
const IGNORE_KEYS = 'ignore-keys';

/**
 * Marks an operation anyone may call without a key. A wrong key is still refused, on GraphQL and
 * /v1 alike, unless `ignoreKeys`: for what is not the API (health probes send none or stale ones,
 * and a path that does not exist is NOT_FOUND whoever asks).
 */
export const Public = (options: { ignoreKeys?: boolean } = {}) => SetMetadata(PUBLIC, options.ignoreKeys ? IGNORE_KEYS : true);

/**
 * The GraphQL context of an operation that came over a WebSocket (a subscription): the
 * connection's own request context, made when its key was checked. Over HTTP there is none; the
 * request's context travels with its promises instead (request-lifecycle.ts).
 */
export interface ConnectionGraphQLContext {
  arbiter?: RequestContext;
}

/** The request context an operation runs in: its WebSocket connection's, or its HTTP request's. */
export function requestContextOf(context: ExecutionContext): RequestContext | undefined {
  if (context.getType<GqlContextType>() === 'graphql') {
    const connection = GqlExecutionContext.create(context).getContext<ConnectionGraphQLContext | undefined>()?.arbiter;
    if (connection) return connection;
  }
  return currentRequestContext();
}

/** Refuses every operation without a valid key unless it is {@link Public}. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean | typeof IGNORE_KEYS | undefined>(PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic === IGNORE_KEYS) return true;
    const request = requestContextOf(context);
    if (request?.invalidKey) throw new UnauthenticatedError('The API key is not valid');
    if (request?.principal || isPublic) return true;
    throw new UnauthenticatedError();
  }
}

/** The caller of the current request; only on operations the {@link AuthGuard} let through. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = requestContextOf(context)?.principal;
  if (!principal) throw new UnauthenticatedError();
  return principal;
});
