/**
 * The phases: each warms up once, then is measured in slices that alternate with the other
 * phases' slices (`--rounds`), so a neighbour's load on a shared machine falls on all of them
 * alike and the ratios stay fair. HTTP phases are driven by autocannon; the baseline and the
 * peer by workers that each await one transaction or move at a time.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { machineBusySeconds, ownCpuSeconds, processCpuSeconds, treeCpuSeconds } from './proc.js';
import { sampleResidentMemory } from './server.js';

const isTty = process.stderr.isTTY;

/** The longest phase name the bench gives: the progress lines line up. */
const LABEL_WIDTH = 34;

function progressLine(label, stage, elapsed, total, count, errors) {
  const rate = elapsed > 0 ? Math.round(count / elapsed) : 0;
  const clock = `${String(Math.min(Math.round(elapsed), Math.round(total))).padStart(3)}/${Math.round(total)} s`;
  const text = `  ${label.padEnd(LABEL_WIDTH)} ${stage.padEnd(11)} ${clock}  ${String(rate).padStart(6)} req/s  errors ${errors}`;
  if (isTty) process.stderr.write(`\r${text}\x1b[K`);
  return text;
}

function endProgress(text) {
  process.stderr.write(isTty ? `\r${text}\x1b[K\n` : `${text}\n`);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function cpuSnapshot(watch) {
  const servers = watch.servers ?? [];
  return {
    bench: ownCpuSeconds(),
    server: servers.length > 0 ? servers.reduce((sum, server) => sum + processCpuSeconds(server.pid), 0) : undefined,
    postgres: treeCpuSeconds(watch.postgresPid),
    machine: machineBusySeconds(),
  };
}

/** CPU seconds each party used between two snapshots (null where it could not be read). */
function cpuSpent(before, after) {
  const spent = {};
  for (const key of Object.keys(before)) spent[key] = before[key] === undefined || after[key] === undefined ? null : after[key] - before[key];
  return spent;
}

/**
 * Percent of one core used by the server, Postgres, the bench itself, and everything else on the
 * machine (`other`: what a shared machine's neighbours took from the run).
 */
function cpuShares(spent, seconds) {
  const share = (value) => (value === null || value === undefined ? null : Math.round((100 * value) / seconds));
  const shares = { server: share(spent.server), postgres: share(spent.postgres), bench: share(spent.bench) };
  const machine = share(spent.machine);
  shares.other = machine === null ? null : Math.max(0, machine - (shares.server ?? 0) - (shares.postgres ?? 0) - (shares.bench ?? 0));
  return shares;
}

/**
 * What a phase accumulates over its measured slices. `watch`: the `servers` under load (each
 * `{ pid }`: their CPU and memory are the phase's) and Postgres's `postgresPid`.
 */
class Tally {
  constructor(watch) {
    this.watch = watch;
    this.servers = watch.servers ?? [];
    this.seconds = 0;
    this.ok = 0;
    this.errors = 0;
    this.warmupOk = 0;
    this.warmupErrors = 0;
    this.samples = [];
    this.cpu = { bench: 0, server: 0, postgres: 0, machine: 0 };
    this.peakRss = 0;
  }

  /** Runs `slice()` measuring CPU and the servers' memory (the peak of any one) around it. */
  async measured(slice) {
    const memories = this.servers.map((server) => sampleResidentMemory(server.pid));
    const before = cpuSnapshot(this.watch);
    const outcome = await slice();
    const spent = cpuSpent(before, cpuSnapshot(this.watch));
    for (const key of Object.keys(this.cpu)) this.cpu[key] = this.cpu[key] === null || spent[key] === null ? null : this.cpu[key] + spent[key];
    for (const memory of memories) this.peakRss = Math.max(this.peakRss, memory.stop());
    return outcome;
  }

  keepSamples(samples) {
    for (const sample of samples) if (this.samples.length < 3) this.samples.push(sample);
  }

  summary(fields) {
    const requestsPerSecond = this.seconds > 0 ? this.ok / this.seconds : 0;
    const perRequest = (cpuSeconds) => (cpuSeconds === null || this.ok === 0 ? null : (1000 * cpuSeconds) / this.ok);
    return {
      ...fields,
      processes: this.servers.length,
      requestsPerSecond,
      errors: this.errors,
      warmupErrors: this.warmupErrors,
      errorSamples: this.samples,
      completed: this.ok + this.warmupOk,
      seconds: this.seconds,
      cpuPercent: cpuShares(this.cpu, this.seconds),
      /** CPU milliseconds per request answered in the measured slices: the servers' (all of them) and Postgres's. */
      cpuMsPerRequest: { server: this.servers.length > 0 ? perRequest(this.cpu.server) : null, postgres: perRequest(this.cpu.postgres) },
      serverRssBytes: this.servers.length > 0 ? this.peakRss : null,
    };
  }
}

/**
 * Workers calling `transaction(worker)` in a loop for `seconds`, each awaiting one at a time;
 * latencies in ms. Errors are counted and the first few kept. A transaction under way when the
 * time is up is awaited and counted.
 */
async function loop(label, stage, seconds, workers, transaction) {
  const latencies = [];
  let errors = 0;
  const samples = [];
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  const ticker = setInterval(() => progressLine(label, stage, (performance.now() - startedAt) / 1000, seconds, latencies.length, errors), 1000);
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) {
        const began = performance.now();
        try {
          await transaction(worker);
          latencies.push(performance.now() - began);
        } catch (error) {
          errors += 1;
          if (samples.length < 3) samples.push(String(error?.message ?? error));
        }
      }
    }),
  );
  clearInterval(ticker);
  const elapsed = (performance.now() - startedAt) / 1000;
  return { latencies, errors, samples, elapsed, text: progressLine(label, stage, elapsed, seconds, latencies.length, errors) };
}

