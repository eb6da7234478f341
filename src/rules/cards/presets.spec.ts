import { readFileSync } from 'node:fs';
import path from 'node:path';

import { validateCardList } from './card.js';
import { CARD_PRESETS, STANDARD_52 } from './presets.js';

const vectors = JSON.parse(readFileSync(path.resolve(process.cwd(), 'src/rules/random/rng-vectors.json'), 'utf8')) as {
  cases: Array<{ canonical?: string[] }>;
};

describe('STANDARD_52', () => {
  it('lists the codes in the canonical order of rng-vectors.json', () => {
    expect(STANDARD_52.map((card) => card.code)).toEqual(vectors.cases.find((c) => c.canonical)?.canonical);
  });

  it.each([
    [0, { id: 'AC', code: 'AC', name: 'Ace of Clubs', suit: 'C', rank: 'A', color: 'BLACK' }],
    [22, { id: '10D', code: '10D', name: 'Ten of Diamonds', suit: 'D', rank: '10', color: 'RED' }],
    [37, { id: 'QH', code: 'QH', name: 'Queen of Hearts', suit: 'H', rank: 'Q', color: 'RED' }],
    [51, { id: 'KS', code: 'KS', name: 'King of Spades', suit: 'S', rank: 'K', color: 'BLACK' }],
  ])('card %p is %o', (index, card) => {
    expect(STANDARD_52[index]).toEqual(card);
  });

  it('is a valid card list that needs no normalizing', () => {
    expect(validateCardList([...STANDARD_52])).toEqual({ ok: true, cards: STANDARD_52 });
  });

  it('cannot be changed by its users', () => {
    expect(Object.isFrozen(STANDARD_52)).toBe(true);
    expect(STANDARD_52.every((card) => Object.isFrozen(card))).toBe(true);
  });
});

describe('CARD_PRESETS', () => {
  it.each(Object.entries(CARD_PRESETS))('%s is filed under its own id and is valid', (key, preset) => {
    expect(preset.id).toBe(key);
    expect(validateCardList([...preset.cards]).ok).toBe(true);
  });

  it('offers standard-52', () => {
    expect(CARD_PRESETS['standard-52'].cards).toBe(STANDARD_52);
  });
});
