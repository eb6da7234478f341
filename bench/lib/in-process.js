/** Arbiter started from `dist/` in the bench's own process, on a fresh database: for the tools that look inside it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchDatabase } from './database.js';

/**
 * Starts a fresh database (embedded, or a new one on `DATABASE_URL`) and Arbiter on it, listening
 * on a free port with the rate limit out of the way. `stop` stops both and removes what they left.
 */
export async function startArbiterInProcess({ name, logLevel }) {
  const { startArbiter } = await import('../../dist/bootstrap.js');
  const { loadConfig } = await import('../../dist/infra/config.js');
  const dataDir = mkdtempSync(join(tmpdir(), `arbiter-${name}-`));
  const database = await startBenchDatabase(dataDir, process.env.DATABASE_URL);
  const adminKey = `${name}-admin-key-0123456789abcdef`;
  try {
    const arbiter = await startArbiter(loadConfig({ DATABASE_URL: database.url, ARBITER_ADMIN_KEY: adminKey, LOG_LEVEL: logLevel, PORT: '0', ARBITER_RATE_LIMIT_PER_MINUTE: '1000000' }));
    return {
      arbiter,
      adminKey,
      databaseUrl: database.url,
      async stop() {
        await arbiter.close();
        await database.stop();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
