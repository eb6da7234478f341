import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { Database } from './database.js';

/** HTTP methods that only read: their handlers need no transaction boundary. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Declares the transaction boundary at the entry point: each top-level mutation, and each REST
 * call that may write, is atomic within the request's transaction, which the request commits once
 * its response is ready.
 */
@Injectable()
export class MutationTransactionInterceptor implements NestInterceptor {
  constructor(private readonly db: Database) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const type = context.getType<GqlContextType>();
    if (type === 'http') {
      if (READ_METHODS.has(context.switchToHttp().getRequest<FastifyRequest>().method)) return next.handle();
      return this.atomically(next);
    }
    if (type !== 'graphql') return next.handle();
    if (GqlExecutionContext.create(context).getInfo().parentType.name !== 'Mutation') return next.handle();
    return this.atomically(next);
  }

  private atomically(next: CallHandler): Observable<unknown> {
    return from(this.db.atomically(() => lastValueFrom(next.handle())));
  }
}
