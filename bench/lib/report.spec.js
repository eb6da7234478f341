import { describe, expect, it } from '@jest/globals';
import { evaluateTargets, formatReport } from './report.js';

const MB = 1024 * 1024;
const phase = (id, fields = {}) => ({
  id,
  phase: id,
  kind: 'http',
  requestsPerSecond: 1000,
  errors: 0,
  warmupErrors: 0,
  errorSamples: [],
  cpuPercent: { server: 90, postgres: 50, bench: 15, other: 2 },
  cpuMsPerRequest: { server: 0.9, postgres: 0.5 },
  p50: 20,
  p99: 40,
  serverRssBytes: 200 * MB,
  ...fields,
});
const baseline = (id, requestsPerSecond) => phase(id, { kind: 'baseline', requestsPerSecond, serverRssBytes: null, cpuMsPerRequest: { server: null, postgres: 0.8 } });

/** A run in which every target is met, with `changes` made to its phases by id. */
function results(changes = {}, { coldStartMs = 1200, invariantsOk = true, extra = [] } = {}) {
  const phases = [
    baseline('baseline', 1600),
    phase('api', { requestsPerSecond: 1000 }),
    baseline('baseline-hot', 1000),
    phase('api-hot', { requestsPerSecond: 800 }),
    phase('rollDice'),
    phase('tenthRealmTrialRoll'),
    phase('rollOdds 10d6', { p50: 2, p99: 4 }),
    phase('rollOdds 4d6kh3', { p50: 2, p99: 4 }),
    phase('rollOdds 3d10!', { p50: 3, p99: 6 }),
    phase('processes', { requestsPerSecond: 950, processes: 2, p99: 120 }),
    ...extra,
  ].map((each) => ({ ...each, ...changes[each.id] }));
  return {
    machine: { cores: 2, cpu: 'test cpu', node: 'v20', platform: 'linux x64', loadAverage: [0.5, 0.4, 0.3] },
    postgres: { version: '18.4', fsync: 'on', synchronous_commit: 'on' },
    database: 'embedded',
    config: { campaigns: 100, connections: 32, poolSize: 10, warmup: 5, duration: 30, rounds: 3, logLevel: 'info' },
    baseline: { statements: ['BEGIN', 'COMMIT'] },
    phases,
    skipped: [],
    coldStart: { runsMs: [1300, coldStartMs, 1100], medianMs: coldStartMs },
    invariants: {
      ok: invariantsOk,
      decks: 200,
      campaigns: 100,
      events: 1000,
      draws: { logged: 10, acknowledged: 10 },
      rolls: { logged: 5, acknowledged: 5 },
      trials: { logged: 5, acknowledged: 5 },
      failures: invariantsOk ? [] : ['deck 7: card 3 held twice'],
    },
  };
}

const met = (checks) => Object.fromEntries(checks.map((check) => [check.id, check.met]));

