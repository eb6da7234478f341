#!/usr/bin/env node
/**
 * `npm run bench`: Arbiter's throughput against the database's own limit. See bench/README.md
 * for what each figure means. Plain ESM JavaScript run against dist/, so it needs no TS loader.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drawRequest, prepareCampaigns, rollRequest, typenameRequest } from './lib/api.js';
import { parseArgs } from './lib/args.js';
import { BASELINES } from './lib/baseline.js';
import { describeDatabase, startBenchDatabase } from './lib/database.js';
import { checkInvariants } from './lib/invariants.js';
import { baselinePhase, httpPhase, rotation } from './lib/load.js';
import { machine, waitForQuiet } from './lib/proc.js';
import { evaluateTargets, formatReport } from './lib/report.js';
import { START_FLAGS, serverEnvironment, startServer } from './lib/server.js';
import { prepareTrialRolls } from './lib/tenth-realm.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'dist', 'server.js');

/**
 * Reads that stop at successive layers of the server (`--layers`): what a request costs before
 * any resolver runs, with a Nest resolver and no database, and with one statement on the pool.
 */
const LAYERS = [
  ['api __typename', typenameRequest],
  ['api cardPreset', (target) => ({ key: target.gmKey, query: 'query Preset($id: ID!) { cardPreset(id: $id) { id } }', variables: { id: 'standard-52' } })],
  ['api campaign', (target) => ({ key: target.gmKey, query: 'query Campaign($id: ID!) { campaign(id: $id) { id name } }', variables: { id: target.campaignId } })],
];

