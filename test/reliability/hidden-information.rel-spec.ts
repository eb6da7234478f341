import type { DbChecks } from '../helpers/db-checks.js';
import { HiddenInformation } from './support/hidden-information.js';
import type { Viewer } from './support/world.js';

/** A database as the detector reads it, changed between refreshes by the test. */
class FakeDb {
  pile: string[] = [];
  events: Array<{ seq: number; payload: unknown; secret: null; secret_for: null }> = [];

  async query(sql: string, values: unknown[] = []): Promise<unknown[]> {
    if (sql.includes('rng_seed')) return [];
    if (sql.includes('FROM decks')) {
      const cards = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C'].map((id) => ({ id }));
      return [{ id: 'deck', campaign_id: 'campaign', cards, draw_pile: this.pile, hands: {} }];
    }
    if (sql.includes('FROM characters')) return [];
    if (sql.includes('FROM game_events')) return this.events.filter((event) => event.seq > (values[1] as number));
    throw new Error(`unexpected query: ${sql}`);
  }
}

describe('the canary detector, on draw pile order', () => {
  const player: Viewer = { kind: 'member', role: 'PLAYER', campaignId: 'campaign', memberId: 'ada' };
  const shown = (cards: string[]) => JSON.stringify({ data: { events: [{ payload: { cards } }] } });

  it('holds against nobody three cards the log showed before the pile came to lie so, and finds them when a later event shows them', async () => {
    const db = new FakeDb();
    const detector = new HiddenInformation(db as unknown as DbChecks, () => ['campaign']);
    // Seq 1 shows 9C 8C 7C face up; they are not in the pile.
    db.pile = ['2C', '4C', '6C'];
    db.events = [{ seq: 1, payload: { cards: ['9C', '8C', '7C'] }, secret: null, secret_for: null }];
    await detector.refresh();

    // Shuffled back: the pile now holds them in that order, by chance; seq 2 shows 2C 4C 6C, where the pile has them too.
    db.pile = ['9C', '8C', '7C', '6C', '4C', '2C'];
    db.events.push({ seq: 2, payload: { cards: ['6C', '4C', '2C'] }, secret: null, secret_for: null });
    await detector.refresh();

    detector.check(player, shown(['9C', '8C', '7C']), 'the log of seq 1, read again');
    expect(detector.findings).toEqual([]);
    detector.check(player, shown(['6C', '4C', '2C']), 'the log of seq 2, logged as the pile came to lie so');
    expect(detector.findings.map((finding) => finding.what)).toEqual([expect.stringContaining('6C, 4C, 2C')]);
  });
});