describe('evaluateTargets', () => {
  it("checks each of the issue's targets, and meets them when every figure is within it", () => {
    const checks = evaluateTargets(results());
    expect(met(checks)).toEqual({
      spread: true,
      hot: true,
      'p99 api': true,
      'p99 api-hot': true,
      'p99 rollDice': true,
      'p99 tenthRealmTrialRoll': true,
      'p99 rollOdds 10d6': true,
      'p99 rollOdds 4d6kh3': true,
      'p99 rollOdds 3d10!': true,
      processes: true,
      rss: true,
      'cold start': true,
      errors: true,
      invariants: true,
    });
    expect(checks.find((check) => check.id === 'spread')).toMatchObject({ measured: 1000 / 1600, limit: 0.5, text: '0.63×' });
  });

  it('fails each target on its own figure', () => {
    const checks = evaluateTargets(
      results(
        {
          api: { requestsPerSecond: 700, p99: 57 },
          'api-hot': { requestsPerSecond: 650, errors: 1 },
          rollDice: { p99: 51 },
          tenthRealmTrialRoll: { warmupErrors: 2, serverRssBytes: 301 * MB },
          'rollOdds 3d10!': { p99: 10.5 },
          processes: { requestsPerSecond: 600 },
        },
        { coldStartMs: 3100, invariantsOk: false },
      ),
    );
    expect(met(checks)).toEqual({
      spread: false,
      hot: false,
      'p99 api': false,
      'p99 api-hot': true,
      'p99 rollDice': false,
      'p99 tenthRealmTrialRoll': true,
      'p99 rollOdds 10d6': true,
      'p99 rollOdds 4d6kh3': true,
      'p99 rollOdds 3d10!': false,
      processes: false,
      rss: false,
      'cold start': false,
      errors: false,
      invariants: false,
    });
    expect(checks.find((check) => check.id === 'errors')).toMatchObject({ measured: 3, text: '3' });
  });

  it('holds two processes at once to no latency target, and says so of targets whose phases did not run', () => {
    const partial = results();
    partial.phases = partial.phases.filter((each) => ['api', 'processes'].includes(each.id));
    const checks = evaluateTargets(partial);
    expect(met(checks)).toMatchObject({ spread: null, hot: null, 'p99 api': true, 'p99 rollDice': null, processes: true });
    expect(checks.find((check) => check.id === 'spread')).toMatchObject({ measured: null, text: 'not measured' });
  });

  it("adds the peer's target with --peer: 1.5× its moves per second at a lower p99; its errors are its own", () => {
    const peer = (fields) => phase('peer', { kind: 'peer', peerName: 'boardgame.io', requestsPerSecond: 600, p99: 80, ...fields });
    const beaten = evaluateTargets(results({}, { extra: [peer({ errors: 4 })] }));
    expect(beaten.at(-1)).toMatchObject({ id: 'peer', met: true, text: '1.67×, p99 40.0 vs 80.0 ms' });
    expect(met(beaten).errors).toBe(true);

    expect(evaluateTargets(results({}, { extra: [peer({ requestsPerSecond: 700 })] })).at(-1).met).toBe(false);
    expect(evaluateTargets(results({}, { extra: [peer({ p99: 30 })] })).at(-1).met).toBe(false);
    expect(evaluateTargets(results()).some((check) => check.id === 'peer')).toBe(false);
  });
});

describe('formatReport', () => {
  it('prints the baseline, every phase with its CPU per request, and every target with met or NOT', () => {
    const measured = results({ api: { requestsPerSecond: 1174, cpuPercent: { server: 89, postgres: 56, bench: 15, other: 2 }, cpuMsPerRequest: { server: 0.76, postgres: 0.48 } } });
    const report = formatReport({ ...measured, targets: evaluateTargets(measured) });
    expect(report).toContain('baseline: one transaction per draw on a pg pool of 10, each statement awaited: BEGIN; COMMIT');
    expect(report).toMatch(/\napi\s+1174\s+20\.0\s+40\.0\s+0\s+200\s+0\.76\+0\.48\s+89\/56\/15\/2\n/);
    expect(report).toMatch(/api drawCards ≥ 0\.5× the baseline, spread\s+0\.73×\s+met/);
    expect(report).toMatch(/invariants hold.*\s+hold\s+met/);
  });

  it('says so when the invariants broke, with what broke, and when the machine was busy', () => {
    const broken = results({ api: { cpuPercent: { server: 50, postgres: 20, bench: 10, other: 120 } } }, { invariantsOk: false });
    const report = formatReport({ ...broken, targets: evaluateTargets(broken) });
    expect(report).toContain('invariants: BROKEN');
    expect(report).toContain('✗ deck 7: card 3 held twice');
    expect(report).toMatch(/invariants hold.*\s+BROKEN\s+NOT/);
    expect(report).toMatch(/other work on the machine took ≥ 20 % of a core during api \('other' CPU\)/);
  });
});
