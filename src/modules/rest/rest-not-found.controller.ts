import { All } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ArbiterError } from '../../common/errors.js';
import { Public } from '../auth/auth.guard.js';
import { RestController } from './rest.decorators.js';

/** Any other path under /v1: NOT_FOUND in the REST error shape (Fastify matches every real route first). */
@ApiExcludeController()
@RestController('', 'not-found')
export class RestNotFoundController {
  @Public({ ignoreKeys: true })
  @All('*')
  notFound(): never {
    throw new ArbiterError('NOT_FOUND', 'There is no such REST route; the routes are listed at /v1/openapi.json');
  }
}
