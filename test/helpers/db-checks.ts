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

/**
 * Runs `work` and says, for the first statement the server sent that contains a fragment, how many
 * of the statements before it had been answered when it was sent. Statements sent before an
 * answer came back travel in that answer's round trip: a read with the same figure as the
 * campaign's lock went out with it. Every statement of the server's pool counts (BEGIN, writes
 * sent together, COMMIT), as it goes on the wire; other connections' (the announcer's) do not.
 */
export async function answeredBeforeSending(database: Database, work: () => Promise<unknown>): Promise<(fragment: string) => number | undefined> {
  const sent = await sentStatements(database, work);
  return (fragment) => sent.find(({ text }) => text.includes(fragment))?.answered;
}

/** Every statement the server's pool sent while `work` ran, in order, with how many had been answered when it was sent. */
export async function sentStatements(database: Database, work: () => Promise<unknown>): Promise<Array<{ text: string; answered: number }>> {
  // pg-pool's list of its connections, checked out or idle.
  const ownClients = (database.pool as unknown as { _clients: pg.Client[] })._clients;
  const original = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  let answered = 0;
  const sent: Array<{ text: string; answered: number }> = [];
  const counted =
    (callback: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      answered += 1;
      return callback(...args);
    };
  const query = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    if (!ownClients.includes(this)) return original.apply(this, args);
    const [config] = args as [string | { text: string; callback?: (...args: unknown[]) => unknown }];
    sent.push({ text: typeof config === 'string' ? config : config.text, answered });
    if (typeof config === 'object' && typeof config.callback === 'function') {
      config.callback = counted(config.callback);
    } else {
      const last = args.length - 1;
      if (typeof args[last] === 'function') args[last] = counted(args[last] as (...args: unknown[]) => unknown);
    }
    return original.apply(this, args);
  } as never);
  try {
    await work();
  } finally {
    query.mockRestore();
  }
  return sent;
}

/** The fragments of the statements that read a ruleset's table: its state, its deck (by the state), its characters. */
const TABLE_READS = {
  stateAndDeck: 'FROM campaigns c LEFT JOIN decks d',
  characters: 'FROM characters WHERE campaign_id = ANY',
};

/**
 * Checks what a ruleset's move sent (from {@link answeredBeforeSending}): the campaign's lock
 * first, with the table read in its round trip — the state and its deck in one statement, the
 * characters in another.
 */
export function expectTableReadWithLock(sentWhen: (fragment: string) => number | undefined): void {
  const lock = sentWhen('FOR UPDATE');
  expect(lock).toBeDefined();
  expect({ stateAndDeck: sentWhen(TABLE_READS.stateAndDeck), characters: sentWhen(TABLE_READS.characters) }).toEqual({ stateAndDeck: lock, characters: lock });
  // A state read of its own comes only later, if at all: for the answer's fields.
  expect(sentWhen('SELECT id, ruleset_state FROM campaigns') ?? Infinity).toBeGreaterThan(lock!);
}
