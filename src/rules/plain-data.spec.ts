import fc from 'fast-check';
import { copyData, sameData } from './plain-data.js';

/** JSON text with every object's keys sorted: what jsonb makes equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );

/** Not plain data: copied and compared as JSON would keep it. */
class Marker {
  constructor(readonly at: number) {}
}

const sheet = () => ({
  status: 'ACTIVE',
  attributes: { STRENGTH: 1, HEART: -1 },
  inventory: { slots: 10, items: ['rope', 'torch'], conditions: [] as string[] },
  pending: { woundsToTend: 0, allyAid: null },
});

describe('copyData', () => {
  it('copies every level: changing the copy leaves the original as it was', () => {
    const original = { piles: { drawPile: ['AS', '2H'], hands: { c1: ['3D'] } }, characters: { c1: sheet() } };
    const copy = copyData(original);
    expect(copy).toEqual(original);
    copy.piles.drawPile.pop();
    copy.piles.hands.c1.push('4C');
    copy.characters.c1.inventory.items.push('lantern');
    copy.characters.c1.attributes.STRENGTH = 2;
    expect(original).toEqual({ piles: { drawPile: ['AS', '2H'], hands: { c1: ['3D'] } }, characters: { c1: sheet() } });
  });

  it('keeps what is not an object as it is, a "__proto__" key as a key, and an object of a class as its data', () => {
    expect([copyData(null), copyData(3), copyData('x'), copyData(true), copyData(undefined)]).toEqual([null, 3, 'x', true, undefined]);
    const parsed = JSON.parse('{"__proto__": {"polluted": true}}');
    const copied = copyData(parsed);
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.keys(copied)).toEqual(['__proto__']);
    expect(sameData(copied, parsed)).toBe(true);
    const marker = new Marker(5);
    const copy = copyData({ marker });
    expect(copy.marker).not.toBe(marker);
    expect(copy.marker).toEqual({ at: 5 });
  });
});

describe('sameData', () => {
  const same: Array<[string, unknown, unknown]> = [
    ['equal nested data', { a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null }],
    ['keys in another order (jsonb keeps no order)', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['a key set to undefined and an absent key', { a: 1, b: undefined }, { a: 1 }],
    ['a copy', { characters: { c1: sheet() } }, copyData({ characters: { c1: sheet() } })],
    ['objects of a class with the same data', { marker: new Marker(5) }, { marker: new Marker(5) }],
  ];
  it.each(same)('same: %s', (_, a, b) => {
    expect(sameData(a, b)).toBe(true);
    expect(sameData(b, a)).toBe(true);
  });

  const different: Array<[string, unknown, unknown]> = [
    ['a changed number deep inside', { c1: sheet() }, { c1: { ...sheet(), attributes: { STRENGTH: 2, HEART: -1 } } }],
    ['a card moved between piles', { drawPile: ['AS'], discardPile: [] }, { drawPile: [], discardPile: ['AS'] }],
    ['the order of a pile', ['AS', '2H'], ['2H', 'AS']],
    ['an added key', { a: 1 }, { a: 1, b: 2 }],
    ['a key gone', { a: 1, b: 2 }, { a: 1, c: 2 }],
    ['null against an absent key', { a: null }, {}],
    ['an array against an object', [], {}],
    ['0 against "0"', { a: 0 }, { a: '0' }],
    ['null against an object', null, {}],
    ['objects of a class with other data', { marker: new Marker(5) }, { marker: new Marker(6) }],
  ];
  it.each(different)('different: %s', (_, a, b) => {
    expect(sameData(a, b)).toBe(false);
    expect(sameData(b, a)).toBe(false);
  });

  it('answers as comparing JSON with sorted keys does, for any JSON data, and a copy is always the same', () => {
    // Small values, so that equal pairs come up too.
    const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(sameData(a, b)).toBe(canonical(a) === canonical(b));
        expect(sameData(a, copyData(a))).toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (a) => expect(canonical(copyData(a))).toBe(canonical(a))));
  });
});
