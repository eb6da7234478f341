import { CHARACTERISTICS } from './data.js';
import { YUMMELL_BOARD_PRESETS, YUMMELL_DECK_PRESETS, YUMMELL_EXAMPLE_BOARD, YUMMELL_EXAMPLE_DECK } from './presets.js';
import { validateYummellBoard, validateYummellDeck } from './validation.js';

const byName = (name: string) => YUMMELL_EXAMPLE_DECK.filter((card) => card.name === name);

describe('the example board (preset yummell-example-board)', () => {
  it('passes its own validation unchanged', () => {
    expect(validateYummellBoard(YUMMELL_EXAMPLE_BOARD)).toEqual({ ok: true, value: YUMMELL_EXAMPLE_BOARD });
  });

  it('has every terrain of the rules, squares of limited capacity and an impassable one', () => {
    const { squares } = YUMMELL_EXAMPLE_BOARD;
    expect(new Set(squares.map((square) => square.terrain))).toEqual(new Set(['PLAIN', 'HILLS', 'WOOD', 'SWAMP']));
    expect(squares.flatMap((square, index) => (square.capacity === null ? [] : [[index + 1, square.capacity]]))).toEqual([[6, 1], [9, 2], [17, 2]]);
    expect(squares.flatMap((square, index) => (square.impassable ? [index + 1] : []))).toEqual([12]);
  });

  it('is listed under its id', () => {
    expect(YUMMELL_BOARD_PRESETS['yummell-example-board'].board).toBe(YUMMELL_EXAMPLE_BOARD);
  });
});

describe('the example deck (preset yummell-example-deck)', () => {
  it('passes its own validation unchanged', () => {
    expect(validateYummellDeck(YUMMELL_EXAMPLE_DECK)).toEqual({ ok: true, value: YUMMELL_EXAMPLE_DECK });
  });

  it('holds 90 cards, as Yummell has: 40 Creatures, 16 Artefacts, 34 Events', () => {
    const count = (type: string) => YUMMELL_EXAMPLE_DECK.filter((card) => card.type === type).length;
    expect([YUMMELL_EXAMPLE_DECK.length, count('CREATURE'), count('ARTEFACT'), count('EVENT')]).toEqual([90, 40, 16, 34]);
  });

  it('has ten Creatures of each Characteristic', () => {
    for (const characteristic of CHARACTERISTICS) {
      expect(YUMMELL_EXAMPLE_DECK.filter((card) => card.type === 'CREATURE' && card.characteristic === characteristic)).toHaveLength(10);
    }
  });

  it('spreads the values 1–8 evenly: 11 or 12 cards each', () => {
    for (let value = 1; value <= 8; value += 1) {
      expect(YUMMELL_EXAMPLE_DECK.filter((card) => card.value === value).length).toBeGreaterThanOrEqual(11);
      expect(YUMMELL_EXAMPLE_DECK.filter((card) => card.value === value).length).toBeLessThanOrEqual(12);
    }
  });

  it.each([
    ['Salamander of Mount Ohrk', { type: 'CREATURE', characteristic: 'STRENGTH', number: 9 }],
    ['Horrgrop the Evil', { type: 'CREATURE', characteristic: 'STRENGTH', number: 7 }],
    ['Wind', { type: 'EVENT', arrow: true, condition: { onTerrain: 'PLAIN' }, effect: { kind: 'BACKTRACK' } }],
    ['Hills Guide', { type: 'EVENT', arrow: false, effect: { kind: 'MOVEMENT_BONUS', terrain: 'HILLS', amount: 1 } }],
  ])("holds the seed's %s", (name, facts) => {
    expect(byName(name).length).toBeGreaterThan(0);
    for (const card of byName(name)) expect(card).toMatchObject(facts);
  });

  it('is listed under its id', () => {
    expect(YUMMELL_DECK_PRESETS['yummell-example-deck'].cards).toBe(YUMMELL_EXAMPLE_DECK);
  });
});
