import { describe, expect, it } from '@jest/globals';
import { evaluateTargets, formatReport } from './report.js';

const MB = 1024 * 1024;
const phase = (name, fields = {}) => ({
  phase: name,
  kind: 'http',
  requestsPerSecond: 1000,
  errors: 0,
  warmupErrors: 0,
  cpuPercent: { server: 90, postgres: 50, bench: 15, other: 2 },
  p50: 20,
  p99: 40,
  serverRssBytes: 200 * MB,
  ...fields,
});

function results({ phases, ratios = { 'api / baseline (spread)': 0.6 }, coldStartMs = 1200, invariantsOk = true }) {
  return {
    machine: { cores: 2, cpu: 'test cpu', node: 'v20', platform: 'linux x64' },
    postgres: { version: '18.4', fsync: 'on', synchronous_commit: 'on' },
    database: 'embedded',
    config: { campaigns: 100, connections: 32, poolSize: 10, warmup: 5, duration: 30, logLevel: 'info' },
    phases: [phase('baseline', { kind: 'baseline', serverRssBytes: null, cpuPercent: { server: null, postgres: 98, bench: 65, other: 1 } }), ...phases],
    skipped: [],
    ratios,
    coldStart: { runsMs: [1300, coldStartMs, 1100], medianMs: coldStartMs },
    noisySlices: 0,
    invariants: { ok: invariantsOk, decks: 200, campaigns: 100, events: 1000, draws: { logged: 10, acknowledged: 10 }, rolls: { logged: 5, acknowledged: 5 }, failures: invariantsOk ? [] : ['deck 7: card 3 held twice'] },
  };
}

const met = (checks) => Object.fromEntries(checks.map((check) => [check.target, check.met]));
const check = (checks, prefix) => checks.find((each) => each.target.startsWith(prefix));

describe('evaluateTargets', () => {
  it('meets every target when every figure is within it', () => {
    const checks = evaluateTargets(results({ phases: [phase('api drawCards'), phase('api-hot drawCards')] }));
    expect(Object.values(met(checks)).every(Boolean)).toBe(true);
    expect(checks.map((each) => each.target)).toEqual([
      'api / baseline (spread) ≥ 0.5',
      'p99 ≤ 50 ms (api drawCards, spread)',
      'p99 ≤ 50 ms (every HTTP phase)',
      'server RSS ≤ 300 MB',
      'zero errors',
      'cold start ≤ 3000 ms',
      'invariants hold',
    ]);
  });

  it('fails each target on its own figure', () => {
    const checks = evaluateTargets(
      results({
        phases: [phase('api drawCards', { p99: 57 }), phase('api-hot drawCards', { p99: 102, errors: 1, serverRssBytes: 301 * MB })],
        ratios: { 'api / baseline (spread)': 0.43, 'api-hot / baseline-hot (hot)': 0.58 },
        coldStartMs: 3100,
        invariantsOk: false,
      }),
    );
    expect(met(checks)).toEqual({
      'api / baseline (spread) ≥ 0.5': false,
      'api-hot / baseline-hot (hot) ≥ 0.5': true,
      'p99 ≤ 50 ms (api drawCards, spread)': false,
      'p99 ≤ 50 ms (every HTTP phase)': false,
      'server RSS ≤ 300 MB': false,
      'zero errors': false,
      'cold start ≤ 3000 ms': false,
      'invariants hold': false,
    });
    expect(check(checks, 'p99 ≤ 50 ms (every').value).toBe('102.0 ms');
  });

  it('counts warm-up errors', () => {
    const checks = evaluateTargets(results({ phases: [phase('api drawCards', { warmupErrors: 2 })] }));
    expect(check(checks, 'zero errors')).toMatchObject({ value: '2', met: false });
  });

  it('leaves other builds and other baselines out: they are for comparison only', () => {
    const checks = evaluateTargets(
      results({
        phases: [phase('api drawCards'), phase('api [old]', { build: 'old', p99: 500, errors: 3, serverRssBytes: 900 * MB })],
        ratios: { 'api / baseline (spread)': 0.6, 'api [old] / baseline (spread)': 0.2 },
      }),
    );
    expect(Object.values(met(checks)).every(Boolean)).toBe(true);
    expect(checks.some((each) => each.target.includes('[old]'))).toBe(false);
  });

  it("holds --layers' reads to no latency target, but counts their errors and the server's memory under them", () => {
    const layer = { layer: true, p99: 80 };
    const fast = evaluateTargets(results({ phases: [phase('api drawCards'), phase('api __typename', layer)] }));
    expect(Object.values(met(fast)).every(Boolean)).toBe(true);

    const heavy = evaluateTargets(results({ phases: [phase('api drawCards'), phase('api campaign', { ...layer, errors: 1, serverRssBytes: 320 * MB })] }));
    expect(met(heavy)).toMatchObject({ 'p99 ≤ 50 ms (every HTTP phase)': true, 'server RSS ≤ 300 MB': false, 'zero errors': false });
  });

  it('holds several processes at once to no latency target, but counts their errors and memory', () => {
    const processes = { processes: 2, p99: 180 };
    const fine = evaluateTargets(results({ phases: [phase('api drawCards'), phase('api drawCards [2 processes]', processes)] }));
    expect(Object.values(met(fine)).every(Boolean)).toBe(true);

    const failing = evaluateTargets(results({ phases: [phase('api drawCards'), phase('api drawCards [2 processes]', { ...processes, errors: 2, serverRssBytes: 310 * MB })] }));
    expect(met(failing)).toMatchObject({ 'p99 ≤ 50 ms (every HTTP phase)': true, 'server RSS ≤ 300 MB': false, 'zero errors': false });
  });
});

