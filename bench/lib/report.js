/** The targets of the performance issues, checked against one run's figures, and the report printed on stdout. */
import { ODDS_EXPRESSIONS } from './api.js';

export const TARGETS = {
  /** api drawCards / the baseline, spread over the campaigns and on one hot campaign. */
  spreadRatio: 0.5,
  hotRatio: 0.7,
  /** p99 of drawCards, rollDice and tenthRealmTrialRoll at the run's connections. */
  p99Ms: 50,
  /** p99 of rollOdds for each of ODDS_EXPRESSIONS at --odds-connections: a read that computes, and writes nothing. */
  oddsP99Ms: 10,
  /** Draws of two processes sharing every campaign / draws of one. */
  processesRatio: 0.9,
  rssBytes: 300 * 1024 * 1024,
  coldStartMs: 3000,
  /** api drawCards / the peer's moves, at a lower p99. */
  peerRatio: 1.5,
};

/** The phases held to the latency target, by id. */
const LATENCY_PHASES = { api: 'api drawCards, spread', 'api-hot': 'api drawCards, hot', rollDice: 'api rollDice', tenthRealmTrialRoll: 'api tenthRealmTrialRoll' };

const MIB = 1024 * 1024;
const mb = (bytes) => (bytes === null || bytes === undefined ? '—' : String(Math.round(bytes / MIB)));
const ms = (value) => (value === null || value === undefined ? '—' : value < 10 ? value.toFixed(2) : value.toFixed(1));
const times = (value) => `${value.toFixed(2)}×`;

/**
 * One target: `measured` is the figure (a number, or null when its phases did not run), `text`
 * how it reads, `met` whether it is within `limit` (null when not measured).
 */
function target(id, description, measured, limit, text, met) {
  return measured === null ? { id, target: description, measured: null, limit, text: 'not measured', met: null } : { id, target: description, measured, limit, text, met };
}

/** Whether each target is met by these results (`phases` by id, `coldStart`, `invariants`). */
export function evaluateTargets(results) {
  const phase = (id) => results.phases.find((each) => each.id === id);
  const rate = (id) => phase(id)?.requestsPerSecond ?? null;
  const ratio = (over, under) => (rate(over) !== null && rate(under) ? rate(over) / rate(under) : null);
  const checks = [];

  const spread = ratio('api', 'baseline');
  checks.push(target('spread', `api drawCards ≥ ${TARGETS.spreadRatio}× the baseline, spread`, spread, TARGETS.spreadRatio, spread !== null && times(spread), spread >= TARGETS.spreadRatio));
  const hot = ratio('api-hot', 'baseline-hot');
  checks.push(target('hot', `api drawCards ≥ ${TARGETS.hotRatio}× the baseline, one hot campaign`, hot, TARGETS.hotRatio, hot !== null && times(hot), hot >= TARGETS.hotRatio));
  for (const [id, what] of Object.entries(LATENCY_PHASES)) {
    const p99 = phase(id)?.p99 ?? null;
    checks.push(target(`p99 ${id}`, `p99 ≤ ${TARGETS.p99Ms} ms: ${what}`, p99, TARGETS.p99Ms, `${ms(p99)} ms`, p99 <= TARGETS.p99Ms));
  }
  for (const expression of ODDS_EXPRESSIONS) {
    const p99 = phase(`rollOdds ${expression}`)?.p99 ?? null;
    checks.push(target(`p99 rollOdds ${expression}`, `p99 ≤ ${TARGETS.oddsP99Ms} ms: api rollOdds ${expression}`, p99, TARGETS.oddsP99Ms, `${ms(p99)} ms`, p99 <= TARGETS.oddsP99Ms));
  }
  const processes = ratio('processes', 'api');
  checks.push(target('processes', `2 processes on every campaign ≥ ${TARGETS.processesRatio}× the draws of 1`, processes, TARGETS.processesRatio, processes !== null && times(processes), processes >= TARGETS.processesRatio));

  const arbiter = results.phases.filter((each) => each.kind === 'http');
  const rss = arbiter.length > 0 ? Math.max(...arbiter.map((each) => each.serverRssBytes ?? 0)) : null;
  checks.push(target('rss', `server RSS ≤ ${mb(TARGETS.rssBytes)} MB (each process, at its peak)`, rss, TARGETS.rssBytes, `${mb(rss)} MB`, rss <= TARGETS.rssBytes));
  const cold = results.coldStart?.medianMs ?? null;
  checks.push(target('cold start', `cold start ≤ ${TARGETS.coldStartMs / 1000} s (median of ${results.coldStart?.runsMs.length ?? 0})`, cold, TARGETS.coldStartMs, `${Math.round(cold)} ms`, cold <= TARGETS.coldStartMs));
  const ours = results.phases.filter((each) => each.kind !== 'peer');
  const errors = ours.reduce((sum, each) => sum + each.errors + each.warmupErrors, 0);
  checks.push(target('errors', 'zero errors (baseline and api, warm-ups included)', errors, 0, String(errors), errors === 0));
  const invariants = results.invariants ? (results.invariants.ok ? 1 : 0) : null;
  checks.push(target('invariants', 'invariants hold: decks conserved, seqs gap-free, nothing acknowledged missing', invariants, 1, invariants ? 'hold' : 'BROKEN', invariants === 1));

  const peer = phase('peer');
  if (peer) {
    const api = phase('api');
    const over = ratio('api', 'peer');
    const lowerP99 = api !== undefined && api.p99 < peer.p99;
    checks.push(
      target(
        'peer',
        `api drawCards ≥ ${TARGETS.peerRatio}× ${peer.peerName}'s durable moves/s, at a lower p99`,
        over,
        TARGETS.peerRatio,
        over !== null && `${times(over)}, p99 ${ms(api.p99)} vs ${ms(peer.p99)} ms`,
        over >= TARGETS.peerRatio && lowerP99,
      ),
    );
  }
  return checks;
}

