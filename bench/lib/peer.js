/**
 * A peer beside Arbiter (`--peer NAME`): another game server, its harness and dependencies under
 * bench/peers/NAME/ with their own package.json and lockfile, installed there by `npm ci` when
 * missing. Its server runs as a process of its own on the run's Postgres; its players are driven
 * through its own client library.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from './server.js';

const PEERS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'peers');

/** Installs the peer's dependencies from its lockfile unless every package its package.json names is there. */
export function ensureInstalled(name, log) {
  const dir = join(PEERS_DIR, name);
  const packages = Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {});
  if (packages.every((pkg) => existsSync(join(dir, 'node_modules', pkg, 'package.json')))) return;
  log(`installing the peer's dependencies (npm ci in ${dir})`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm ci in ${dir} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/**
 * Installs the peer if needed, imports its harness and starts its server on `databaseUrl`.
 * Returns the harness, the running server and what the peer is (`describe`).
 */
export async function startPeer({ name, databaseUrl, poolSize, logFile, log }) {
  // The harness imports the peer's packages: they must be there before it loads.
  ensureInstalled(name, log);
  const harness = await import(pathToFileURL(join(PEERS_DIR, name, 'harness.js')).href);
  const { peer } = harness;
  const server = await startServer({
    main: peer.main,
    env: peer.environment({ databaseUrl, poolSize }),
    logFile,
    label: name,
    nodeArgs: [],
    readyPath: peer.readyPath,
  });
  return { harness, server, describe: peer.describe() };
}

/**
 * After the load: what the peer's storage holds of its matches, once the writes still under way
 * when the last move was acknowledged have landed (waited for up to `settleS`). Every
 * acknowledged move must be stored (a move that failed may be stored too), and every deck
 * conserved.
 */
export async function checkPeerStorage({ harness, client, matchIDs, acknowledged, failed, settleS = 10 }) {
  const deadline = Date.now() + settleS * 1000;
  let stored = await harness.storedMoves(client, matchIDs);
  while (stored.moves < acknowledged && Date.now() < deadline) {
    await sleep(200);
    stored = await harness.storedMoves(client, matchIDs);
  }
  const failures = [...stored.failures];
  if (stored.moves < acknowledged) failures.push(`${acknowledged} moves were acknowledged but only ${stored.moves} are stored`);
  if (stored.moves > acknowledged + failed) failures.push(`${stored.moves} moves are stored but only ${acknowledged} (+${failed} failed) were made`);
  return { ok: failures.length === 0, failures, matches: stored.matches, moves: { stored: stored.moves, acknowledged } };
}