/**
 * A phase of `workers` workers each calling `transaction(worker)` one at a time: the baseline's
 * transactions on a `pg` pool (kind 'baseline'), or a peer's moves through its own client ('peer').
 */
export function loopPhase({ id, label, kind, workers, transaction, watch, extra = {} }) {
  const tally = new Tally(watch);
  const latencies = [];
  return {
    id,
    label,
    /** Nothing is cut off: every transaction begun is awaited and counted. */
    cutOff: 0,
    async warmup(seconds) {
      const warm = await loop(label, 'warm-up', seconds, workers, transaction);
      tally.warmupOk += warm.latencies.length;
      tally.warmupErrors += warm.errors;
      tally.keepSamples(warm.samples);
      if (isTty) process.stderr.write('\r');
    },
    async measure(seconds, stage) {
      const run = await tally.measured(() => loop(label, stage, seconds, workers, transaction));
      endProgress(run.text);
      tally.seconds += run.elapsed;
      tally.ok += run.latencies.length;
      tally.errors += run.errors;
      tally.keepSamples(run.samples);
      for (const latency of run.latencies) latencies.push(latency);
    },
    result() {
      const sorted = Float64Array.from(latencies).sort();
      return tally.summary({ id, phase: label, kind, connections: workers, p50: percentile(sorted, 50), p99: percentile(sorted, 99), ...extra });
    },
  };
}

/** Pre-built requests, handed out round-robin: one per campaign in `targets`. */
export function rotation(targets, build) {
  const requests = targets.map((target) => {
    const { key, query, variables } = build(target);
    return { body: Buffer.from(JSON.stringify({ query, variables })), authorization: `Bearer ${key}` };
  });
  let next = 0;
  return () => {
    const request = requests[next];
    next = (next + 1) % requests.length;
    // A fresh headers object each time: autocannon adds content-length to the one it is given.
    return { body: request.body, headers: { 'content-type': 'application/json', authorization: request.authorization } };
  };
}

/**
 * autocannon's requests: POSTs to /graphql whose body and headers `nextRequest()` gives; each
 * answer is passed to `onAnswer(done, status, body)`, where done means HTTP 200 with no GraphQL
 * `errors`.
 */
export function graphqlPosts(nextRequest, onAnswer) {
  return [
    {
      method: 'POST',
      path: '/graphql',
      setupRequest(request) {
        const next = nextRequest();
        request.headers = next.headers;
        request.body = next.body;
        return request;
      },
      onResponse(status, body) {
        onAnswer(status === 200 && !body.includes('"errors"'), status, body);
      },
    },
  ];
}