describe('formatReport', () => {
  it('prints every phase with its CPU per request, the ratios and the targets', () => {
    const measured = results({ phases: [phase('api drawCards', { requestsPerSecond: 1174, cpuPercent: { server: 89, postgres: 56, bench: 15, other: 2 } })] });
    const report = formatReport({ ...measured, targets: evaluateTargets(measured) });
    expect(report).toMatch(/api drawCards\s+1174\s+20\.0\s+40\.0\s+0\s+200\s+89\/56\/15\/2\s+0\.76\+0\.48\+0\.13/);
    expect(report).toMatch(/api \/ baseline \(spread\)\s+0\.60/);
    expect(report).toMatch(/invariants hold\s+yes\s+yes/);
  });

  it('says what the moves from what was kept found, per request answered, for the phases that made them', () => {
    const measured = results({
      phases: [
        phase('api drawCards', { seconds: 30, movesFromKept: { asLeft: 29_700, movedOn: 0 } }),
        phase('api drawCards [2 processes]', { processes: 2, seconds: 30, requestsPerSecond: 800, movesFromKept: { asLeft: 2_400, movedOn: 1_200 } }),
        phase('api __typename', { layer: true, seconds: 30, movesFromKept: { asLeft: 0, movedOn: 0 } }),
      ],
    });
    const report = formatReport({ ...measured, targets: evaluateTargets(measured) });
    expect(report).toMatch(/api drawCards\s+99 % as it was left \(one round trip\), 0 % moved on by another process \(ran again\)/);
    expect(report).toMatch(/api drawCards \[2 processes\]\s+10 % as it was left \(one round trip\), 5 % moved on/);
    expect(report).not.toMatch(/api __typename\s+\d+ % as it was left/);
  });

  it('says so when the invariants broke, with what broke', () => {
    const broken = results({ phases: [phase('api drawCards')], invariantsOk: false });
    const report = formatReport({ ...broken, targets: evaluateTargets(broken) });
    expect(report).toContain('invariants: BROKEN');
    expect(report).toContain('✗ deck 7: card 3 held twice');
    expect(report).toMatch(/invariants hold\s+NO\s+NO/);
  });
});
