#!/usr/bin/env node
/**
 * What a loaded server allocates per action, and where: Arbiter started from `dist/` (run
 * `npm run build` first) in this process on a fresh database with 100 campaigns, a child process
 * sending it drawCards (or trial rolls) from 32 connections with autocannon, and V8's sampling heap
 * profiler counting every allocation — the ones the young generation collects included — over a
 * window of the load. Every byte allocated is a byte the scavenger must make room for: this says
 * which code makes the young generation fill up, where `bench/service-path.js` says what outlives it.
 *   node bench/allocations.js [--action draw|trial] [--seconds N] [--top N] [--save FILE] [--surviving] > /dev/null
 * `--save FILE` also writes the profile (a .heapprofile: Chrome DevTools' Memory tab opens it).
 * `--surviving` counts only what is still alive when the sampling stops: requests in flight, and
 * what was promoted to the old generation since its last full collection.
 * The server's log goes to stdout, as `npm start`'s does; the report goes to stderr.
 * Environment: DATABASE_URL (a Postgres server to create a fresh database on; default: embedded).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const WARM_UP_SECONDS = 6;

/** The child: 32 connections of autocannon for `seconds`, round-robin over the prepared requests (`{ key, query, variables }` each). */
async function load(url, requestsFile, seconds) {
  const { cannon, rotation } = await import('./lib/load.js');
  const requests = JSON.parse(readFileSync(requestsFile, 'utf8'));
  const { ok, errors, elapsed } = await cannon({ url, connections: 32, seconds, nextRequest: rotation(requests, (request) => request), label: 'load', stage: 'allocations' });
  process.stderr.write(`\nload: ${Math.round(ok / elapsed)} answered/s, ${errors} errors\n`);
}

/** The package (or file of Arbiter's build) a call frame belongs to. */
function origin(url) {
  if (!url) return '(V8 and native)';
  const inModules = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return 'node: (Node.js internals)';
  return url.replace(/^file:\/\/.*?\/dist\//, 'dist/');
}

/** Self bytes by package and by function, over the profile's tree. */
function tally(profile) {
  const byOrigin = new Map();
  const byFunction = new Map();
  let total = 0;
  const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
  const stack = [profile.head];
  while (stack.length > 0) {
    const node = stack.pop();
    const { functionName, url, lineNumber } = node.callFrame;
    total += node.selfSize;
    add(byOrigin, origin(url), node.selfSize);
    add(byFunction, `${functionName || '(anonymous)'}  ${origin(url)}:${lineNumber + 1}`, node.selfSize);
    stack.push(...node.children);
  }
  return { total, byOrigin, byFunction };
}

async function main() {
  const { drawRequest, prepareCampaigns } = await import('./lib/api.js');
  const { startArbiterInProcess } = await import('./lib/in-process.js');
  const { prepareTrialRolls } = await import('./lib/tenth-realm.js');
  const action = option('--action', 'draw');
  const seconds = Number(option('--seconds', 6));
  const top = Number(option('--top', 30));
  const save = option('--save', undefined);
  const surviving = process.argv.includes('--surviving');
  if (!['draw', 'trial'].includes(action) || !(seconds > 0) || !(top > 0)) {
    process.stderr.write('usage: node bench/allocations.js [--action draw|trial] [--seconds N] [--top N] [--save FILE] [--surviving] > /dev/null\n');
    process.exit(2);
  }

  const { arbiter, adminKey, databaseUrl, stop } = await startArbiterInProcess({ name: 'allocations', logLevel: 'info' });
  const scratch = mkdtempSync(join(tmpdir(), 'arbiter-allocations-requests-'));
  const events = new pg.Client({ connectionString: databaseUrl });
  await events.connect();
  try {
    const targets = await prepareCampaigns(arbiter.url, adminKey, 100);
    let build = drawRequest;
    if (action === 'trial') {
      const trial = await prepareTrialRolls(arbiter.url, targets);
      if (trial.skip) throw new Error(trial.skip);
      build = trial.build;
    }
    const requestsFile = join(scratch, 'requests.json');
    writeFileSync(requestsFile, JSON.stringify(targets.map((target) => build(target))));
    const child = fork(fileURLToPath(import.meta.url), ['--load', arbiter.url, requestsFile, String(WARM_UP_SECONDS + seconds + 2)]);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000));

    // Each action appends one event to its campaign's log: the log's growth counts the actions.
    const logged = async () => Number((await events.query('SELECT count(*) AS n FROM game_events')).rows[0].n);
    const session = new Session();
    session.connect();
    const before = await logged();
    await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: !surviving, includeObjectsCollectedByMinorGC: !surviving });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const actions = (await logged()) - before;
    session.disconnect();
    if (save) writeFileSync(save, JSON.stringify(profile));
    await exited;

    const { total, byOrigin, byFunction } = tally(profile);
    const kb = (bytes) => (bytes / actions / 1024).toFixed(2).padStart(7);
    const share = (bytes) => ((100 * bytes) / total).toFixed(1).padStart(5);
    const table = (map, count) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, bytes]) => `  ${kb(bytes)} KB  ${share(bytes)} %  ${name}`)
        .join('\n');
    process.stderr.write(
      `${action}: ${actions} actions in ${seconds} s sampled, ${kb(total).trim()} KB ${surviving ? 'still alive' : 'allocated'} per action\n\n` +
        `by package (self)\n${table(byOrigin, 20)}\n\nby function (self)\n${table(byFunction, top)}\n`,
    );
  } finally {
    await events.end();
    await stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--load') await load(process.argv[3], process.argv[4], Number(process.argv[5]));
else await main();