/** How `connections` are shared among `servers` servers: as evenly as they go, the first ones taking what is left over. */
export function connectionsPerServer(connections, servers) {
  return Array.from({ length: servers }, (_, i) => Math.floor(connections / servers) + (i < connections % servers ? 1 : 0));
}

/**
 * One autocannon run against the server at `url`, or against each of several (`url` a list)
 * at once, `connections` shared among them (`connectionsPerServer`). `nextRequest()` gives the
 * body and headers of each request: one for all the servers, or one per server (a list). A
 * response counts as done only when it is HTTP 200 with no GraphQL `errors`. `results` holds
 * each server's autocannon result (`autocannon.aggregateResult` merges them).
 */
export function cannon({ url, connections, seconds, nextRequest, label, stage }) {
  const urls = Array.isArray(url) ? url : [url];
  const nextRequests = Array.isArray(nextRequest) ? nextRequest : urls.map(() => nextRequest);
  let ok = 0;
  let errors = 0;
  const samples = [];
  const onAnswer = (done, status, body) => {
    if (done) ok += 1;
    else {
      errors += 1;
      if (samples.length < 3) samples.push(`${status} ${body.slice(0, 300)}`);
    }
  };
  const shares = connectionsPerServer(connections, urls.length);
  const instances = urls.map((at, i) =>
    autocannon({ url: `${at}/graphql`, connections: shares[i], duration: seconds, timeout: 10, skipAggregateResult: true, requests: graphqlPosts(nextRequests[i], onAnswer) }),
  );
  const startedAt = performance.now();
  const ticker = setInterval(() => progressLine(label, stage, (performance.now() - startedAt) / 1000, seconds, ok, errors), 1000);
  const runs = instances.map((instance) => new Promise((resolveRun, reject) => {
    instance.on('done', resolveRun);
    instance.on('error', reject);
  }));
  return Promise.all(runs).then(
    (results) => {
      clearInterval(ticker);
      const elapsed = (performance.now() - startedAt) / 1000;
      const transport = results.reduce((sum, result) => sum + result.errors + result.timeouts, 0);
      return { results, ok, errors: errors + transport, samples, elapsed, text: progressLine(label, stage, elapsed, seconds, ok, errors + transport) };
    },
    (error) => {
      clearInterval(ticker);
      for (const instance of instances) instance.stop();
      throw error;
    },
  );
}

/**
 * A phase of GraphQL requests over HTTP, measured by autocannon: to one server, or to several at
 * once (`urls`, the connections shared among them; see {@link cannon}). `kind` is 'http' for
 * Arbiter's phases, 'baseline' for the baseline behind a bare HTTP server (baseline-http.js).
 */
export function httpPhase({ id, label, kind = 'http', urls, connections, nextRequest, watch, extra = {} }) {
  const tally = new Tally(watch);
  const results = [];
  const run = (seconds, stage) => cannon({ url: urls, connections, seconds, nextRequest, label, stage });
  return {
    id,
    label,
    /** Requests cut off when a run ends: they may have committed without being counted. */
    cutOff: 0,
    async warmup(seconds) {
      const warm = await run(seconds, 'warm-up');
      this.cutOff += connections;
      tally.warmupOk += warm.ok;
      tally.warmupErrors += warm.errors;
      tally.keepSamples(warm.samples);
      if (isTty) process.stderr.write('\r');
    },
    async measure(seconds, stage) {
      const slice = await tally.measured(() => run(seconds, stage));
      this.cutOff += connections;
      endProgress(slice.text);
      tally.seconds += slice.elapsed;
      tally.ok += slice.ok;
      tally.errors += slice.errors;
      tally.keepSamples(slice.samples);
      results.push(...slice.results);
    },
    result() {
      const merged = results.length > 0 ? autocannon.aggregateResult(results, { url: urls.join(' '), connections }) : undefined;
      return tally.summary({ id, phase: label, kind, connections, p50: merged?.latency.p50 ?? 0, p99: merged?.latency.p99 ?? 0, ...extra });
    },
  };
}
