import pg from 'pg';

/** Drops the run's database (so a shared server does not fill up) and stops the embedded Postgres. */
export default async function globalTeardown() {
  const created = globalThis.arbiterTestDatabaseDrop;
  if (created) {
    delete globalThis.arbiterTestDatabaseDrop;
    const admin = new pg.Client({ connectionString: created.serverUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${created.name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
  if (globalThis.arbiterTestDatabase) {
    await globalThis.arbiterTestDatabase.stop();
    delete globalThis.arbiterTestDatabase;
  }
  delete process.env.ARBITER_TEST_DATABASE_URL;
}
