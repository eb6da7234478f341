import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { Database } from './database.js';

/** HTTP methods that only read: their handlers need no transaction boundary. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Declares the REST surface's transaction boundary at the entry point: each call that may write
 * is atomic within the request's transaction, which the request commits once its response is
 * ready. (GraphQL's mutations get theirs from the schema: atomic-mutations.ts.)
 */
@Injectable()
export class RestTransactionInterceptor implements NestInterceptor {
  constructor(private readonly db: Database) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (READ_METHODS.has(context.switchToHttp().getRequest<FastifyRequest>().method)) return next.handle();
    return from(this.db.atomically(() => lastValueFrom(next.handle())));
  }
}