const log = (line) => process.stderr.write(`${line}\n`);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const wanted = (phase) => !options.only || options.only.has(phase);
  const baseline = BASELINES[options.baseline];
  if (!baseline) throw new Error(`unknown --baseline '${options.baseline}'; known: ${Object.keys(BASELINES).join(', ')}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
  const logFile = join(dataDir, 'server.log');
  log(`data dir ${dataDir} (server log: ${logFile})`);

  const database = await startBenchDatabase(dataDir, process.env.DATABASE_URL);
  const serverEnv = serverEnvironment({ databaseUrl: database.url, dataDir, development: options.development });
  const poolSize = Number(serverEnv.ARBITER_DB_POOL_SIZE);
  const logLevel = serverEnv.LOG_LEVEL;
  const adminKey = serverEnv.ARBITER_ADMIN_KEY;
  const pool = new pg.Pool({ connectionString: database.url, max: poolSize, pipeline: baseline.pipeline });
  pool.on('error', () => undefined);
  const extraPools = [];
  let poolOpen = true;
  const closePool = async () => {
    if (poolOpen) {
      poolOpen = false;
      for (const open of [pool, ...extraPools]) await open.end();
    }
  };
  let databaseRunning = true;
  const stopDatabase = async () => {
    if (databaseRunning) {
      databaseRunning = false;
      await database.stop();
    }
  };
  const acknowledged = {
    draws: { count: 0, inFlight: 0 },
    rolls: { count: 0, inFlight: 0 },
    trials: { count: 0, inFlight: 0 },
    reads: { count: 0, inFlight: 0 },
  };
  const phases = [];
  const skipped = [];
  /** The server under test, then the builds to compare (`--compare`), all up at once on the same database. */
  const servers = [];
  let exitCode = 0;
  let cleaning;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await closePool().catch(() => undefined);
      for (const running of servers) await running.stop().catch(() => undefined);
      await stopDatabase().catch(() => undefined);
      if (!options.keep) {
        await database.drop().catch(() => undefined);
        rmSync(dataDir, { recursive: true, force: true });
      } else log(`kept ${dataDir}`);
    })());
  // Interrupted (Ctrl-C, a timeout): stop the servers and the database, remove the data dir.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`\n${signal}: stopping the servers and the database`);
      cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    const nodeArgs = [...START_FLAGS, ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(options.profile)}`] : [])];
    const server = await startServer({ main: MAIN, env: serverEnv, logFile, nodeArgs });
    servers.push(server);
    const postgres = await describeDatabase(pool);
    log(`server up in ${Math.round(server.startMs)} ms at ${server.url}; Postgres ${postgres.version} (${database.kind})`);

    const setupStarted = Date.now();
    const targets = await prepareCampaigns(server.url, adminKey, options.campaigns, (done, total) => {
      if (done % 10 === 0 || done === total) process.stderr.write(`\r  preparing campaigns ${done}/${total}`);
    });
    log(` (${((Date.now() - setupStarted) / 1000).toFixed(1)} s)`);
    const hot = [targets[0]];
    const postgresPid = database.postmasterPid();
    const watchOf = (...running) => ({ servers: running, postgresPid });

    const base = (label, pick, statements = baseline, onPool = pool) => {
      let next = 0;
      const phase = baselinePhase({ label, workers: options.connections, watch: watchOf(), transaction: () => statements.run(onPool, pick(next++)) });
      return { counter: 'draws', phase };
    };
    const http = (running, label, nextRequest, counter, extra) => ({
      counter,
      phase: httpPhase({ label, url: () => running.url, connections: options.connections, nextRequest, watch: watchOf(running), extra }),
    });
    const plan = [];
    if (wanted('baseline')) plan.push(base('baseline', (i) => targets[i % targets.length]));
    if (wanted('api')) plan.push(http(server, 'api drawCards', rotation(targets, drawRequest), 'draws'));
    if (wanted('baseline-hot')) plan.push(base('baseline-hot', () => hot[0]));
    if (wanted('api-hot')) plan.push(http(server, 'api-hot drawCards', rotation(hot, drawRequest), 'draws'));
    if (wanted('rollDice')) plan.push(http(server, 'api rollDice', rotation(targets, rollRequest), 'rolls'));
    // A build in several processes: `first` and the servers `startAnother(n)` starts, on the same
    // campaigns, as behind a load balancer that does not route by campaign (each process's moves
    // find the campaign moved on by the others), and each on campaigns of its own, as behind one
    // that does.
    const processesLabel = `api drawCards [${options.processes} processes]`;
    const routedLabel = `api drawCards [${options.processes} processes, by campaign]`;
    const withProcesses = options.processes > 1 && wanted('processes');
    const processesPhases = async (first, startAnother, suffix = '', extra = {}) => {
      const running = [first];
      while (running.length < options.processes) {
        const another = await startAnother(running.length + 1);
        servers.push(another);
        running.push(another);
      }
      const urls = () => running.map(({ url }) => url);
      const onAll = (label, nextRequest) => ({
        counter: 'draws',
        phase: httpPhase({ label: `${label}${suffix}`, url: urls, connections: options.connections, nextRequest, watch: watchOf(...running), extra }),
      });
      const campaignsOf = (process) => targets.filter((_, i) => i % running.length === process);
      return [onAll(processesLabel, rotation(targets, drawRequest)), onAll(routedLabel, running.map((_, process) => rotation(campaignsOf(process), drawRequest)))];
    };
    if (withProcesses) plan.push(...(await processesPhases(server, (n) => startServer({ main: MAIN, env: serverEnv, logFile, label: `process ${n}`, nodeArgs }))));
    if (options.layers) for (const [label, build] of LAYERS) plan.push(http(server, label, rotation(targets, build), 'reads', { layer: true }));
    // Other statement sets for the baseline (e.g. v0, what the server sent before): how far the
    // database's own limit moved with the SQL.
    for (const name of options.compareBaseline) {
      const statements = BASELINES[name];
      if (!statements) throw new Error(`unknown --compare-baseline '${name}'; known: ${Object.keys(BASELINES).join(', ')}`);
      const otherPool = new pg.Pool({ connectionString: database.url, max: poolSize, pipeline: statements.pipeline });
      otherPool.on('error', () => undefined);
      extraPools.push(otherPool);
      if (wanted('baseline')) plan.push(base(`baseline [${name} SQL]`, (i) => targets[i % targets.length], statements, otherPool));
      if (wanted('baseline-hot')) plan.push(base(`baseline-hot [${name} SQL]`, () => hot[0], statements, otherPool));
    }
    let trialRequest;
    if (wanted('tenthRealmTrialRoll')) {
      const trial = await prepareTrialRolls(server.url, targets);
      if (trial.skip) skipped.push({ phase: 'api tenthRealmTrialRoll', reason: trial.skip });
      else plan.push(http(server, 'api tenthRealmTrialRoll', rotation(targets, (trialRequest = trial.build)), 'trials'));
    }
    // Other builds of the server (e.g. a copy of dist/ from before a change): each its own
    // process on the same database, idle but for its own phases, which take turns with the rest.
    for (const other of options.compare) {
      const startOther = (label) => startServer({ main: resolve(other.main), env: { ...serverEnv, ...other.env }, logFile, label, nodeArgs: [...nodeArgs, ...other.nodeArgs] });
      const running = await startOther(other.label);
      servers.push(running);
      const extra = { build: other.label };
      if (wanted('api')) plan.push(http(running, `api [${other.label}]`, rotation(targets, drawRequest), 'draws', extra));
      if (wanted('api-hot')) plan.push(http(running, `api-hot [${other.label}]`, rotation(hot, drawRequest), 'draws', extra));
      if (trialRequest) plan.push(http(running, `api tenthRealmTrialRoll [${other.label}]`, rotation(targets, trialRequest), 'trials', extra));
      if (withProcesses) plan.push(...(await processesPhases(running, (n) => startOther(`${other.label} process ${n}`), ` [${other.label}]`, extra)));
    }

    // Each phase warms up once; then the phases take turns, one slice each per round.
    const rounds = options.rounds;
    const slice = options.duration / rounds;
    log(`\nphases (${options.warmup} s warm-up each, then ${rounds} round${rounds > 1 ? 's' : ''} of ${slice} s per phase):`);
    let noisySlices = 0;
    for (let round = 1; round <= rounds; round += 1) {
      for (const { phase } of plan) {
        if (options.quietPercent > 0) {
          const { waited, quiet } = await waitForQuiet(options.quietPercent, options.quietWait);
          if (!quiet) noisySlices += 1;
          if (waited > 2) log(`  (waited ${Math.round(waited)} s for the machine to be ${quiet ? 'quiet' : 'quiet, in vain'})`);
        }
        // The first round warms up in full; later ones briefly, as a phase's connections (HTTP, and
        // the server's pool, which closes idle connections) may have gone while the others ran.
        await phase.warmup(round === 1 ? options.warmup : Math.min(1, options.warmup));
        await phase.measure(slice, rounds > 1 ? `round ${round}/${rounds}` : 'measure');
      }
    }

    for (const { phase, counter } of plan) {
      const result = phase.result();
      phases.push(result);
      acknowledged[counter].count += result.completed;
      acknowledged[counter].inFlight += phase.cutOff ?? 0;
    }

    const invariants = await checkInvariants(pool, acknowledged);
    await closePool();

    // Cold start: the server alone, from process start to a healthy /health, on the data dir it
    // already knows (for the embedded database: its own Postgres, started by the server itself).
    for (const running of servers.splice(0)) await running.stop();
    await stopDatabase();
    const coldEnv = database.kind === 'embedded' ? { ...serverEnv, DATABASE_URL: '' } : serverEnv;
    const runsMs = [];
    for (let i = 0; i < 3; i += 1) {
      const cold = await startServer({ main: MAIN, env: coldEnv, logFile, label: 'cold start', nodeArgs: START_FLAGS });
      runsMs.push(cold.startMs);
      await cold.stop();
    }
    const sortedRuns = [...runsMs].sort((a, b) => a - b);

    const rate = (label) => phases.find((phase) => phase.phase === label)?.requestsPerSecond;
    const ratios = {};
    const ratio = (name, api, base) => {
      if (rate(api) !== undefined && rate(base)) ratios[name] = rate(api) / rate(base);
    };
    ratio('api / baseline (spread)', 'api drawCards', 'baseline');
    ratio('api-hot / baseline-hot (hot)', 'api-hot drawCards', 'baseline-hot');
    ratio(`${processesLabel} / baseline`, processesLabel, 'baseline');
    ratio(`${routedLabel} / baseline`, routedLabel, 'baseline');
    for (const name of options.compareBaseline) {
      ratio(`api / baseline [${name} SQL]`, 'api drawCards', `baseline [${name} SQL]`);
      ratio(`api-hot / baseline-hot [${name} SQL]`, 'api-hot drawCards', `baseline-hot [${name} SQL]`);
    }
    for (const other of options.compare) {
      ratio(`api [${other.label}] / baseline`, `api [${other.label}]`, 'baseline');
      ratio(`api-hot [${other.label}] / baseline-hot`, `api-hot [${other.label}]`, 'baseline-hot');
    }

    const results = {
      date: new Date().toISOString(),
      machine: machine(),
      postgres,
      database: database.kind === 'embedded' ? 'embedded' : 'DATABASE_URL',
      config: {
        ...options,
        only: options.only ? [...options.only] : undefined,
        poolSize,
        logLevel,
        nodeEnv: serverEnv.NODE_ENV || 'development',
        nodeFlags: START_FLAGS.join(' '),
        rateLimitPerMinute: Number(serverEnv.ARBITER_RATE_LIMIT_PER_MINUTE),
        baselineStatements: baseline.describe,
      },
      phases,
      skipped,
      ratios,
      coldStart: { runsMs, medianMs: sortedRuns[1] },
      noisySlices,
      invariants,
    };
    results.targets = evaluateTargets(results);
    process.stdout.write(`\n${formatReport(results)}\n`);
    if (options.json) {
      mkdirSync(dirname(resolve(options.json)), { recursive: true });
      writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
      log(`figures written to ${options.json}`);
    }
    if (!invariants.ok) {
      log('\nFAILED: the invariants broke under load; these figures do not count.');
      exitCode = 1;
    }
  } catch (error) {
    log(`\nbenchmark failed: ${error?.stack ?? error}`);
    exitCode = 2;
  } finally {
    await cleanUp();
  }
  process.exit(exitCode);
}

await main();
