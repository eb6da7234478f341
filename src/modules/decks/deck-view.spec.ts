import { STANDARD_52 } from '../../rules/cards/presets.js';
import type { DeckPiles } from '../../rules/cards/piles.js';
import type { DeckRecord } from './decks.repository.js';
import { toDeckView } from './decks.service.js';

const cards = [...STANDARD_52];
const outOfPile = new Set(['AS', '2H', '3D']);
const piles = (drawPile: string[], discardPile: string[], table: string[], hands: Record<string, string[]>): DeckPiles => ({ drawPile, discardPile, table, hands });
const deck: DeckRecord = {
  id: 'deck-1',
  campaignId: 'campaign-1',
  name: 'Table deck',
  cards,
  piles: piles(cards.map((card) => card.id).filter((id) => !outOfPile.has(id)), ['AS'], ['2H'], { ada: ['3D'], bo: [] }),
};

describe('toDeckView', () => {
  it('shows the counts, the face-up cards with their deck, and the hands that hold cards', () => {
    const view = toDeckView(deck);
    expect(view).toMatchObject({ id: 'deck-1', campaignId: 'campaign-1', name: 'Table deck', cardCount: 52, drawPileCount: 49 });
    expect(view.discardPile).toEqual([expect.objectContaining({ id: 'AS', code: 'AS', deckId: 'deck-1' })]);
    expect(view.table).toEqual([expect.objectContaining({ id: '2H', deckId: 'deck-1' })]);
    expect(view.hands).toEqual([{ characterId: 'ada', count: 1 }]);
  });

  it("shows a move's piles in place of the deck's own", () => {
    const moved = piles(deck.piles.drawPile.slice(1), ['AS', deck.piles.drawPile[0]], [], { ada: ['3D', '2H'] });
    const view = toDeckView(deck, moved);
    expect(view.drawPileCount).toBe(48);
    expect(view.discardPile.map((card) => card.id)).toEqual(['AS', deck.piles.drawPile[0]]);
    expect(view.table).toEqual([]);
    expect(view.hands).toEqual([{ characterId: 'ada', count: 2 }]);
  });

  it('serialises every field, and neither a copy nor its JSON carries the draw pile', () => {
    const view = toDeckView(deck);
    const json = JSON.parse(JSON.stringify(view)) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(['campaignId', 'cardCount', 'discardPile', 'drawPileCount', 'hands', 'id', 'name', 'table']);
    expect(json.hands).toEqual([{ characterId: 'ada', count: 1 }]);
    const hidden = deck.piles.drawPile[0];
    expect(JSON.stringify(view)).not.toContain(`"${hidden}"`);
    expect(JSON.stringify({ ...view })).not.toContain(`"${hidden}"`);
  });
});
