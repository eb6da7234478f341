import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedDatabase, StartupError } from '../../src/infra/embedded-database.js';
import { Client, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { ServerProcess } from '../helpers/processes.js';

const asRoot = process.getuid?.() === 0;

/** Whether a process is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `node dist/server.js` on the embedded database, run to its exit: its code and what it wrote to stderr. */
function runToExit(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, DATABASE_URL: '', ARBITER_DATA_DIR: dataDir, ARBITER_ADMIN_KEY: TEST_ADMIN_KEY, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stderr });
    }),
  );
}

/** The server's embedded database (`npm start` without DATABASE_URL) after a crash, beside another server, and as root. */
describe('starting on the embedded database', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-startup-'));
    // mkdtemp makes it mode 700: opened here for Postgres's own user when run as root (the test below closes one on purpose).
    chmodSync(dir, 0o711);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts again on the same data directory after the server was killed with SIGKILL, and refuses a second server beside a live one', async () => {
    const dataDir = join(dir, 'data');
    const env = { DATABASE_URL: '', ARBITER_DATA_DIR: dataDir };
    const first = await ServerProcess.start('', env, false, { startTimeoutMs: 60_000 });
    const admin = (server: ServerProcess) => new Client(server.url, TEST_ADMIN_KEY);
    const created = await admin(first).data(`mutation { createCampaign(input: { name: "Before the crash", ruleset: "tenth-realm" }) { campaign { id } } }`);

    // A second server on the same data directory, while the first runs: one line naming it, exit 1.
    const second = await runToExit(dataDir);
    expect(second.code).toBe(1);
    expect(second.stderr.trim().split('\n')).toHaveLength(1);
    expect(second.stderr).toContain(`The data directory ${dataDir} is in use by another Arbiter`);

    const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    first.signal('SIGKILL');
    await first.exited;
    // The scenario: the server is gone, its Postgres still runs on the data directory.
    expect(alive(postmaster)).toBe(true);

    const restarted = await ServerProcess.start('', env, false, { startTimeoutMs: 60_000 });
    try {
      expect(alive(postmaster)).toBe(false);
      const campaign = await admin(restarted).data(`query ($id: ID!) { campaign(id: $id) { name } }`, { id: created.createCampaign.campaign.id });
      expect(campaign).toEqual({ campaign: { name: 'Before the crash' } });
    } finally {
      await restarted.stop();
    }
    expect(restarted.exit).toEqual({ code: 0, signal: null });
  }, 240_000);

  (asRoot ? it : it.skip)('run as root from a mode-700 directory, stops with one line saying which directory and what to do', async () => {
    const closed = join(dir, 'private');
    mkdirSync(closed, { mode: 0o700 });
    const start = EmbeddedDatabase.start(join(closed, 'data'));
    await expect(start).rejects.toBeInstanceOf(StartupError);
    const message = await start.catch((error: Error) => error.message);
    expect(message).not.toContain('\n');
    expect(message).toContain(`cannot enter ${closed} (mode 700)`);
    expect(message).toContain(`chmod o+x ${closed}`);
    // Opened for others, the same directory works.
    chmodSync(closed, statSync(closed).mode | 0o711);
    const database = await EmbeddedDatabase.start(join(closed, 'data'));
    await database.stop();
  }, 120_000);
});
