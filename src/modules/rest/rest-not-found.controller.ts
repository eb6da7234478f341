import { All, Req } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ArbiterError } from '../../common/errors.js';
import { Public } from '../auth/auth.guard.js';
import { RestController } from './rest.decorators.js';

/** The methods the REST routes use. */
const METHODS = ['GET', 'POST'] as const;

/**
 * Any other path or method under /v1 (Fastify matches every real route first): METHOD_NOT_ALLOWED
 * (405, with `Allow`) for a route that exists with another method, NOT_FOUND for the rest, in the
 * REST error shape.
 */
@ApiExcludeController()
@RestController('', 'not-found')
export class RestNotFoundController {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  @Public({ ignoreKeys: true })
  @All('*')
  notFound(@Req() request: FastifyRequest): never {
    const path = request.url.split('?')[0];
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // A match of this catch-all route has a `*` parameter; a real route's match has none.
    const allowed = METHODS.filter((method) => {
      if (method === request.method) return false;
      const route = fastify.findRoute({ method, url: path });
      return route !== null && !('*' in (route.params as Record<string, string>));
    });
    if (allowed.length > 0) {
      throw new ArbiterError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}: use ${allowed.join(' or ')}`, {
        allowed,
        http: { headers: new Map([['Allow', allowed.join(', ')]]) },
      });
    }
    throw new ArbiterError('NOT_FOUND', 'There is no such REST route; the routes are listed at /v1/openapi.json');
  }
}
