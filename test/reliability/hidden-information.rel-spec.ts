import type { DbChecks } from '../helpers/db-checks.js';
import { HiddenInformation } from './support/hidden-information.js';
import type { Viewer } from './support/world.js';

type FakeEvent = { seq: number; payload: unknown; secret: null; secret_for: null };

/** A database as the detector reads it, changed between refreshes by the test: a deck and a log per campaign. */
class FakeDb {
  piles: Record<string, string[]> = { one: [], two: [] };
  events: Record<string, FakeEvent[]> = { one: [], two: [] };

  log(campaign: string, cards: string[]): void {
    this.events[campaign].push({ seq: this.events[campaign].length + 1, payload: { cards }, secret: null, secret_for: null });
  }

  async query(sql: string, values: unknown[] = []): Promise<unknown[]> {
    if (sql.includes('rng_seed')) return [];
    if (sql.includes('FROM decks')) {
      const cards = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC'].map((id) => ({ id }));
      return Object.entries(this.piles).map(([campaign, pile]) => ({ id: `deck-${campaign}`, campaign_id: campaign, cards, draw_pile: pile, hands: {} }));
    }
    if (sql.includes('FROM characters')) return [];
    if (sql.includes('FROM game_events')) return this.events[values[0] as string].filter((event) => event.seq > (values[1] as number));
    throw new Error(`unexpected query: ${sql}`);
  }
}

describe('the canary detector, on draw pile order', () => {
  const player: Viewer = { kind: 'member', role: 'PLAYER', campaignId: 'one', memberId: 'ada' };
  const shown = (cards: string[]) => JSON.stringify({ data: { events: [{ payload: { cards } }] } });

  it('holds against nobody three cards a log showed before a pile came to lie so, and finds them when the events that made it so show them', async () => {
    const db = new FakeDb();
    const detector = new HiddenInformation(db as unknown as DbChecks, () => ['one', 'two']);
    // Campaign one shows 9C 8C 7C face up, campaign two 3C 5C 7C; neither pile holds them so.
    db.piles = { one: ['2C', '4C', '6C'], two: ['2C', '4C', '6C'] };
    db.log('one', ['9C', '8C', '7C']);
    db.log('two', ['3C', '5C', 'TC']);
    await detector.refresh();

    // Shuffled back: each pile now holds, by chance, what a log showed before (one's own, two's in one's pile);
    // and campaign one's latest event shows 6C 4C 2C, which its pile holds so since that very event.
    db.piles = { one: ['9C', '8C', '7C', '3C', '5C', 'TC', '6C', '4C', '2C'], two: ['2C', '4C', '6C'] };
    db.log('one', ['6C', '4C', '2C']);
    await detector.refresh();

    detector.check(player, shown(['9C', '8C', '7C']), "campaign one's log, read again");
    detector.check(player, shown(['3C', '5C', 'TC']), "campaign two's log, read again");
    expect(detector.findings).toEqual([]);
    detector.check(player, shown(['6C', '4C', '2C']), 'the event logged as the pile came to lie so');
    expect(detector.findings.map((finding) => finding.what)).toEqual([expect.stringContaining('6C, 4C, 2C')]);
  });
});
