import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { REST_PREFIX } from './rest.decorators.js';
import { RULESET_MODULES } from '../../rulesets/registry.js';
import { RestModule } from './rest.module.js';

/** Where the REST surface is described: its OpenAPI document, and a page to read and try it (Swagger UI, served from this server). */
export const OPENAPI_PATHS = { document: `/${REST_PREFIX}/openapi.json`, docs: `/${REST_PREFIX}/docs` } as const;

/** Serves the OpenAPI document of the /v1 routes, generated from their controllers and DTOs, and Swagger UI. */
export function registerOpenApi(app: NestFastifyApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Arbiter REST')
    .setDescription(
      'The calls a VTT macro or a script makes without a GraphQL client. They share the GraphQL API\'s services, ' +
        'keys (`Authorization: Bearer <key>`), Idempotency-Key, errors and event log; see the README for the rest of the API (GraphQL at /graphql).',
    )
    .setVersion('1')
    // An opaque API key, not a JWT (Nest's default bearerFormat).
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'arb_ API key', description: 'An Arbiter API key (arb_…).' })
    .build();
  const document = SwaggerModule.createDocument(app, config, { include: [RestModule, ...RULESET_MODULES] });
  SwaggerModule.setup(OPENAPI_PATHS.docs, app, document, {
    jsonDocumentUrl: OPENAPI_PATHS.document,
    raw: ['json'],
    customSiteTitle: 'Arbiter REST',
  });
}
