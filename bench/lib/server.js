/** Servers under test, each a process of its own on a free port: Arbiter (`node dist/server.js`), or a peer. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, residentBytes } from './proc.js';

/**
 * Arbiter's environment under test: the bench's database and data dir, an ADMIN key of its own,
 * `LOG_LEVEL` and `ARBITER_DB_POOL_SIZE` as given to the bench (default info and 10), the per-key
 * rate limit on but never refusing (the hot phase is one key at hundreds of requests a second),
 * and `NODE_ENV=production`, as the Docker image runs it.
 */
export function serverEnvironment({ databaseUrl, dataDir }) {
  return {
    DATABASE_URL: databaseUrl,
    ARBITER_DATA_DIR: dataDir,
    ARBITER_ADMIN_KEY: `bench_${randomBytes(24).toString('base64url')}`,
    ARBITER_DB_POOL_SIZE: process.env.ARBITER_DB_POOL_SIZE ?? '10',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ARBITER_RATE_LIMIT_PER_MINUTE: '1000000',
    NODE_ENV: 'production',
  };
}

/** The Node.js flags of `npm start` (package.json): the server is measured as it is run. */
export const START_FLAGS = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * Starts `node [nodeArgs] <main>` with `PORT` set to a free port and `env` added to this process's
 * environment, and waits until `GET <readyPath>` answers 200. Its output goes to `logFile`.
 * `startMs` is the time from spawning it to that first 200.
 */
export async function startServer({ main, env, logFile, label = 'server', nodeArgs = START_FLAGS, readyPath = '/health', startTimeoutS = 60 }) {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, main], {
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
      if ((await fetch(`${url}${readyPath}`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not answer ${readyPath} within ${startTimeoutS} s; see ${logFile}`);
    }
    await sleep(10);
  }
  return {
    label,
    url,
    pid: child.pid,
    startMs: performance.now() - startedAt,
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
