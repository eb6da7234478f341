/** The results as a table on stdout, and the targets of the performance issue. */

const mb = (bytes) => (bytes === null || bytes === undefined ? '—' : String(Math.round(bytes / (1024 * 1024))));
const ms = (value) => (value === null || value === undefined ? '—' : value < 10 ? value.toFixed(2) : value.toFixed(1));
const cpu = (share) => [share.server, share.postgres, share.bench, share.other].map((value) => (value === null || value === undefined ? '—' : `${value}`)).join('/');

/** CPU time per request of the server, Postgres and the load generator (or baseline client). */
function perRequest(phase) {
  const { server, postgres, bench } = phase.cpuPercent;
  if (!phase.requestsPerSecond) return '—';
  const ms = (share) => (share === null || share === undefined ? '—' : ((share * 10) / phase.requestsPerSecond).toFixed(2));
  return `${ms(server ?? 0)}+${ms(postgres)}+${ms(bench)}`;
}

/** What a phase's moves from what was kept found, per request answered in its measured slices. */
export function movesLine(phase) {
  const answered = phase.requestsPerSecond * phase.seconds;
  const { asLeft, movedOn } = phase.movesFromKept;
  const percent = (count) => `${answered > 0 ? Math.round((100 * count) / answered) : 0} %`;
  return `${percent(asLeft)} as it was left (one round trip), ${percent(movedOn)} moved on by another process (ran again)`;
}

function table(headers, rows) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export const TARGETS = { ratio: 0.5, p99Ms: 50, rssBytes: 300 * 1024 * 1024, coldStartMs: 3000 };

/** Whether each target of the issue is met by these results. */
export function evaluateTargets(results) {
  // The server under test, not other builds; its latency targets are about the issue's phases,
  // not --layers' reads nor several processes at once, but its memory counts under any load.
  const served = results.phases.filter((phase) => phase.kind === 'http' && !phase.build);
  const http = served.filter((phase) => !phase.layer && !(phase.processes > 1));
  // Ratios against other builds or other baselines ('[...]' in their names) are for comparison only.
  const checks = [];
  for (const [name, ratio] of Object.entries(results.ratios).filter(([name]) => !name.includes('['))) {
    checks.push({ target: `${name} ≥ ${TARGETS.ratio}`, value: ratio.toFixed(2), met: ratio >= TARGETS.ratio });
  }
  const spread = http.find((phase) => phase.phase === 'api drawCards');
  if (spread) checks.push({ target: `p99 ≤ ${TARGETS.p99Ms} ms (api drawCards, spread)`, value: `${ms(spread.p99)} ms`, met: spread.p99 <= TARGETS.p99Ms });
  const worstP99 = Math.max(...http.map((phase) => phase.p99));
  checks.push({ target: `p99 ≤ ${TARGETS.p99Ms} ms (every HTTP phase)`, value: `${ms(worstP99)} ms`, met: worstP99 <= TARGETS.p99Ms });
  const peakRss = Math.max(...served.map((phase) => phase.serverRssBytes ?? 0));
  checks.push({ target: `server RSS ≤ ${mb(TARGETS.rssBytes)} MB`, value: `${mb(peakRss)} MB`, met: peakRss <= TARGETS.rssBytes });
  const errors = results.phases.filter((phase) => !phase.build).reduce((sum, phase) => sum + phase.errors + (phase.warmupErrors ?? 0), 0);
  checks.push({ target: 'zero errors', value: String(errors), met: errors === 0 });
  if (results.coldStart) {
    checks.push({ target: `cold start ≤ ${TARGETS.coldStartMs} ms`, value: `${Math.round(results.coldStart.medianMs)} ms`, met: results.coldStart.medianMs <= TARGETS.coldStartMs });
  }
  checks.push({ target: 'invariants hold', value: results.invariants.ok ? 'yes' : 'NO', met: results.invariants.ok });
  return checks;
}

export function formatReport(results) {
  const out = [];
  const { machine, postgres, config } = results;
  out.push(
    `Arbiter benchmark — ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, Postgres ${postgres.version} ` +
      `(${results.database}; fsync=${postgres.fsync}, synchronous_commit=${postgres.synchronous_commit})`,
  );
  out.push(
    `${config.campaigns} campaigns, ${config.connections} connections/workers, pool ${config.poolSize}, ` +
      `${config.warmup} s warm-up + ${config.duration} s per phase, server NODE_ENV=${config.nodeEnv ?? 'development'} LOG_LEVEL=${config.logLevel} ${config.nodeFlags ?? ''}\n`,
  );
  out.push(
    table(
      ['phase', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'RSS MB', 'CPU % srv/pg/bench/other', 'CPU ms/req srv+pg+bench'],
      results.phases.map((phase) => [
        phase.phase,
        Math.round(phase.requestsPerSecond),
        ms(phase.p50),
        ms(phase.p99),
        phase.errors + (phase.warmupErrors ? ` (+${phase.warmupErrors} warm-up)` : ''),
        mb(phase.serverRssBytes),
        cpu(phase.cpuPercent),
        perRequest(phase),
      ]),
    ),
  );
  const moving = results.phases.filter((phase) => phase.movesFromKept && phase.movesFromKept.asLeft + phase.movesFromKept.movedOn > 0);
  if (moving.length > 0) {
    out.push('\nmoves from what the process kept of the campaign (GET /health), per request answered:');
    const width = Math.max(...moving.map((phase) => phase.phase.length));
    for (const phase of moving) out.push(`  ${phase.phase.padEnd(width)}  ${movesLine(phase)}`);
  }
  for (const skipped of results.skipped) out.push(`${skipped.phase}: not measured — ${skipped.reason}`);
  if (results.noisySlices > 0) out.push(`warning: ${results.noisySlices} slice(s) ran while the machine was busy with other work (see the 'other' CPU column)`);
  out.push('');
  const ratioWidth = Math.max(34, ...Object.keys(results.ratios).map((name) => name.length));
  for (const [name, ratio] of Object.entries(results.ratios)) out.push(`${name.padEnd(ratioWidth)} ${ratio.toFixed(2)}`);
  if (results.coldStart) {
    out.push(`cold start (process start → /health 200, existing data dir): ${results.coldStart.runsMs.map((value) => `${Math.round(value)} ms`).join(', ')} (median ${Math.round(results.coldStart.medianMs)} ms)`);
  }
  const inv = results.invariants;
  out.push(
    `invariants: ${inv.ok ? 'hold' : 'BROKEN'} — ${inv.decks} decks conserved, ${inv.campaigns} logs gap-free (${inv.events} events), ` +
      `draws logged ${inv.draws.logged} / acknowledged ${inv.draws.acknowledged}, rolls ${inv.rolls.logged} / ${inv.rolls.acknowledged}`,
  );
  for (const failure of inv.failures.slice(0, 20)) out.push(`  ✗ ${failure}`);
  out.push('');
  out.push(table(['target', 'measured', 'met'], results.targets.map((check) => [check.target, check.value, check.met ? 'yes' : 'NO'])));
  for (const phase of results.phases) {
    for (const sample of phase.errorSamples ?? []) out.push(`  ${phase.phase} error: ${sample}`);
  }
  return out.join('\n');
}
