#!/usr/bin/env node
/**
 * `npm run bench`: Arbiter against what a careful service reaches with a stock driver (the
 * baseline), against itself in two processes, and beside a peer (`--peer`). bench/README.md says
 * how to run it and read it. Plain ESM JavaScript run against dist/, so it needs no TS loader.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drawRequest, ODDS_EXPRESSIONS, oddsRequest, prepareCampaigns, rollRequest } from './lib/api.js';
import { HELP, parseArgs, runsPhase } from './lib/args.js';
import { BASELINE_STATEMENTS, textbookDraw } from './lib/baseline.js';
import { baselineRequests } from './lib/baseline-http.js';
import { describeDatabase, startBenchDatabase } from './lib/database.js';
import { checkInvariants } from './lib/invariants.js';
import { httpPhase, loopPhase, rotation } from './lib/load.js';
import { checkPeerStorage, startPeer } from './lib/peer.js';
import { machine } from './lib/proc.js';
import { evaluateTargets, formatReport } from './lib/report.js';
import { serverEnvironment, startServer } from './lib/server.js';
import { prepareTrialRolls } from './lib/tenth-realm.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'dist', 'server.js');
const COLD_STARTS = 3;

const log = (line) => process.stderr.write(`${line}\n`);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(HELP);
    return 0;
  }
  const runs = (phase) => runsPhase(options, phase);
  const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
  const logFile = join(dataDir, 'server.log');
  log(`data dir ${dataDir} (servers' log: ${logFile})`);
  const startedOn = machine();

  const database = await startBenchDatabase(dataDir, process.env.DATABASE_URL);
  const serverEnv = serverEnvironment({ databaseUrl: database.url, dataDir });
  const poolSize = Number(serverEnv.ARBITER_DB_POOL_SIZE);
  const pool = new pg.Pool({ connectionString: database.url, max: poolSize });
  pool.on('error', () => undefined);
  const running = [];
  const closers = [];
  let cleaning;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const close of closers.splice(0)) await Promise.resolve(close()).catch(() => undefined);
      for (const server of running.splice(0)) await server.stop().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await database.stop().catch(() => undefined);
      if (options.keep) log(`kept ${dataDir}`);
      else {
        await database.drop().catch(() => undefined);
        rmSync(dataDir, { recursive: true, force: true });
      }
    })());
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`\n${signal}: stopping the servers and the database`);
      cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    const server = await startServer({ main: MAIN, env: serverEnv, logFile });
    running.push(server);
    const postgres = await describeDatabase(pool);
    log(`server up in ${Math.round(server.startMs)} ms at ${server.url}; Postgres ${postgres.version} (${database.kind})`);

    const setupStarted = Date.now();
    const targets = await prepareCampaigns(server.url, serverEnv.ARBITER_ADMIN_KEY, options.campaigns, (done, total) => {
      if (done % 10 === 0 || done === total) process.stderr.write(`\r  preparing campaigns ${done}/${total}`);
    });
    log(` (${((Date.now() - setupStarted) / 1000).toFixed(1)} s)`);
    const hot = [targets[0]];
    const postgresPid = database.postmasterPid();
    const watch = (...servers) => ({ servers, postgresPid });
    const { connections } = options;
    const skipped = [];
    // What the setup itself acknowledged, on top of the phases' counts.
    const setupMoves = { trials: 0 };

    const plan = [];
    const baseline = (id, label, on) => {
      let turn = 0;
      return { counter: 'draws', phase: loopPhase({ id, label, kind: 'baseline', workers: connections, watch: watch(), transaction: () => textbookDraw(pool, on[turn++ % on.length]) }) };
    };
    const http = (id, label, servers, nextRequest, counter, phaseConnections = connections) => ({
      counter,
      phase: httpPhase({ id, label, urls: servers.map(({ url }) => url), connections: phaseConnections, nextRequest, watch: watch(...servers) }),
    });
    if (runs('baseline')) plan.push(baseline('baseline', 'baseline drawCards, spread', targets));
    if (runs('baseline-http')) {
      const bare = await startServer({
        main: join(ROOT, 'bench', 'lib', 'baseline-http.js'),
        env: { DATABASE_URL: database.url, POOL_SIZE: String(poolSize) },
        logFile,
        label: 'baseline over HTTP',
        nodeArgs: [],
      });
      running.push(bare);
      plan.push({
        counter: 'draws',
        phase: httpPhase({ id: 'baseline-http', label: 'baseline over bare HTTP, spread', kind: 'baseline', urls: [bare.url], connections, nextRequest: baselineRequests(targets), watch: watch(bare) }),
      });
    }
    if (runs('api')) plan.push(http('api', 'api drawCards, spread', [server], rotation(targets, drawRequest), 'draws'));

    let peer;
    if (runs('peer')) {
      const peerLog = join(dataDir, 'peer.log');
      const databaseUrl = await database.another('peer');
      peer = { databaseUrl, ...(await startPeer({ name: options.peer, databaseUrl, poolSize, logFile: peerLog, log })) };
      running.push(peer.server);
      const workers = Math.min(connections, options.campaigns);
      const tables = await peer.harness.openTables(peer.server.url, { matches: options.campaigns, workers });
      closers.push(() => tables.close());
      peer.tables = tables;
      log(`peer up: ${peer.describe}, ${options.campaigns} matches, ${workers} players (log: ${peerLog})`);
      plan.push({
        counter: 'peer',
        phase: loopPhase({
          id: 'peer',
          label: `peer ${options.peer} draw, spread`,
          kind: 'peer',
          workers,
          watch: watch(peer.server),
          transaction: (worker) => tables.transaction(worker),
          extra: { peerName: options.peer },
        }),
      });
    }

    if (runs('baseline-hot')) plan.push(baseline('baseline-hot', 'baseline drawCards, hot', hot));
    if (runs('api-hot')) plan.push(http('api-hot', 'api drawCards, hot', [server], rotation(hot, drawRequest), 'draws'));
    if (runs('rollDice')) plan.push(http('rollDice', 'api rollDice', [server], rotation(targets, rollRequest), 'rolls'));
    if (runs('tenthRealmTrialRoll')) {
      try {
        const trial = await prepareTrialRolls(server.url, targets);
        setupMoves.trials += trial.tried;
        plan.push(http('tenthRealmTrialRoll', 'api tenthRealmTrialRoll', [server], rotation(targets, trial.build), 'trials'));
      } catch (error) {
        skipped.push({ phase: 'api tenthRealmTrialRoll', reason: `preparing the Tenth Realm characters failed (${error.message}); see bench/lib/tenth-realm.js` });
      }
    }
    if (runs('rollOdds')) {
      // One phase per expression, so that each gets its own p99; they write nothing (counted apart).
      // Their target is the answer's latency as an asker sees it, not queueing behind 32 others.
      for (const expression of ODDS_EXPRESSIONS) {
        plan.push(http(`rollOdds ${expression}`, `api rollOdds ${expression}`, [server], rotation(targets, oddsRequest(expression)), 'odds', options.oddsConnections));
      }
    }
    if (runs('processes')) {
      // A second process on the same database; each process draws on every campaign, as behind
      // a load balancer that does not route by campaign. The connections are shared between them.
      const second = await startServer({ main: MAIN, env: serverEnv, logFile, label: 'process 2' });
      running.push(second);
      plan.push(http('processes', 'api drawCards, spread, 2 processes', [server, second], rotation(targets, drawRequest), 'draws'));
    }

    // Each phase warms up once; then the phases take turns, one slice each per round.
    const slice = options.duration / options.rounds;
    log(`\nphases (${options.warmup} s warm-up each, then ${options.rounds} round(s) of ${slice} s per phase):`);
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const { phase } of plan) {
        // Later rounds warm up briefly: idle connections (HTTP, the server's pool) may have closed meanwhile.
        await phase.warmup(round === 1 ? options.warmup : Math.min(1, options.warmup));
        await phase.measure(slice, options.rounds > 1 ? `round ${round}/${options.rounds}` : 'measure');
      }
    }

    const phases = [];
    const acknowledged = { draws: { count: 0, inFlight: 0 }, rolls: { count: 0, inFlight: 0 }, trials: { count: setupMoves.trials, inFlight: 0 }, odds: { count: 0, inFlight: 0 }, peer: { count: 0, inFlight: 0 } };
    for (const { phase, counter } of plan) {
      const result = phase.result();
      phases.push(result);
      acknowledged[counter].count += result.completed;
      acknowledged[counter].inFlight += phase.cutOff;
    }

    const invariants = await checkInvariants(pool, acknowledged);
    let peerResults;
    if (peer) {
      const peerPhase = phases.find((each) => each.id === 'peer');
      const client = new pg.Client({ connectionString: peer.databaseUrl });
      await client.connect();
      try {
        const storage = await checkPeerStorage({
          harness: peer.harness,
          client,
          matchIDs: peer.tables.matchIDs,
          acknowledged: acknowledged.peer.count,
          failed: peerPhase.errors + peerPhase.warmupErrors,
        });
        const api = phases.find((each) => each.id === 'api');
        const side = (phase) =>
          phase && { movesPerSecond: phase.requestsPerSecond, p50: phase.p50, p99: phase.p99, serverCpuMsPerMove: phase.cpuMsPerRequest.server, serverRssBytes: phase.serverRssBytes };
        peerResults = {
          name: options.peer,
          describe: peer.describe,
          storage,
          sideBySide: { arbiter: side(api), [options.peer]: side(peerPhase), ratio: api && peerPhase.requestsPerSecond ? api.requestsPerSecond / peerPhase.requestsPerSecond : null },
        };
      } finally {
        await client.end();
      }
    }

    // Cold start: the server alone, from process start to a healthy /health, on the data dir it
    // already knows (for the embedded database: its own Postgres, started by the server itself).
    for (const close of closers.splice(0)) close();
    for (const each of running.splice(0)) await each.stop();
    await pool.end();
    await database.stop();
    const coldEnv = database.kind === 'embedded' ? { ...serverEnv, DATABASE_URL: '' } : serverEnv;
    const runsMs = [];
    for (let i = 0; i < COLD_STARTS; i += 1) {
      const cold = await startServer({ main: MAIN, env: coldEnv, logFile, label: 'cold start' });
      runsMs.push(cold.startMs);
      await cold.stop();
    }

    const results = {
      date: new Date().toISOString(),
      machine: startedOn,
      postgres,
      database: database.kind === 'embedded' ? 'embedded' : 'DATABASE_URL',
      config: {
        quick: options.quick,
        duration: options.duration,
        rounds: options.rounds,
        warmup: options.warmup,
        connections,
        oddsConnections: options.oddsConnections,
        campaigns: options.campaigns,
        only: options.only,
        peer: options.peer,
        poolSize,
        logLevel: serverEnv.LOG_LEVEL,
      },
      baseline: { statements: BASELINE_STATEMENTS, poolSize, workers: connections },
      phases,
      skipped,
      peer: peerResults,
      coldStart: { runsMs, medianMs: [...runsMs].sort((a, b) => a - b)[Math.floor(runsMs.length / 2)] },
      invariants,
    };
    results.targets = evaluateTargets(results);
    process.stdout.write(`\n${formatReport(results)}\n`);
    if (options.json) {
      mkdirSync(dirname(resolve(options.json)), { recursive: true });
      writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
      log(`figures written to ${options.json}`);
    }
    if (!invariants.ok || (peerResults && !peerResults.storage.ok)) {
      log('\nFAILED: data was lost or broken under load; these figures do not count.');
      return 1;
    }
    return 0;
  } catch (error) {
    log(`\nbenchmark failed: ${error?.stack ?? error}`);
    return 2;
  } finally {
    await cleanUp();
  }
}

process.exit(await main());
