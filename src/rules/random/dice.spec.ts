import fc from 'fast-check';

import {
  type DiceExpression,
  type DiceRoll,
  type DiceTerm,
  type KeepRule,
  formatDiceExpression,
  parseDiceExpression,
  rollDiceExpression,
} from './dice.js';
import { RandomStream, type Rng } from './random-stream.js';

/** An Rng whose dice show scripted faces in order; it fails loudly if asked for anything else. */
class ScriptedDice implements Rng {
  wordsUsed = 0;

  constructor(private readonly faces: readonly number[]) {}

  die(sides: number): number {
    const face = this.faces[this.wordsUsed];
    if (face === undefined || face < 1 || face > sides) {
      throw new Error(`the script has no d${sides} face for roll ${this.wordsUsed}`);
    }
    this.wordsUsed += 1;
    return face;
  }

  nextWord(): number {
    throw new Error('dice rolls should only call die()');
  }

  uniform(): number {
    throw new Error('dice rolls should only call die()');
  }
}

const parseOrThrow = (input: string): DiceExpression => {
  const parsed = parseDiceExpression(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.expression;
};

const twentyOnes = Array(20).fill('1').join('+');

describe('parseDiceExpression: accepted expressions', () => {
  it.each([
    ['4d6kh3+2', '4d6kh3+2'],
    [' 4D6KH3 + 2 ', '4d6kh3+2'],
    ['d20', '1d20'],
    ['d%', '1d100'],
    ['2D%', '2d100'],
    ['1d20 - 2', '1d20-2'],
    ['1d20 \u2212 2', '1d20-2'],
    ['2d6+3-1', '2d6+3-1'],
    ['4d6k', '4d6kh1'],
    ['4d6k3', '4d6kh3'],
    ['2d20kl1', '2d20kl1'],
    ['2d20kl', '2d20kl1'],
    ['4d6dl1', '4d6dl1'],
    ['4d6dh', '4d6dh1'],
    ['4d6dl4', '4d6dl4'],
    ['3d6!', '3d6!'],
    ['4d6!kh3', '4d6!kh3'],
    ['-1 + d4', '-1+1d4'],
    ['+5', '5'],
    ['007', '7'],
    ['d2+d1000', '1d2+1d1000'],
    ['1000000', '1000000'],
    ['100d6', '100d6'],
    ['50d6+50d4', '50d6+50d4'],
    [twentyOnes, twentyOnes],
    [`1d20${' '.repeat(196)}`, '1d20'],
  ])('%p normalizes to %p', (input, normalized) => {
    expect(formatDiceExpression(parseOrThrow(input))).toBe(normalized);
  });

  it('describes the terms with their signs', () => {
    expect(parseOrThrow('4d6!kh3 - 2')).toEqual({
      terms: [
        { kind: 'DICE', sign: 1, count: 4, sides: 6, explode: true, keep: { rule: 'kh', count: 3 } },
        { kind: 'CONSTANT', sign: -1, value: 2 },
      ],
    });
  });
});

describe('parseDiceExpression: refused expressions', () => {
  it.each([
    ['', 0, '', 'the expression is empty'],
    ['   ', 0, '   ', 'the expression is empty'],
    ['2d6+x', 4, 'x', "unexpected 'x' at 4"],
    ['2x', 1, 'x', "unexpected 'x' at 1"],
    ['d6%', 2, '%', "unexpected '%' at 2"],
    ['2d6 kh3', 4, 'k', "unexpected 'k' at 4"],
    ['2d6 3', 4, '3', "unexpected '3' at 4"],
    ['4d6kh3!', 6, '!', "unexpected '!' at 6"],
    ['4d6d1', 3, 'd', "unexpected 'd' at 3"],
    ['1d20 +- 2', 6, '-', "unexpected '-' at 6"],
    ['2d6+', 4, '', 'the expression ends unexpectedly at 4'],
    ['4d', 2, '', 'the expression ends unexpectedly at 2'],
    ['-', 1, '', 'the expression ends unexpectedly at 1'],
    ['1 + 0d6', 4, '0d6', "at 4: '0d6' needs at least one die"],
    ['d1', 0, 'd1', "at 0: 'd1' needs at least 2 sides"],
    ['2 - d1001', 4, 'd1001', "at 4: 'd1001' has more than 1000 sides"],
    ['4d6kh5', 0, '4d6kh5', "at 0: '4d6kh5' keeps more dice than it rolls"],
    ['4d6kh0', 0, '4d6kh0', "at 0: '4d6kh0' keeps no dice"],
    ['4d6dl0', 0, '4d6dl0', "at 0: '4d6dl0' drops no dice"],
    ['2d6dh3', 0, '2d6dh3', "at 0: '2d6dh3' drops more dice than it rolls"],
    ['101d6', 0, '101d6', "at 0: '101d6' brings the expression to more than 100 dice"],
    ['60d6 + 41d4', 7, '41d4', "at 7: '41d4' brings the expression to more than 100 dice"],
    ['1000001', 0, '1000001', "at 0: '1000001' is larger than 1000000"],
    [`${twentyOnes}+d6`, 40, 'd6', 'at 40: the expression has more than 20 terms'],
    [`1d20${' '.repeat(196)}x`, 200, 'x', 'the expression is longer than 200 characters'],
  ])('%p fails at %p on %p: %s', (input, position, fragment, message) => {
    expect(parseDiceExpression(input)).toEqual({ ok: false, error: { message, position, fragment } });
  });
});

describe('rollDiceExpression', () => {
  type Row = [string, number[], { total: number; kept?: boolean[]; exploded?: boolean[]; subtotals?: number[] }];

  it.each<Row>([
    ['4d6kh3', [3, 5, 1, 5], { total: 13, kept: [true, true, false, true] }],
    ['4d6kh3', [2, 2, 2, 2], { total: 6, kept: [true, true, true, false] }],
    ['2d20kl1', [17, 4], { total: 4, kept: [false, true] }],
    ['2d20kl1', [9, 9], { total: 9, kept: [true, false] }],
    ['4d6dl1', [1, 6, 1, 3], { total: 10, kept: [true, true, false, true] }],
    ['4d6dh1', [6, 2, 6, 3], { total: 11, kept: [true, true, false, true] }],
    ['3d6!', [6, 2, 4, 3], { total: 15, exploded: [false, true, false, false] }],
    ['3d6!', [6, 6, 1, 2, 3], { total: 18, exploded: [false, true, true, false, false] }],
    ['4d6!kh3', [6, 1, 2, 3, 4], {
      total: 13,
      kept: [true, false, false, true, true],
      exploded: [false, true, false, false, false],
    }],
    ['3d6', [6, 6, 6], { total: 18, exploded: [false, false, false] }],
    ['d%', [100], { total: 100 }],
    ['2d6+3-1', [4, 5], { total: 11, subtotals: [9, 3, 1] }],
    ['1d20 - 2', [1], { total: -1, subtotals: [1, 2] }],
    ['-1d4+3', [4], { total: -1, subtotals: [4, 3] }],
    ['2d6 - 1d6', [3, 4, 6], { total: 1, subtotals: [7, 6] }],
  ])('%p with faces %p', (input, faces, expected) => {
    const rng = new ScriptedDice(faces);
    const roll = rollDiceExpression(parseOrThrow(input), rng);
    expect(rng.wordsUsed).toBe(faces.length);
    expect(roll.dice.map((die) => die.value)).toEqual(faces);
    expect(roll.total).toBe(expected.total);
    if (expected.kept) expect(roll.dice.map((die) => die.kept)).toEqual(expected.kept);
    if (expected.exploded) expect(roll.dice.map((die) => die.exploded)).toEqual(expected.exploded);
    if (expected.subtotals) expect(roll.terms.map((term) => term.subtotal)).toEqual(expected.subtotals);
  });

  it.each([
    ['1d2!', [...Array(11).fill(2), 1], 11, 22],
    ['2d4!', [...Array(11).fill(4), 4, 1], 13, 49],
  ])('caps %p at 10 extra rolls per original die', (input, faces, diceRolled, total) => {
    const rng = new ScriptedDice(faces);
    const roll = rollDiceExpression(parseOrThrow(input), rng);
    expect(roll.dice).toHaveLength(diceRolled);
    expect(rng.wordsUsed).toBe(diceRolled);
    expect(roll.total).toBe(total);
  });

  it('reports the normalized expression and each term', () => {
    const roll = rollDiceExpression(parseOrThrow(' 4D6K3 + 2 '), new ScriptedDice([1, 2, 3, 4]));
    expect(roll).toEqual<DiceRoll>({
      expression: '4d6kh3+2',
      total: 11,
      dice: [
        { sides: 6, value: 1, kept: false, exploded: false },
        { sides: 6, value: 2, kept: true, exploded: false },
        { sides: 6, value: 3, kept: true, exploded: false },
        { sides: 6, value: 4, kept: true, exploded: false },
      ],
      terms: [
        { sign: 1, text: '4d6kh3', subtotal: 9 },
        { sign: 1, text: '2', subtotal: 2 },
      ],
    });
  });
});

describe('dice expression properties', () => {
  const sign = fc.constantFrom<1 | -1>(1, -1);
  const diceTerm: fc.Arbitrary<DiceTerm> = fc
    .record({
      sign,
      count: fc.integer({ min: 1, max: 5 }),
      sides: fc.oneof(fc.constantFrom(2, 4, 6, 8, 10, 12, 20, 100), fc.integer({ min: 2, max: 1000 })),
      explode: fc.boolean(),
    })
    .chain((group) =>
      fc
        .option(
          fc.record({
            rule: fc.constantFrom<KeepRule>('kh', 'kl', 'dh', 'dl'),
            count: fc.integer({ min: 1, max: group.count }),
          }),
          { nil: undefined },
        )
        .map((keep): DiceTerm => (keep === undefined ? { kind: 'DICE', ...group } : { kind: 'DICE', ...group, keep })),
    );
  const constantTerm: fc.Arbitrary<DiceTerm> = fc.record({
    kind: fc.constant('CONSTANT' as const),
    sign,
    value: fc.integer({ min: 0, max: 1_000_000 }),
  });
  // 20 terms of at most 5 dice stay within the 100-dice limit.
  const expression = fc
    .array(fc.oneof(diceTerm, constantTerm), { minLength: 1, maxLength: 20 })
    .map((terms): DiceExpression => ({ terms }));

  it('parses the normalized text of any valid expression back to the same expression', () => {
    fc.assert(
      fc.property(expression, (parsed) => {
        expect(parseDiceExpression(formatDiceExpression(parsed))).toEqual({ ok: true, expression: parsed });
      }),
    );
  });

  it('totals the signed kept dice plus constants, with every die within 1..sides', () => {
    fc.assert(
      fc.property(expression, fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat(), (parsed, seed, seq) => {
        const roll = rollDiceExpression(parsed, new RandomStream(Buffer.from(seed), seq));
        let next = 0;
        let expected = 0;
        for (const term of parsed.terms) {
          if (term.kind === 'CONSTANT') {
            expected += term.sign * term.value;
            continue;
          }
          // A group is its original dice, each followed by the extra dice of its explosions.
          let originals = 0;
          while (next < roll.dice.length && (originals < term.count || roll.dice[next].exploded)) {
            const die = roll.dice[next];
            if (!die.exploded) originals += 1;
            expect(die.sides).toBe(term.sides);
            expect(die.value).toBeGreaterThanOrEqual(1);
            expect(die.value).toBeLessThanOrEqual(term.sides);
            if (die.kept) expected += term.sign * die.value;
            next += 1;
          }
          expect(originals).toBe(term.count);
        }
        expect(next).toBe(roll.dice.length);
        expect(roll.total).toBe(expected);
      }),
    );
  });
});
