#!/usr/bin/env node
/**
 * What a request costs the server in instructions, counted by valgrind's callgrind: the same
 * figure for the same build, however busy the machine is, where `npm run bench`'s figures move
 * with the machine's spell by more than a change of a few per cent is worth (bench/README.md).
 *
 * The campaigns are prepared by a server of the current build run normally; then each build is
 * started in turn under callgrind on that database, warmed up, and its count is zeroed before and
 * dumped after a fixed number of requests of each kind. Only the server's own instructions count
 * (all its threads: V8's compilers and GC included), not the kernel's nor Postgres's: a change
 * that saves system calls or database work does not show here. Of them, what V8 spent compiling
 * and collecting garbage is shown apart (by the functions' names, lib/callgrind.js): those come in
 * lumps that one counted window catches and the next misses, and the rest, the request's own
 * work, is the figure to compare builds by (collecting is a request's cost too, for what it
 * allocates, but it needs a window many times longer to be measured evenly).
 *
 * The servers run as `npm run bench` runs them (NODE_ENV=production unless `--development`).
 *
 * Usage: node bench/instructions.js [--requests N] [--warmup N] [--connections N] [--campaigns N]
 *          [--only draw,roll,typename,trial] [--compare 'LABEL=PATH [node flags] [NAME=VALUE]']... [--development]
 *          [--json FILE] [--dumps DIR] [--concurrent]
 * --dumps DIR keeps each counted window's dump there, as LABEL-KIND.callgrind (for
 * `callgrind_annotate --tree=caller`), with LABEL-KIND.txt: the functions with the most own
 * instructions per request, and the JavaScript functions with the most inclusive ones (their own
 * and those of all they called), JavaScript named (the servers then run with --perf-basic-prof,
 * and the dump's JIT addresses are looked up in their /tmp/perf-PID.map).
 * --concurrent runs V8 as it normally runs, compiling on its own threads, instead of in one
 * thread: the inclusive counts then hold none of the compiling, which in one thread lands inside
 * whichever function set it off; the totals move more from run to run.
 * Needs valgrind (Debian's `valgrind` package) and a build (npm run build).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { drawRequest, prepareCampaigns, rollRequest, typenameRequest } from './lib/api.js';
import { startBenchDatabase } from './lib/database.js';
import { parseInstructionArgs } from './lib/args.js';
import { inclusiveCostsOf, ownCostsOf, perfMapNamer, upkeepOf } from './lib/callgrind.js';
import { graphqlPosts, rotation } from './lib/load.js';
import { prepareTrialRolls } from './lib/tenth-realm.js';
import { START_FLAGS, serverEnvironment, startServer } from './lib/server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'dist', 'server.js');
/**
 * V8 in one thread, without its time-based heuristics: what it compiles, and when it collects,
 * then depends mostly on the work (two runs of one build still differ by ~2 %, bench/README.md).
 */
const COUNTING_FLAGS = ['--predictable'];
const log = (line) => process.stderr.write(`${line}\n`);
const millions = (count) => (count / 1e6).toFixed(3);

/** The kinds of request measured, by name: what `--only` names. */
const KINDS = {
  draw: { label: 'drawCards', build: drawRequest },
  roll: { label: 'rollDice', build: rollRequest },
  typename: { label: '{ __typename }', build: typenameRequest },
  // Its requests exist once each campaign has its Tenth Realm character (lib/tenth-realm.js).
  trial: { label: 'trial roll', prepare: prepareTrialRolls },
};

/** `amount` requests from `connections` connections; rejects unless every one was answered without errors. */
function fire(url, connections, amount, nextRequest) {
  let failed = 0;
  const instance = autocannon({
    url: `${url}/graphql`,
    connections,
    amount,
    timeout: 120,
    skipAggregateResult: true,
    requests: graphqlPosts(nextRequest, (done) => {
      if (!done) failed += 1;
    }),
  });
  return new Promise((done, reject) => {
    instance.on('done', (result) => {
      const lost = failed + result.errors + result.timeouts;
      if (lost > 0) reject(new Error(`${lost} of ${amount} requests failed`));
      else done();
    });
    instance.on('error', reject);
  });
}

/**
 * Sends callgrind a command. valgrind names its command pipes after the HOST of its environment,
 * which startServer sets to the server's listening address: the command is sent with the same.
 */
