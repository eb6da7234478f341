#!/usr/bin/env node
/**
 * What calling a root resolver costs, with Nest's per-step pipeline and with RootResolvers
 * (src/infra/root-resolvers.ts), in one process and without a database: Arbiter's schema built
 * twice from `dist/` (run `npm run build` first), one of the two with RootResolvers left out, then
 * the same operation executed by graphql-js on each, in alternating rounds, each call in a request
 * context of its own as the server makes it (its promise hooks make every promise dearer).
 * `cardPreset` goes through the global guard, the global validation pipe and a parameter, and
 * reads nothing.
 * Usage: node bench/resolvers.js [--rounds N] [--calls N]
 */
import 'reflect-metadata';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import { execute, parse } from 'graphql';
import pino from 'pino';
import { AppModule } from '../dist/app.module.js';
import { loadConfig } from '../dist/infra/config.js';
import { Database } from '../dist/infra/database.js';
import { newRequestContext, runInRequestContext } from '../dist/infra/request-context.js';
import { RootResolvers } from '../dist/infra/root-resolvers.js';

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const rounds = option('--rounds', 10);
const calls = option('--calls', 20_000);
const document = parse('{ cardPreset(id: "standard-52") { id } }');

/** Arbiter's schema, its root resolvers RootResolvers' or (`nest`) Nest's own. */
async function schemaOf(nest) {
  const database = new Database('postgresql://bench@127.0.0.1:1/none', 1);
  const builder = Test.createTestingModule({
    imports: [AppModule.forRoot({ database, adminKey: 'bench-only', logger: pino({ level: 'silent' }), config: loadConfig({}) })],
  });
  if (nest) builder.overrideProvider(RootResolvers).useValue({ apply: (schema) => schema, replaced: new Set() });
  const app = (await builder.compile()).createNestApplication(new FastifyAdapter(), { logger: false });
  await app.init();
  return { schema: app.get(GraphQLSchemaHost).schema, replaced: app.get(RootResolvers).replaced.size, close: () => app.close().then(() => database.close()) };
}

/** Microseconds of CPU per call over `calls` calls, one after the other. */
async function measure(schema) {
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) {
    const result = await runInRequestContext(newRequestContext(), () => execute({ schema, document, contextValue: {} }));
    if (result.errors) throw new Error(JSON.stringify(result.errors));
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / calls;
}

const builds = { nest: await schemaOf(true), rootResolvers: await schemaOf(false) };
console.log(`root fields resolved by RootResolvers: nest ${builds.nest.replaced}, rootResolvers ${builds.rootResolvers.replaced}`);
const results = { nest: [], rootResolvers: [] };
for (const build of Object.values(builds)) await measure(build.schema); // warm-up
for (let round = 0; round < rounds; round += 1) {
  for (const [name, build] of Object.entries(builds)) results[name].push(await measure(build.schema));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [name, values] of Object.entries(results)) {
  console.log(`${name.padEnd(14)} ${median(values).toFixed(1)} µs of CPU per call (median of ${rounds} rounds of ${calls}; ${values.map((v) => v.toFixed(1)).join(', ')})`);
}
console.log(`rootResolvers / nest: ${(median(results.rootResolvers) / median(results.nest)).toFixed(2)}`);
for (const build of Object.values(builds)) await build.close();
