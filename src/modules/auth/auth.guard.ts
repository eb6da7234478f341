import { type CanActivate, type ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UnauthenticatedError } from '../../common/errors.js';
import { currentRequestContext } from '../../infra/request-context.js';
import type { Principal } from './principal.js';

const PUBLIC = 'arbiter:public';

/** Marks an operation anyone may call without a key (a wrong key is still refused). */
export const Public = () => SetMetadata(PUBLIC, true);

/** Refuses every operation without a valid key unless it is {@link Public}. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC, [context.getHandler(), context.getClass()]);
    // Plain HTTP routes that are public (health) ignore keys altogether: probes send none or stale ones.
    if (isPublic && context.getType() === 'http') return true;
    const request = currentRequestContext();
    if (request?.invalidKey) throw new UnauthenticatedError('The API key is not valid');
    if (request?.principal || isPublic) return true;
    throw new UnauthenticatedError();
  }
}

/** The caller of the current request; only on operations the {@link AuthGuard} let through. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, _context: ExecutionContext): Principal => {
  const principal = currentRequestContext()?.principal;
  if (!principal) throw new UnauthenticatedError();
  return principal;
});
