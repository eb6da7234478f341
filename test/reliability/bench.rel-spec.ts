import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabaseUrl } from '../helpers/arbiter.js';

interface BenchPhase {
  phase: string;
  requestsPerSecond: number;
  errors: number;
  warmupErrors: number;
  processes: number;
  movesFromKept: { asLeft: number; movedOn: number } | null;
  seconds: number;
}

interface BenchResults {
  phases: BenchPhase[];
  invariants: { ok: boolean; failures: string[] };
  coldStart: { runsMs: number[] };
}

/** `npm run bench` in a few seconds a phase: every phase runs, answers without errors, and loses nothing. */
describe('the benchmark, npm run bench', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-bench-smoke-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures every phase, the two processes ones too, and finds the invariants held', async () => {
    const json = join(dir, 'results.json');
    const args = ['bench/run.js', '--quick', '--duration', '2', '--warmup', '1', '--campaigns', '8', '--connections', '8', '--quiet-threshold', '0', '--json', json];
    let output = '';
    const exitCode = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, args, { env: { ...process.env, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('exit', resolve);
    });
    expect({ exitCode, output: exitCode === 0 ? '' : output }).toEqual({ exitCode: 0, output: '' });

    const results = JSON.parse(readFileSync(json, 'utf8')) as BenchResults;
    expect(results.phases.map((phase) => phase.phase)).toEqual([
      'baseline',
      'api drawCards',
      'baseline-hot',
      'api-hot drawCards',
      'api rollDice',
      'api drawCards [2 processes]',
      'api drawCards [2 processes, by campaign]',
      'api tenthRealmTrialRoll',
    ]);
    for (const phase of results.phases) expect({ phase: phase.phase, answered: phase.requestsPerSecond > 0, errors: phase.errors + phase.warmupErrors }).toEqual({ phase: phase.phase, answered: true, errors: 0 });
    expect(results.invariants).toMatchObject({ ok: true, failures: [] });
    expect(results.coldStart.runsMs).toHaveLength(3);

    // One process keeps its campaigns; two on the same campaigns find them moved on by each other.
    const byName = new Map(results.phases.map((phase) => [phase.phase, phase]));
    const share = (name: string, of: 'asLeft' | 'movedOn') => {
      const phase = byName.get(name)!;
      return phase.movesFromKept![of] / (phase.requestsPerSecond * phase.seconds);
    };
    expect(byName.get('api drawCards [2 processes]')!.processes).toBe(2);
    expect(share('api drawCards', 'asLeft')).toBeGreaterThan(0.8);
    expect(share('api drawCards [2 processes]', 'movedOn')).toBeGreaterThan(0);
    expect(share('api drawCards [2 processes, by campaign]', 'asLeft')).toBeGreaterThan(0.8);
  }, 240_000);
});
