/** The server under test, as its own process: `node dist/server.js` with its own data dir and port. */
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, residentBytes } from './proc.js';

/**
 * Starts `node <main>` and waits for `GET /health` to answer 200. Its output goes to `logFile`.
 * `env` is added to this process's environment (DATABASE_URL, ARBITER_DATA_DIR, …).
 */
export async function startServer({ main, env, logFile, label = 'server', nodeArgs = [] }) {
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
  const deadline = Date.now() + 60_000;
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
      throw new Error(`${label} did not become healthy within 60 s; see ${logFile}`);
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
