/**
 * The baseline behind a bare HTTP server: `node:http`, no framework, no GraphQL, no auth, each
 * POST running the baseline's textbook transaction (baseline.js) for the campaign its body names.
 * Its p99 at the run's connections is what this machine gives any HTTP service that draws the
 * textbook way; read the api phases' p99 beside it. Run as a process of its own, as the server is.
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { textbookDraw } from './baseline.js';

/** The body of one request for `target` (`{ campaignId, deckId, gmMemberId }`), handed out round-robin like `rotation`'s. */
export function baselineRequests(targets) {
  const bodies = targets.map(({ campaignId, deckId, gmMemberId }) => Buffer.from(JSON.stringify({ campaignId, deckId, gmMemberId })));
  let next = 0;
  return () => {
    const body = bodies[next];
    next = (next + 1) % bodies.length;
    return { body, headers: { 'content-type': 'application/json' } };
  };
}

/**
 * An HTTP server answering `GET /health` with 200 and every POST with `draw(target)` for the JSON
 * target in its body: 200 `{"data":{"drawn":true}}` once it resolves, 500 with `errors` if it fails.
 */
export function createBaselineServer(draw) {
  const answer = (response, status, body) => response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  return http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/health') return answer(response, 200, '{"status":"ok"}');
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', async () => {
      try {
        await draw(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        answer(response, 200, '{"data":{"drawn":true}}');
      } catch (error) {
        answer(response, 500, JSON.stringify({ errors: [{ message: String(error?.message ?? error) }] }));
      }
    });
  });
}

// As a process (bench/run.js starts it with startServer): DATABASE_URL, POOL_SIZE, HOST and PORT.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) });
  pool.on('error', () => undefined);
  const server = createBaselineServer((target) => textbookDraw(pool, target));
  server.listen(Number(process.env.PORT), process.env.HOST);
  process.once('SIGTERM', () => {
    server.close(() => pool.end().then(() => process.exit(0)));
    server.closeAllConnections();
  });
}