function callgrind(args) {
  return execFileSync('callgrind_control', args, { encoding: 'utf8', env: { ...process.env, HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The dump of what callgrind counted since it was last zeroed. */
function dump(pid, outDir) {
  const before = new Set(readdirSync(outDir));
  const answer = callgrind(['--dump', String(pid)]);
  const written = readdirSync(outDir).find((name) => !before.has(name) && name.startsWith(`callgrind.${pid}.out.`));
  if (!written) throw new Error(`callgrind wrote no dump for process ${pid}: ${answer.trim()}; ${readdirSync(outDir).join(' ')}`);
  return { path: join(outDir, written), text: readFileSync(join(outDir, written), 'utf8') };
}

/**
 * Keeps a counted window's dump in `dir` as PREFIX.callgrind, and PREFIX.txt: the functions with
 * the most own instructions per request, then the JavaScript functions with the most inclusive
 * ones, JavaScript named by the server's perf map.
 */
function keepDump(counted, dir, prefix, pid, requests) {
  copyFileSync(counted.path, join(dir, `${prefix}.callgrind`));
  const name = perfMapNamer(readFileSync(`/tmp/perf-${pid}.map`, 'utf8'));
  const named = (costs) => {
    const byName = new Map();
    for (const [fn, cost] of costs) {
      const label = name(fn);
      byName.set(label, (byName.get(label) ?? 0) + cost);
    }
    return byName;
  };
  const table = (costs) =>
    [...costs]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 60)
      .map(([fn, cost]) => `${Math.round(cost / requests).toString().padStart(9)}  ${fn}`)
      .join('\n');
  const javaScript = [...named(inclusiveCostsOf(counted.text))].filter(([fn]) => fn.startsWith('JS:'));
  writeFileSync(
    join(dir, `${prefix}.txt`),
    `own instructions per request, by function\n${table(named(ownCostsOf(counted.text)))}\n\n` +
      `inclusive instructions per request, by JavaScript function (with --concurrent, none of them V8's compiling)\n${table(javaScript)}\n`,
  );
}

async function main() {
  const options = parseInstructionArgs(process.argv.slice(2));
  if (options.help) {
    log(readFileSync(fileURLToPath(import.meta.url), 'utf8').match(/\/\*\*([\s\S]*?)\*\//)[1].replace(/^ \* ?/gm, ''));
    return;
  }
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-instructions-'));
  const outDir = mkdtempSync(join(tmpdir(), 'arbiter-callgrind-'));
  if (options.dumps) mkdirSync(options.dumps, { recursive: true });
  const logFile = join(dataDir, 'server.log');
  const database = await startBenchDatabase(dataDir, process.env.DATABASE_URL);
  const env = serverEnvironment({ databaseUrl: database.url, dataDir, development: options.development });
  const results = [];
  try {
    const preparer = await startServer({ main: MAIN, env, logFile, label: 'preparing server', nodeArgs: START_FLAGS });
    const targets = await prepareCampaigns(preparer.url, env.ARBITER_ADMIN_KEY, options.campaigns);
    const requestsOf = new Map();
    for (const kind of options.only) {
      const { build, prepare } = KINDS[kind];
      const prepared = build ? { build } : await prepare(preparer.url, targets);
      if (prepared.skip) throw new Error(prepared.skip);
      requestsOf.set(kind, prepared.build);
    }
    await preparer.stop();
    log(`${options.campaigns} campaigns prepared; per kind ${options.warmup} requests of warm-up, then ${options.requests} counted, ${options.connections} connections`);

    for (const build of [{ label: 'now', main: MAIN, nodeArgs: [], env: {} }, ...options.compare.map((other) => ({ ...other, main: resolve(other.main) }))]) {
      const server = await startServer({
        main: build.main,
        env: { ...env, ...build.env },
        logFile,
        label: build.label,
        nodeArgs: [...START_FLAGS, ...(options.concurrent ? [] : COUNTING_FLAGS), ...(options.dumps ? ['--perf-basic-prof'] : []), ...build.nodeArgs],
        wrapper: ['valgrind', '--tool=callgrind', `--callgrind-out-file=${join(outDir, 'callgrind.%p.out')}`],
        startTimeoutS: 900,
      });
      try {
        for (const kind of options.only) {
          const next = rotation(targets, requestsOf.get(kind));
          await fire(server.url, options.connections, options.warmup, next);
          callgrind(['--zero', String(server.pid)]);
          await fire(server.url, options.connections, options.requests, next);
          const counted = dump(server.pid, outDir);
          const { total, compiling, collecting } = upkeepOf(counted.text);
          if (!(total > 0)) throw new Error(`no instructions counted in ${counted.path}`);
          if (options.dumps) keepDump(counted, options.dumps, `${build.label}-${kind}`, server.pid, options.requests);
          const [instructions, own] = [total / options.requests, (total - compiling - collecting) / options.requests];
          results.push({ build: build.label, kind, instructions, compiling: compiling / options.requests, collecting: collecting / options.requests, own });
          log(`  ${build.label.padEnd(10)} ${KINDS[kind].label.padEnd(16)} ${millions(instructions)} M instructions per request, ${millions(own)} M its own`);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.stop().catch(() => undefined);
    await database.drop?.().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }

  const first = new Map(results.filter((row) => row.build === 'now').map((row) => [row.kind, row]));
  console.log('\nM instructions per request: in all, V8 compiling, V8 collecting garbage, and the rest (the request\'s own work)');
  console.log('build       request                 all  compiling  collecting     own  own vs now');
  for (const row of results) {
    const cells = [row.instructions, row.compiling, row.collecting, row.own].map((value, i) => millions(value).padStart([11, 10, 11, 7][i]));
    console.log(`${row.build.padEnd(11)} ${KINDS[row.kind].label.padEnd(17)}${cells.join(' ')}  ${(row.own / first.get(row.kind).own).toFixed(3).padStart(10)}`);
  }
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ options: { ...options, compare: options.compare.map((c) => c.label) }, results }, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(2);
  });
}
