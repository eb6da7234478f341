import { type CardDefinition, colorOfSuit, type Suit, validateCardList } from './card.js';

describe('colorOfSuit', () => {
  it.each<[Suit, string]>([
    ['C', 'BLACK'],
    ['D', 'RED'],
    ['H', 'RED'],
    ['S', 'BLACK'],
  ])('%s is %s', (suit, color) => {
    expect(colorOfSuit(suit)).toBe(color);
  });
});

const codes = (count: number) => Array.from({ length: count }, (_, i) => ({ code: `c${i}` }));

describe('validateCardList: accepted lists', () => {
  const queenOfSpades: CardDefinition = {
    id: 'q1',
    code: 'QS',
    name: 'Queen of Spades',
    suit: 'S',
    rank: 'Q',
    color: 'BLACK',
    type: 'FACE',
    attributes: { power: 3, wild: true, tag: 'royal' },
  };

  it.each<[string, unknown[], CardDefinition[]]>([
    ['id defaults to code', [{ code: 'AC' }], [{ id: 'AC', code: 'AC' }]],
    ['color comes from the suit', [{ code: 'QH', suit: 'H' }], [{ id: 'QH', code: 'QH', suit: 'H', color: 'RED' }]],
    ['a color without a suit is kept', [{ code: 'JOKER', color: 'RED' }], [{ id: 'JOKER', code: 'JOKER', color: 'RED' }]],
    ['every field', [queenOfSpades], [queenOfSpades]],
    [
      'one code under two ids',
      [{ id: 'goblin-1', code: 'GOBLIN' }, { id: 'goblin-2', code: 'GOBLIN' }],
      [{ id: 'goblin-1', code: 'GOBLIN' }, { id: 'goblin-2', code: 'GOBLIN' }],
    ],
    ['a 1000-card list', codes(1000), codes(1000).map(({ code }) => ({ id: code, code }))],
  ])('%s', (_, input, cards) => {
    expect(validateCardList(input)).toEqual({ ok: true, cards });
  });

  it('copies the cards instead of sharing them with the input', () => {
    const input = { code: 'AC', attributes: { power: 1 } };
    const result = validateCardList([input]);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.cards[0]).not.toBe(input);
    expect(result.cards[0].attributes).not.toBe(input.attributes);
  });
});

describe('validateCardList: refused lists', () => {
  const long = 'x'.repeat(41);
  const badPower = "attribute 'power' must be text, a number or true/false";

  it.each<[unknown[], number, string | undefined, string]>([
    [[], 0, undefined, 'a deck needs at least one card'],
    [codes(1001), 1000, undefined, 'a deck holds at most 1000 cards'],
    [['AC'], 0, undefined, 'card 0 is not an object'],
    [[{ code: 'AC' }, null], 1, undefined, 'card 1 is not an object'],
    [[{}], 0, undefined, 'card 0: code must be text of 1 to 40 characters'],
    [[{ code: '' }], 0, undefined, 'card 0: code must be text of 1 to 40 characters'],
    [[{ code: 7 }], 0, undefined, 'card 0: code must be text of 1 to 40 characters'],
    [[{ code: long }], 0, long, `card 0 ('${long}'): code must be text of 1 to 40 characters`],
    [[{ id: 5, code: 'AC' }], 0, 'AC', "card 0 ('AC'): id must be text of 1 to 40 characters"],
    [[{ code: 'AC', suit: 'X' }], 0, 'AC', "card 0 ('AC'): suit must be one of C D H S"],
    [[{ code: 'AC', color: 'GREEN' }], 0, 'AC', "card 0 ('AC'): color must be RED or BLACK"],
    [[{ code: 'AH', suit: 'H', color: 'BLACK' }], 0, 'AH', "card 0 ('AH'): color BLACK does not match suit H"],
    [[{ code: '10C', rank: 'TENNER' }], 0, '10C', "card 0 ('10C'): rank must be text of 1 to 5 characters"],
    [[{ code: 'AC', name: 'n'.repeat(101) }], 0, 'AC', "card 0 ('AC'): name must be text of 1 to 100 characters"],
    [[{ code: 'AC', type: '' }], 0, 'AC', "card 0 ('AC'): type must be text of 1 to 40 characters"],
    [[{ code: 'AC', attributes: [1] }], 0, 'AC', "card 0 ('AC'): attributes must be an object"],
    [[{ code: 'AC', attributes: { power: { max: 3 } } }], 0, 'AC', `card 0 ('AC'): ${badPower}`],
    [[{ code: 'AC', attributes: { power: Number.NaN } }], 0, 'AC', `card 0 ('AC'): ${badPower}`],
    [[{ code: 'AC', sute: 'C' }], 0, 'AC', "card 0 ('AC'): unknown field 'sute'"],
    [
      [{ code: 'AC' }, { code: '2C' }, { id: 'x', code: 'AC' }, { code: 'QH' }, { code: 'QH' }],
      4,
      'QH',
      "card 4 ('QH'): id 'QH' is used twice",
    ],
    [[{ id: 'a', code: 'AC' }, { id: 'a', code: '2C' }], 1, 'a', "card 1 ('a'): id 'a' is used twice"],
    [[{ id: 'QH', code: 'X' }, { code: 'QH' }], 1, 'QH', "card 1 ('QH'): id 'QH' is used twice"],
  ])('%j fails at card %p (%p): %s', (input, index, cardId, message) => {
    const error = cardId === undefined ? { message, index } : { message, index, cardId };
    expect(validateCardList(input)).toEqual({ ok: false, error });
  });
});
