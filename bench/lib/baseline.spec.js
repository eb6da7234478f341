import { describe, expect, it } from '@jest/globals';
import { drawOneToDiscard } from './baseline.js';

describe("the baseline's draw", () => {
  it('takes the top card onto the top of the discard pile', () => {
    expect(drawOneToDiscard({ drawPile: ['AC', '2C', '3C'], discardPile: ['KS'] })).toEqual({
      card: 'AC',
      reshuffled: false,
      draws: [],
      drawPile: ['2C', '3C'],
      discardPile: ['AC', 'KS'],
    });
  });

  it('reshuffles the discard pile, Fisher–Yates from the last position down, when the draw pile is empty', () => {
    // pick(bound) = 0 each time: position i swaps with 0, for i = 2, then 1.
    const draw = drawOneToDiscard({ drawPile: [], discardPile: ['AC', '2C', '3C'] }, () => 0);
    expect(draw.draws).toEqual([[3, 0], [2, 0]]);
    // [AC 2C 3C] → swap 2↔0 → [3C 2C AC] → swap 1↔0 → [2C 3C AC]; the top goes to the discard pile.
    expect(draw).toMatchObject({ card: '2C', reshuffled: true, drawPile: ['3C', 'AC'], discardPile: ['2C'] });
  });

  it('keeps every card in exactly one pile over many draws', () => {
    const deck = Array.from({ length: 52 }, (_, i) => `c${i}`);
    let piles = { drawPile: [...deck], discardPile: [] };
    for (let i = 0; i < 200; i += 1) piles = drawOneToDiscard(piles);
    expect([...piles.drawPile, ...piles.discardPile].sort()).toEqual([...deck].sort());
  });
});
