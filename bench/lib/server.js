/** The server under test, as its own process: `node dist/server.js` with its own data dir and port. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, residentBytes } from './proc.js';

/**
 * The environment of the server under test: the bench's database and data dir, an ADMIN key of
 * its own (`ARBITER_ADMIN_KEY`), `LOG_LEVEL` (default info) and `ARBITER_DB_POOL_SIZE` (default 10) as
 * given to the bench, and the per-key rate limit on (it costs what it costs on every request)
 * but so high it never refuses: the hot phase is one key at hundreds of requests a second, on
 * purpose. `NODE_ENV=production`, as the Docker image runs it, unless `development`.
 */
export function serverEnvironment({ databaseUrl, dataDir, development = false }) {
  return {
    DATABASE_URL: databaseUrl,
    ARBITER_DATA_DIR: dataDir,
    ARBITER_ADMIN_KEY: `bench_${randomBytes(24).toString('base64url')}`,
    ARBITER_DB_POOL_SIZE: process.env.ARBITER_DB_POOL_SIZE ?? '10',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ARBITER_RATE_LIMIT_PER_MINUTE: process.env.ARBITER_RATE_LIMIT_PER_MINUTE ?? '1000000',
    NODE_ENV: development ? '' : 'production',
  };
}

/** The Node.js flags of `npm start` (package.json): the server is measured as it is run. */
export const START_FLAGS = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * Starts `node <main>` and waits for `GET /health` to answer 200. Its output goes to `logFile`.
 * `env` is added to this process's environment (DATABASE_URL, ARBITER_DATA_DIR, …). `wrapper`
 * runs node under another program (`['valgrind', '--tool=callgrind']`), which must keep node's
 * process id.
 */
export async function startServer({ main, env, logFile, label = 'server', nodeArgs = [], wrapper = [], startTimeoutS = 60 }) {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const startedAt = performance.now();
  const [command, ...args] = [...wrapper, process.execPath, ...nodeArgs, main];
  const child = spawn(command, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  let exited = null;
  const exit = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolveExit(exited);
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutS * 1000;
  for (;;) {
    if (exited) throw new Error(`${label} exited during start-up (${JSON.stringify(exited)}); see ${logFile}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not become healthy within ${startTimeoutS} s; see ${logFile}`);
    }
    await sleep(10);
  }
  const startMs = performance.now() - startedAt;
  return {
    url,
    pid: child.pid,
    startMs,
    async stop() {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Samples a process's resident memory until stopped; returns the peak in bytes. */
export function sampleResidentMemory(pid, everyMs = 200) {
  let peak = residentBytes(pid) ?? 0;
  const timer = setInterval(() => {
    const rss = residentBytes(pid);
    if (rss !== undefined && rss > peak) peak = rss;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const rss = residentBytes(pid);
      if (rss !== undefined && rss > peak) peak = rss;
      return peak;
    },
  };
}
