import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { Database } from './database.js';

/**
 * Declares the transaction boundary at the entry point: each top-level mutation is atomic
 * within the request's transaction, which the request commits once its response is ready.
 */
@Injectable()
export class MutationTransactionInterceptor implements NestInterceptor {
  constructor(private readonly db: Database) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<GqlContextType>() !== 'graphql') return next.handle();
    if (GqlExecutionContext.create(context).getInfo().parentType.name !== 'Mutation') return next.handle();
    return from(this.db.atomically(() => lastValueFrom(next.handle())));
  }
}
