import { type ArgumentsHost, Catch } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { GqlContextType } from '@nestjs/graphql';

/**
 * Hands a resolver's error to Apollo untouched, where the error formatter codes it and logs what
 * is unexpected. Without it, Nest logs every error a resolver throws — each refused move with its
 * stack — before Apollo sees it. Errors of plain HTTP routes keep Nest's handling.
 */
@Catch()
export class GraphQLErrorPassThrough extends BaseExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() === 'graphql') return exception;
    return super.catch(exception, host);
  }
}
