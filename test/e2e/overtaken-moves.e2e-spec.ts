import pg from 'pg';
import type { Principal } from '../../src/modules/auth/principal.js';
import { GameLedger, OPTIMISTIC_ATTEMPTS } from '../../src/modules/events/game-ledger.service.js';
import { createTable, testDatabaseUrl } from '../helpers/arbiter.js';
import { range, useTestArbiter } from '../helpers/db-checks.js';

/**
 * Another process's move on the campaign, as its row sees it: the version moves on, unless a move
 * holds the row locked, in which case it gives up after a moment. Whether it moved the campaign.
 */
async function anotherProcessMoves(client: pg.Client, campaignId: string): Promise<boolean> {
  await client.query('BEGIN');
  try {
    await client.query("SET LOCAL lock_timeout = '200ms'");
    await client.query('UPDATE campaigns SET version = version + 1 WHERE id = $1', [campaignId]);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    if ((error as { code?: string }).code === '55P03') return false;
    throw error;
  }
}

describe('a move that another process keeps overtaking', () => {
  const env = useTestArbiter();
  const other = new pg.Client({ connectionString: testDatabaseUrl() });
  beforeAll(() => other.connect());
  afterAll(() => other.end());

  it(`locks the campaign's row after ${OPTIMISTIC_ATTEMPTS} overtaken attempts, so it is written, once, in turn`, async () => {
    const table = await createTable(env.arbiter.url);
    const [gm] = await env.db.query<{ id: string }>(`SELECT id::text FROM members WHERE campaign_id = $1 AND role = 'GM'`, [table.campaignId]);
    const principal: Principal = { role: 'GM', id: gm.id, memberId: gm.id, campaignId: table.campaignId, name: 'GM' };
    const before = await env.db.eventSeqs(table.campaignId);
    const ledger = env.arbiter.app.get(GameLedger, { strict: false });

    // Every attempt is overtaken between its read and its write, unless it holds the row.
    const overtaken: boolean[] = [];
    const seq = await ledger.act(principal, table.campaignId, async (action) => {
      overtaken.push(await anotherProcessMoves(other, table.campaignId));
      return action.record('test.overtaken', { attempt: overtaken.length });
    });

    expect(overtaken).toEqual([...range(OPTIMISTIC_ATTEMPTS).map(() => true), false]);
    expect(seq).toBe(before.lastEventSeq + 1);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual({ seqs: range(seq), lastEventSeq: seq });
    const events = await env.db.query(`SELECT payload FROM game_events WHERE campaign_id = $1 AND type = 'test.overtaken'`, [table.campaignId]);
    expect(events).toEqual([{ payload: { attempt: OPTIMISTIC_ATTEMPTS + 1 } }]);
  });
});
