import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Where the playground page loads its scripts and styles from: Arbiter itself, never a CDN. */
export const PLAYGROUND_ASSETS_PREFIX = '/playground/assets/';

const require = createRequire(import.meta.url);
const gzipAsync = promisify(gzip);

function packageFile(name: string, ...path: string[]): string {
  return join(dirname(require.resolve(`${name}/package.json`)), ...path);
}

/** The browser builds the page needs. Only these files are served: the route is no window onto node_modules. */
const ASSET_FILES: ReadonlyMap<string, { file: string; type: string }> = new Map([
  ['react.production.min.js', { file: packageFile('react', 'umd', 'react.production.min.js'), type: 'text/javascript; charset=utf-8' }],
  ['react-dom.production.min.js', { file: packageFile('react-dom', 'umd', 'react-dom.production.min.js'), type: 'text/javascript; charset=utf-8' }],
  ['graphiql.min.js', { file: packageFile('graphiql', 'graphiql.min.js'), type: 'text/javascript; charset=utf-8' }],
  ['graphiql.min.css', { file: packageFile('graphiql', 'graphiql.min.css'), type: 'text/css; charset=utf-8' }],
  ['graphql-ws.min.js', { file: packageFile('graphql-ws', 'umd', 'graphql-ws.min.js'), type: 'text/javascript; charset=utf-8' }],
]);

interface LoadedAsset {
  type: string;
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/**
 * Serves the playground's scripts and styles under {@link PLAYGROUND_ASSETS_PREFIX}, each read
 * and compressed once, on its first request.
 *
 * A small route of our own rather than @fastify/static: that plugin requires an ESM-only package
 * (content-disposition), which Jest's module loader cannot require, and every test server would
 * fail to start.
 */
export function registerPlaygroundAssets(fastify: FastifyInstance): void {
  const loaded = new Map<string, Promise<LoadedAsset>>();
  const load = (name: string, file: string, type: string): Promise<LoadedAsset> => {
    let asset = loaded.get(name);
    if (!asset) {
      asset = (async () => {
        const body = await readFile(file);
        return { type, body, gzipped: await gzipAsync(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      })();
      asset.catch(() => loaded.delete(name));
      loaded.set(name, asset);
    }
    return asset;
  };

  fastify.get<{ Params: { name: string } }>(`${PLAYGROUND_ASSETS_PREFIX}:name`, async (request, reply) => {
    const listed = ASSET_FILES.get(request.params.name);
    if (!listed) return reply.callNotFound();
    const asset = await load(request.params.name, listed.file, listed.type);
    reply.header('content-type', asset.type).header('etag', asset.etag).header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(asset.gzipped);
    }
    return reply.send(asset.body);
  });
}
