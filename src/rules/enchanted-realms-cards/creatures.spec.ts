import type { CardDefinition } from '../cards/card.js';
import type { DeckPiles } from '../cards/piles.js';
import type { Rng } from '../random/random-stream.js';
import { CREATURE_COUNT_DRAWS, creatureCount, revealCreatureCount } from './creatures.js';

/** Draws from the top with cards to spare use no randomness. */
const noRandomness: Rng = {
  wordsUsed: 0,
  uniform: () => {
    throw new Error('no randomness expected');
  },
  nextWord: () => {
    throw new Error('no randomness expected');
  },
  die: () => {
    throw new Error('no randomness expected');
  },
};

describe('creatureCount', () => {
  it.each<[string, number[], number, number]>([
    ['Goblins: 9 + 3 + 7 = 19 / 2 → 10 (2008 rules)', [9, 3, 7], 2, 10],
    ['an exact division', [4, 4, 4], 3, 4],
    ['rounded up', [1, 1, 1], 2, 2],
    ['a strong creature: at least 1', [1, 2, 1], 9, 1],
    ['nothing drawn: at least 1', [], 3, 1],
    ['drawn Forces of 0: at least 1', [0, 0, 0], 2, 1],
    ['a creature of Force 0 counts as Force 1', [9, 3, 7], 0, 19],
    ['a creature of Force 0, nothing drawn: 1', [0], 0, 1],
    ['five cards drawn instead of three', [9, 9, 9, 9, 9], 5, 9],
  ])('%s', (_, forces, creatureForce, count) => {
    expect(creatureCount(forces, creatureForce)).toBe(count);
  });

  it.each<[number[], number, string]>([
    [[9, -3], 2, 'a Force Number is an integer of 0 or more, got -3'],
    [[1.5], 2, 'a Force Number is an integer of 0 or more, got 1.5'],
    [[1], -1, 'a Force Number is an integer of 0 or more, got -1'],
  ])('throws on Forces %j against %p', (forces, creatureForce, message) => {
    expect(() => creatureCount(forces, creatureForce)).toThrow(new RangeError(message));
  });
});

describe('revealCreatureCount', () => {
  const forceCard = (id: string, force: number): CardDefinition => ({ id, code: id.toUpperCase(), type: 'BLANK', attributes: { force } });
  const deck = [forceCard('a', 9), forceCard('b', 3), forceCard('c', 7), forceCard('d', 5), forceCard('e', 1)];
  const goblins: CardDefinition = { id: 'gob', code: 'GOB', type: 'CREATURE', attributes: { force: 2, STR: 1 } };
  const piles = (): DeckPiles => ({ drawPile: ['a', 'b', 'c', 'd'], discardPile: ['e'], table: [], hands: {} });

  it('draws three cards by default', () => {
    expect(CREATURE_COUNT_DRAWS).toBe(3);
  });

  it.each<[string, number | undefined, string[], number[], number, Partial<DeckPiles>]>([
    ['three cards onto the discard pile: 10 Goblins', undefined, ['a', 'b', 'c'], [9, 3, 7], 10,
      { drawPile: ['d'], discardPile: ['c', 'b', 'a', 'e'] }],
    ['as many cards as the Lead Player says', 1, ['a'], [9], 5, { drawPile: ['b', 'c', 'd'], discardPile: ['a', 'e'] }],
  ])('%s', (_, draws, drawn, forces, count, changed) => {
    const before = piles();
    const outcome = revealCreatureCount(before, deck, { creature: goblins, draws }, noRandomness);
    expect(outcome).toEqual({ ok: true, piles: { ...piles(), ...changed }, drawn, forces, count });
    expect(before).toEqual(piles());
  });

  it('is refused as drawCards refuses, drawing nothing', () => {
    const outcome = revealCreatureCount({ ...piles(), hands: { p1: ['a', 'b', 'c', 'd'] }, drawPile: [] }, deck, { creature: goblins }, noRandomness);
    expect(outcome).toEqual({ ok: false, violation: { reason: 'NOT_ENOUGH_CARDS', message: 'only 1 card is left to draw' } });
  });

  it('throws when the piles hold a card the deck does not', () => {
    expect(() => revealCreatureCount(piles(), deck.slice(1), { creature: goblins }, noRandomness)).toThrow(
      "card 'a' is in the piles but not in the deck",
    );
  });
});
