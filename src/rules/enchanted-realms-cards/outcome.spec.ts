import type { CardDefinition } from '../cards/card.js';
import type { DeckPiles } from '../cards/piles.js';
import { cardLookup, moveCheckedCards, refuse } from './outcome.js';

describe('refuse', () => {
  it.each<[string, string]>([
    ['FORCE_TOO_HIGH', 'a Force 7 card cannot reward a Force 5 challenge'],
    ['NOT_ACCEPTED', 'the trade needs both sides to accept'],
  ])('carries %s and its message', (reason, message) => {
    expect(refuse(reason, message)).toEqual({ ok: false, violation: { reason, message } });
  });
});

describe('moveCheckedCards', () => {
  const piles = (): DeckPiles => ({ drawPile: ['a'], discardPile: ['b'], table: [], hands: { p1: ['c', 'd'] } });

  it.each<[string, string[], string, Record<string, string[]>]>([
    ['into another hand, in the order given', ['d', 'c'], 'table:erik', { p1: [], 'table:erik': ['d', 'c'] }],
    ['a discard into a hand', ['b'], 'p1', { p1: ['c', 'd', 'b'] }],
  ])('moves %s', (_, ids, holderId, hands) => {
    const before = piles();
    const after = moveCheckedCards(before, ids, holderId);
    expect(after).toEqual({ ...piles(), discardPile: ids.includes('b') ? [] : ['b'], hands });
    expect(before).toEqual(piles());
  });

  it('throws when a rule let through a card still in the draw pile', () => {
    expect(() => moveCheckedCards(piles(), ['a'], 'p1')).toThrow(
      "a checked move was refused: card 'a' is still in the draw pile and has to be drawn first",
    );
  });
});

describe('cardLookup', () => {
  const deck: CardDefinition[] = [{ id: 'a', code: 'A' }, { id: 'b', code: 'B' }];

  it.each(['a', 'b'])('finds card %p', (id) => {
    expect(cardLookup(deck)(id)).toBe(deck.find((card) => card.id === id));
  });

  it('throws for a card that is not in the deck', () => {
    expect(() => cardLookup(deck)('z')).toThrow("card 'z' is in the piles but not in the deck");
  });
});