function table(headers, rows) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

const cpuShares = (share) => [share.server, share.postgres, share.bench, share.other].map((value) => (value === null || value === undefined ? '—' : `${value}`)).join('/');
const cpuPerRequest = ({ server, postgres }) => `${ms(server)}+${ms(postgres)}`;
const verdict = (check) => (check.met === null ? '—' : check.met ? 'met' : 'NOT');

export function formatReport(results) {
  const { machine, postgres, config } = results;
  const out = [];
  out.push(
    `Arbiter benchmark — ${machine.cores} cores (${machine.cpu}), load average ${machine.loadAverage.join(' ')} at the start, Node ${machine.node}, ` +
      `Postgres ${postgres.version} (${results.database}; fsync=${postgres.fsync}, synchronous_commit=${postgres.synchronous_commit})`,
  );
  out.push(
    `${config.campaigns} campaigns, ${config.connections} connections${config.oddsConnections ? ` (rollOdds ${config.oddsConnections})` : ''}, server pool ${config.poolSize}, ${config.warmup} s warm-up + ` +
      `${config.duration} s measured per phase in ${config.rounds} round(s), server NODE_ENV=production LOG_LEVEL=${config.logLevel}`,
  );
  out.push(`baseline: one transaction per draw on a pg pool of ${config.poolSize}, each statement awaited: ${results.baseline.statements.join('; ')}`);
  out.push('');
  out.push(
    table(
      ['phase', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'RSS MB', 'CPU ms/req srv+pg', 'CPU % srv/pg/bench/other'],
      results.phases.map((each) => [
        each.phase,
        Math.round(each.requestsPerSecond),
        ms(each.p50),
        ms(each.p99),
        each.errors + (each.warmupErrors ? ` (+${each.warmupErrors} warm-up)` : ''),
        mb(each.serverRssBytes),
        cpuPerRequest(each.cpuMsPerRequest),
        cpuShares(each.cpuPercent),
      ]),
    ),
  );
  const busy = results.phases.filter((each) => (each.cpuPercent.other ?? 0) >= 20);
  if (busy.length > 0) out.push(`note: other work on the machine took ≥ 20 % of a core during ${busy.map((each) => each.phase).join(', ')} ('other' CPU): these figures are noisy`);
  for (const skipped of results.skipped) out.push(`${skipped.phase}: not measured — ${skipped.reason}`);
  if (results.peer) {
    const { storage } = results.peer;
    out.push(`peer: ${results.peer.describe}; storage after the load: ${storage.ok ? 'every acknowledged move stored, every deck conserved' : 'BROKEN'} (${storage.moves.stored} stored / ${storage.moves.acknowledged} acknowledged)`);
    for (const failure of storage.failures.slice(0, 10)) out.push(`  ✗ ${failure}`);
  }
  if (results.coldStart) out.push(`cold start (process start → /health 200, existing data dir): ${results.coldStart.runsMs.map((value) => `${Math.round(value)} ms`).join(', ')}`);
  const inv = results.invariants;
  out.push(
    `invariants: ${inv.ok ? 'hold' : 'BROKEN'} — ${inv.decks} decks conserved, ${inv.campaigns} logs gap-free (${inv.events} events); logged / acknowledged: ` +
      `draws ${inv.draws.logged} / ${inv.draws.acknowledged}, rolls ${inv.rolls.logged} / ${inv.rolls.acknowledged}, trial rolls ${inv.trials.logged} / ${inv.trials.acknowledged}`,
  );
  for (const failure of inv.failures.slice(0, 20)) out.push(`  ✗ ${failure}`);
  out.push('');
  out.push(table(['target', 'measured', 'met'], results.targets.map((check) => [check.target, check.text, verdict(check)])));
  for (const each of results.phases) for (const sample of each.errorSamples ?? []) out.push(`  ${each.phase} error: ${sample}`);
  return out.join('\n');
}
