import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startArbiter } from '../../src/bootstrap.js';
import { loadConfig } from '../../src/infra/config.js';
import { Client } from '../helpers/arbiter.js';

describe('running on an embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-lifecycle-'));
  const config = () => loadConfig({ ARBITER_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts its own Postgres, keeps a generated ADMIN key and the data between runs, and drains on close', async () => {
    const first = await startArbiter(config());
    const keyFile = join(dataDir, 'admin-key');
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(first.adminKey);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const health = await fetch(`${first.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'ok',
      database: { status: 'up', latencyMs: expect.any(Number) },
    });
    expect((await fetch(`${first.url}/health`, { headers: { authorization: 'Bearer stale' } })).status).toBe(200);

    const admin = new Client(first.url, first.adminKey);
    const created = await admin.data(`mutation { createCampaign(input: { name: "Kept", ruleset: "enchanted-realms-cards" }) { campaign { id lastEventSeq } } }`);
    const { id: campaignId, lastEventSeq } = created.createCampaign.campaign;

    // Close while a mutation is in flight (held on the campaign's lock): it finishes and is answered.
    const blocker = new pg.Client({ connectionString: first.databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM campaigns WHERE id = $1 FOR UPDATE', [campaignId]);
    const inFlight = admin.data(`mutation ($c: ID!) { rollDice(input: { campaignId: $c, expression: "d6" }) { eventSeq } }`, { c: campaignId });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const closing = first.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await blocker.query('COMMIT');
    await blocker.end();
    expect((await inFlight).rollDice.eventSeq).toBe(lastEventSeq + 1);
    await closing;
    await expect(new pg.Client({ connectionString: first.databaseUrl, connectionTimeoutMillis: 1000 }).connect()).rejects.toThrow();

    const second = await startArbiter(config());
    try {
      expect(second.adminKey).toBe(first.adminKey);
      const { campaigns } = await new Client(second.url, second.adminKey).data('{ campaigns { id name } }');
      expect(campaigns).toEqual([{ id: created.createCampaign.campaign.id, name: 'Kept' }]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
