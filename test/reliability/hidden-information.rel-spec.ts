import type { DbChecks } from '../helpers/db-checks.js';
import { HiddenInformation } from './support/hidden-information.js';
import type { Viewer } from './support/world.js';

type FakeEvent = { seq: number; payload: unknown; secret: null; secret_for: null };

const CARDS = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC'];

/**
 * A database as the detector reads it, changed between refreshes by the test: decks by name
 * (`deck-<name>`), each in the campaign of the same name unless `campaignOf` says otherwise, and a
 * log per campaign.
 */
class FakeDb {
  readonly events: Record<string, FakeEvent[]> = {};

  constructor(
    public piles: Record<string, string[]>,
    private readonly campaignOf: Record<string, string> = {},
  ) {
    for (const campaign of this.campaigns()) this.events[campaign] = [];
  }

  campaigns(): string[] {
    return [...new Set(Object.keys(this.piles).map((deck) => this.campaignOf[deck] ?? deck))];
  }

  log(campaign: string, cards: string[]): void {
    this.events[campaign].push({ seq: this.events[campaign].length + 1, payload: { cards }, secret: null, secret_for: null });
  }

  async query(sql: string, values: unknown[] = []): Promise<unknown[]> {
    if (sql.includes('rng_seed')) return [];
    if (sql.includes('FROM decks')) {
      const cards = CARDS.map((id) => ({ id }));
      return Object.entries(this.piles).map(([deck, pile]) => ({ id: `deck-${deck}`, campaign_id: this.campaignOf[deck] ?? deck, cards, draw_pile: pile, hands: {} }));
    }
    if (sql.includes('FROM characters')) return [];
    if (sql.includes('FROM game_events')) return this.events[values[0] as string].filter((event) => event.seq > (values[1] as number));
    throw new Error(`unexpected query: ${sql}`);
  }
}

describe('the canary detector, on draw pile order', () => {
  const player: Viewer = { kind: 'member', role: 'PLAYER', campaignId: 'one', memberId: 'ada' };
  const shown = (cards: string[], deckId?: string) => JSON.stringify({ data: { events: [{ payload: { deckId, cards } }] } });
  const detectorOf = (db: FakeDb) => new HiddenInformation(db as unknown as DbChecks, () => db.campaigns());

  it('holds against nobody three cards a log showed before the pile came to lie so, and finds them when the events that made it so show them', async () => {
    const db = new FakeDb({ one: ['2C', '4C', '6C'] });
    const detector = detectorOf(db);
    db.log('one', ['9C', '8C', '7C']); // shown face up; not in the pile
    await detector.refresh();

    // Shuffled back: the pile now holds 9C 8C 7C by chance; the latest event shows 6C 4C 2C, which the pile holds so since that event.
    db.piles = { one: ['9C', '8C', '7C', '6C', '4C', '2C'] };
    db.log('one', ['6C', '4C', '2C']);
    await detector.refresh();

    detector.check(player, shown(['9C', '8C', '7C']), 'the log, read again');
    expect(detector.findings).toEqual([]);
    detector.check(player, shown(['6C', '4C', '2C']), 'the event logged as the pile came to lie so');
    expect(detector.findings.map((finding) => finding.what)).toEqual([expect.stringContaining('6C, 4C, 2C')]);
  });

  it("holds against nobody three cards another deck with the same ids has out of its pile, unless the text names the deck whose pile lies so", async () => {
    // Deck two has revealed 9C 8C 7C (out of its pile); deck one's pile holds them so by chance. 6C 4C 2C lie so in deck one's pile and are in deck two's.
    const db = new FakeDb({ one: ['9C', '8C', '7C', '6C', '4C', '2C'], two: ['2C', '3C', '4C', '5C', '6C', 'TC'] });
    const detector = detectorOf(db);
    await detector.refresh();

    detector.check(player, shown(['9C', '8C', '7C']), "deck two's reveal");
    expect(detector.findings).toEqual([]);
    detector.check(player, shown(['6C', '4C', '2C']), "deck one's pile");
    detector.check(player, shown(['9C', '8C', '7C'], 'deck-one'), "deck one's pile, by name");
    expect(detector.findings.map((finding) => finding.what)).toEqual([expect.stringContaining('6C, 4C, 2C'), expect.stringContaining('9C, 8C, 7C')]);
  });

  it("holds against nobody three cards the log showed as another deck's, even once that deck has shuffled them back", async () => {
    // Campaign one has two decks with the same ids: its own revealed 9C 8C 7C, which a second,
    // untouched deck holds so by chance. 5C 6C TC lie so in both piles: a log showing them shows no deck's reveal.
    const db = new FakeDb({ one: ['2C', '3C', '4C', '5C', '6C', 'TC'], second: ['9C', '8C', '7C', '5C', '6C', 'TC'] }, { second: 'one' });
    const detector = detectorOf(db);
    db.log('one', ['9C', '8C', '7C']);
    await detector.refresh();
    detector.check(player, shown(['9C', '8C', '7C']), 'the reveal');
    expect(detector.findings).toEqual([]);

    // Deck one shuffles its discard pile back: all nine cards are in both piles again.
    db.piles = { ...db.piles, one: ['7C', '2C', '9C', '3C', '8C', '4C', '5C', '6C', 'TC'] };
    db.log('one', ['5C', '6C', 'TC']);
    await detector.refresh();
    detector.check(player, shown(['9C', '8C', '7C']), 'the reveal, read again');
    expect(detector.findings).toEqual([]);
    detector.check(player, shown(['5C', '6C', 'TC']), 'an event listing cards that no deck has out of its pile');
    detector.check(player, shown(['9C', '8C', '7C'], 'deck-second'), "the second deck's pile, by name");
    expect(detector.findings.map((finding) => finding.what)).toEqual([expect.stringContaining('5C, 6C, TC'), expect.stringContaining('9C, 8C, 7C')]);
  });
});
