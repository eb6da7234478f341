import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { GraphQLSchema } from 'graphql';
import pino from 'pino';
import { AppModule } from './app.module.js';
import { loadConfig } from './infra/config.js';
import { Database } from './infra/database.js';

/** The GraphQL schema exactly as the server builds it, without a database (the pool never connects). */
export async function buildSchema(): Promise<GraphQLSchema> {
  const database = new Database('postgresql://schema@127.0.0.1:1/none', 1);
  const app = await NestFactory.create(
    AppModule.forRoot({ database, adminKey: 'schema-only', logger: pino({ level: 'silent' }), config: loadConfig({}) }),
    new FastifyAdapter(),
    { logger: false },
  );
  await app.init();
  const { schema } = app.get(GraphQLSchemaHost);
  await app.close();
  await database.close();
  return schema;
}
