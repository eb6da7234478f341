import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabaseUrl } from '../helpers/arbiter.js';

interface BenchPhase {
  id: string;
  requestsPerSecond: number;
  kind: string;
  p50: number;
  p99: number;
  errors: number;
  warmupErrors: number;
  connections: number;
  processes: number;
  cpuMsPerRequest: { server: number | null };
}

interface BenchResults {
  phases: BenchPhase[];
  invariants: { ok: boolean; failures: string[] };
  coldStart: { runsMs: number[] };
  targets: Array<{ id: string; measured: number | null; met: boolean | null }>;
}

/** `npm run bench` in a couple of seconds a phase: every phase runs, answers without errors, and loses nothing. */
describe('the benchmark, npm run bench', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-bench-smoke-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures every phase, two processes on every campaign too, and finds the invariants held', async () => {
    const json = join(dir, 'results.json');
    const args = ['bench/run.js', '--quick', '--duration', '2', '--warmup', '1', '--campaigns', '8', '--connections', '8', '--json', json];
    let output = '';
    const exitCode = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, args, { env: { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('exit', resolve);
    });
    expect({ exitCode, output: exitCode === 0 ? '' : output }).toEqual({ exitCode: 0, output: '' });

    const results = JSON.parse(readFileSync(json, 'utf8')) as BenchResults;
    expect(results.phases.map((phase) => phase.id)).toEqual(['baseline', 'baseline-http', 'api', 'baseline-hot', 'api-hot', 'rollDice', 'tenthRealmTrialRoll', 'rollOdds 10d6', 'rollOdds 4d6kh3', 'rollOdds 3d10!', 'processes']);
    for (const phase of results.phases) {
      const figures = {
        id: phase.id,
        answered: phase.requestsPerSecond > 0,
        // Latencies are whole milliseconds: one asker's sub-millisecond answer (rollOdds, 1 connection) reads 0.
        latencies: (phase.p50 > 0 || phase.connections === 1) && phase.p99 >= phase.p50,
        // The servers' CPU per request, the bare HTTP baseline's too (Postgres's is read only from a
        // Postgres the bench started, not here).
        serverCpu: ['baseline', 'baseline-hot'].includes(phase.id) || phase.cpuMsPerRequest.server !== null,
        errors: phase.errors + phase.warmupErrors,
      };
      expect(figures).toEqual({ id: phase.id, answered: true, latencies: true, serverCpu: true, errors: 0 });
    }
    expect(results.phases.find((phase) => phase.id === 'processes')!.processes).toBe(2);
    expect(results.invariants).toMatchObject({ ok: true, failures: [] });
    expect(results.coldStart.runsMs).toHaveLength(3);
    // Every target has its figure (met or not: a busy machine decides that, not this test).
    for (const target of results.targets) expect({ id: target.id, measured: target.measured !== null }).toEqual({ id: target.id, measured: true });
  }, 240_000);
});
