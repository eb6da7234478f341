import { jest } from '@jest/globals';
import pg from 'pg';
import { assertConserved } from '../../src/rules/cards/piles.js';
import type { RunningArbiter } from '../../src/bootstrap.js';
import type { Database } from '../../src/infra/database.js';
import { startTestArbiter, testDatabaseUrl } from './arbiter.js';

/** Direct SQL on the test database, to check what the API must never show. */
export class DbChecks {
  private readonly pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });

  async query<T extends pg.QueryResultRow = any>(sql: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(sql, values)).rows;
  }

  /** Every card of the deck is in exactly one place. */
  async deckIsConserved(deckId: string): Promise<boolean> {
    const [deck] = await this.query('SELECT cards, draw_pile, discard_pile, table_cards, hands FROM decks WHERE id = $1', [deckId]);
    return assertConserved(
      { drawPile: deck.draw_pile, discardPile: deck.discard_pile, table: deck.table_cards, hands: deck.hands },
      deck.cards,
    );
  }

  /** The campaign's events are numbered 1..n without a gap, and n is the campaign's last seq. */
  async eventSeqs(campaignId: string): Promise<{ seqs: number[]; lastEventSeq: number }> {
    const rows = await this.query<{ seq: number }>('SELECT seq FROM game_events WHERE campaign_id = $1 ORDER BY seq', [campaignId]);
    const [campaign] = await this.query('SELECT last_event_seq FROM campaigns WHERE id = $1', [campaignId]);
    return { seqs: rows.map((row) => row.seq), lastEventSeq: campaign.last_event_seq };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Starts an Arbiter and a direct database connection for a test file, and stops both after it. */
export function useTestArbiter(): { arbiter: RunningArbiter; db: DbChecks } {
  const env = {} as { arbiter: RunningArbiter; db: DbChecks };
  // A test here makes dozens of round trips to a real Postgres; on a busy CI runner, sharing it
  // with other workers, the default 5 s is too tight for the first ones after start.
  jest.setTimeout(20_000);
  beforeAll(async () => {
    env.arbiter = await startTestArbiter();
    env.db = new DbChecks();
  });
  afterAll(async () => {
    await env.db?.close();
    await env.arbiter?.close();
  });
  return env;
}

/** The text of every statement the server's pool ran outside a transaction while `work` ran, in order. */
export async function statementsRun(database: Database, work: () => Promise<unknown>): Promise<string[]> {
  const query = jest.spyOn(database.pool, 'query');
  try {
    await work();
    return query.mock.calls.map(([statement]) => (typeof statement === 'string' ? statement : (statement as { text: string }).text));
  } finally {
    query.mockRestore();
  }
}
