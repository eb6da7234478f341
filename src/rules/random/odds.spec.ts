import fc from 'fast-check';

import { type DiceExpression, formatDiceExpression, MAX_EXPLOSIONS_PER_DIE, parseDiceExpression, rollDiceExpression } from './dice.js';
import { MAX_ODDS_TOTALS, MAX_ODDS_WORK, rollOdds, RollOddsTooLargeError, type TotalProbability } from './odds.js';
import { EveryOutcome } from './every-outcome.js';
import { RandomStream } from './random-stream.js';

const parse = (input: string): DiceExpression => {
  const parsed = parseDiceExpression(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.expression;
};

const odds = (input: string, atLeast?: number) => rollOdds(parse(input), { atLeast });

/** The distribution of an expression by rolling it once for every sequence of faces. */
function bruteForce(expression: DiceExpression): Map<number, number> {
  const rng = new EveryOutcome();
  const totals = new Map<number, number>();
  do {
    const { total } = rollDiceExpression(expression, rng);
    totals.set(total, (totals.get(total) ?? 0) + rng.chance);
  } while (rng.advance());
  return totals;
}

const asMap = (distribution: TotalProbability[]): Map<number, number> => new Map(distribution.map(({ total, probability }) => [total, probability]));

/** Every total of `expected` has its probability in `actual` within 1e-12, relatively, and nothing else is there. */
function expectSameDistribution(actual: TotalProbability[], expected: Map<number, number>): void {
  const got = asMap(actual);
  expect([...got.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [total, probability] of expected) {
    expect(Math.abs(got.get(total)! - probability)).toBeLessThanOrEqual(1e-12 * probability + 1e-300);
  }
}

const sumOf = (distribution: TotalProbability[]): number => distribution.reduce((sum, { probability }) => sum + probability, 0);

/** Closed forms: counts of totals from the lowest up, over the number of outcomes. */
const fromCounts = (lowest: number, counts: number[], outcomes: number): Map<number, number> =>
  new Map(counts.map((count, i) => [lowest + i, count / outcomes]));

describe('rollOdds: the exact distribution of what rollDiceExpression rolls (dice.ts)', () => {
  it.each([
    '1d6', '3d6', '2d6+3', '1d8-1d4', '-2d4+10', '1d%', 'd20+d4-2', '7',
    '4d6kh3', '4d6kl3', '4d6dh1', '4d6dl1', '5d4k2', '5d4kl2', '2d20kh1', '2d20kl1', '3d6kh3', '3d5dl2',
    '1d2!', '2d2!', '3d2!', '3d3!', '2d4!', '1d6!+1d4!', '2d6!-1d3',
    '3d2!kh1', '3d2!kh2', '3d2!kl2', '3d2!dh1', '3d2!dh2', '3d2!dl1', '3d3!kh2', '3d3!kl1', '3d3!dh1', '3d3!dl2', '2d4!kh1',
  ])('%s, against every sequence of faces', (input) => {
    expectSameDistribution(odds(input).distribution, bruteForce(parse(input)));
  });

  it('matches every sequence of faces for any small expression', () => {
    const group = fc.record({
      count: fc.integer({ min: 1, max: 3 }),
      sides: fc.integer({ min: 2, max: 5 }),
      explode: fc.boolean(),
      keep: fc.option(fc.record({ rule: fc.constantFrom('kh', 'kl', 'dh', 'dl'), count: fc.integer({ min: 1, max: 3 }) }), { nil: undefined }),
      sign: fc.constantFrom(1, -1),
    });
    const terms = fc.tuple(group, fc.option(group, { nil: undefined }), fc.integer({ min: -3, max: 3 }));
    fc.assert(
      fc.property(terms, ([first, second, constant]) => {
        const text = (g: typeof first) => {
          // Exploding, at most 2 dice of up to 4 sides: every sequence of faces stays countable.
          const explode = g.explode && g.count <= 2 && g.sides <= 4 ? '!' : '';
          const keep = g.keep ? `${g.keep.rule}${Math.min(g.keep.count, g.count)}` : '';
          return `${g.sign === 1 ? '+' : '-'}${g.count}d${g.sides}${explode}${keep}`;
        };
        const rest = second && !(first.explode && second.explode) ? text(second) : '';
        const input = `${text(first)}${rest}${constant < 0 ? '' : '+'}${constant}`;
        expectSameDistribution(odds(input).distribution, bruteForce(parse(input)));
      }),
      { numRuns: 40 },
    );
  });

  it('3d6: 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, … of 216', () => {
    const counts = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
    expectSameDistribution(odds('3d6').distribution, fromCounts(3, counts, 216));
    expect(odds('3d6').mean).toBeCloseTo(10.5, 12);
  });

  it('4d6 keep the 3 highest: 1, 4, 10, 21, 38, 62, 91, 122, 148, 167, 172, 160, 131, 94, 54, 21 of 1296; mean 15869/1296', () => {
    const counts = [1, 4, 10, 21, 38, 62, 91, 122, 148, 167, 172, 160, 131, 94, 54, 21];
    const result = odds('4d6kh3');
    expectSameDistribution(result.distribution, fromCounts(3, counts, 1296));
    expect(result.mean).toBeCloseTo(15869 / 1296, 12);
    // Dropping the lowest is keeping the 3 highest; keeping the 3 lowest is its mirror image.
    expectSameDistribution(odds('4d6dl1').distribution, fromCounts(3, counts, 1296));
    expectSameDistribution(odds('4d6kl3').distribution, fromCounts(3, [...counts].reverse(), 1296));
  });

  it('d20 with advantage (2d20kh1): P(k) = (2k − 1)/400; with disadvantage (2d20kl1): (41 − 2k)/400', () => {
    const faces = Array.from({ length: 20 }, (_, i) => i + 1);
    expectSameDistribution(odds('2d20kh1').distribution, new Map(faces.map((k) => [k, (2 * k - 1) / 400])));
    expectSameDistribution(odds('2d20kl1').distribution, new Map(faces.map((k) => [k, (41 - 2 * k) / 400])));
    expect(odds('2d20kh1', 11).atLeast).toEqual({ value: 11, probability: expect.closeTo(1 - (10 / 20) ** 2, 14) as number });
    expect(odds('2d20kl1', 11).atLeast!.probability).toBeCloseTo((10 / 20) ** 2, 14);
  });

  it('a sum of N dice is the N-fold convolution of one: 10d6 against its closed form', () => {
    // P(10d6 = t) = Σ_k (−1)^k C(10, k) C(t − 6k − 1, 9) / 6^10.
    const choose = (n: number, k: number): number => (k < 0 || k > n ? 0 : Array.from({ length: k }, (_, i) => (n - i) / (i + 1)).reduce((a, b) => a * b, 1));
    const expected = new Map<number, number>();
    for (let t = 10; t <= 60; t += 1) {
      let ways = 0;
      for (let k = 0; 6 * k <= t - 10; k += 1) ways += (-1) ** k * choose(10, k) * choose(t - 6 * k - 1, 9);
      expected.set(t, Math.round(ways) / 6 ** 10);
    }
    expectSameDistribution(odds('10d6').distribution, expected);
  });

  it.each(['100d6', '60d60', '100d6kh50', '40d40kh20', '100d6!kh50', '100d2!', '100d2!kl50', '1d1000!', '3d10!', '10d10!dl3', '20d50!kh10', '3d6-2d8+1d20!kl1+100'])(
    '%s sums to 1 within 1e-12',
    (input) => {
      expect(Math.abs(sumOf(odds(input).distribution) - 1)).toBeLessThanOrEqual(1e-12);
    },
  );

  it('agrees with 40 000 rolls of 4d6!kh3 + 1d10! from a campaign stream (Monte Carlo)', () => {
    const expression = parse('4d6!kh3+1d10!');
    const exact = odds('4d6!kh3+1d10!');
    const stream = new RandomStream(Buffer.alloc(32, 7), 39);
    const samples = 40_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < samples; i += 1) {
      const { total } = rollDiceExpression(expression, stream);
      counts.set(total, (counts.get(total) ?? 0) + 1);
    }
    // The mean, to 4 standard errors.
    const variance = exact.distribution.reduce((sum, { total, probability }) => sum + probability * (total - exact.mean) ** 2, 0);
    const sampleMean = [...counts].reduce((sum, [total, count]) => sum + total * count, 0) / samples;
    expect(Math.abs(sampleMean - exact.mean)).toBeLessThan(4 * Math.sqrt(variance / samples));
    // Every total expected at least 10 times, to 4 standard errors; no total the exact answer calls impossible.
    const exactly = asMap(exact.distribution);
    for (const total of counts.keys()) expect(exactly.has(total)).toBe(true);
    for (const { total, probability } of exact.distribution.filter((entry) => entry.probability * samples >= 10)) {
      const frequency = (counts.get(total) ?? 0) / samples;
      expect(Math.abs(frequency - probability)).toBeLessThan(4 * Math.sqrt((probability * (1 - probability)) / samples) + 1e-9);
    }
    // The largest gap between the two cumulative distributions is within the 99.9% Kolmogorov bound.
    let gap = 0;
    let exactCdf = 0;
    let sampleCdf = 0;
    for (const { total, probability } of exact.distribution) {
      exactCdf += probability;
      sampleCdf += (counts.get(total) ?? 0) / samples;
      gap = Math.max(gap, Math.abs(exactCdf - sampleCdf));
    }
    expect(gap).toBeLessThan(1.95 / Math.sqrt(samples));
  });
});

describe('rollOdds: explosions, computed to the server cap', () => {
  it('an exploding d2 chains at most 10 extra rolls: 11 twos (22) has the chance 2^−11, and the cap is stated', () => {
    const result = odds('1d2!');
    // Chains: k twos then a one (total 2k + 1, chance 2^−(k+1)), k = 0..10; or 11 twos.
    const expected = new Map<number, number>(Array.from({ length: MAX_EXPLOSIONS_PER_DIE + 1 }, (_, k) => [2 * k + 1, 2 ** -(k + 1)]));
    expected.set(22, 2 ** -11);
    expectSameDistribution(result.distribution, expected);
    expect(result).toMatchObject({ explosionDepth: MAX_EXPLOSIONS_PER_DIE, probabilityBeyondDepth: 0, probabilityCapped: 2 ** -11 });
  });

  it('probabilityCapped: at least one of the chains was cut on a maximum, 1 − Π(1 − S^−11)^N', () => {
    // 1 − (1 − p)^3 = 3p − 3p² + p³, written out: 1 − p rounds p away at p = 10^−11.
    const p = 10 ** -11;
    expect(odds('3d10!').probabilityCapped / (3 * p - 3 * p ** 2 + p ** 3)).toBeCloseTo(1, 14);
    expect(odds('2d2!+1d3!').probabilityCapped).toBeCloseTo(1 - (1 - 2 ** -11) ** 2 * (1 - 3 ** -11), 15);
    expect(odds('3d10!').probabilityBeyondDepth).toBe(0);
  });

  it('an expression without exploding dice reports depth 0 and nothing capped', () => {
    expect(odds('4d6kh3+2')).toMatchObject({ explosionDepth: 0, probabilityBeyondDepth: 0, probabilityCapped: 0 });
  });

  it('the mean of 3d10! is that of the capped chain, three times: 3 × Σ_k S^−k (S/2) …', () => {
    // E[chain] = Σ_{k=0}^{10} S^−k × (mean of one roll) for the capped chain of a fair die.
    const oneChain = Array.from({ length: MAX_EXPLOSIONS_PER_DIE + 1 }, (_, k) => 10 ** -k * 5.5).reduce((a, b) => a + b, 0);
    expect(odds('3d10!').mean).toBeCloseTo(3 * oneChain, 11);
  });
});

describe('rollOdds: P(total ≥ atLeast) and the normalized expression', () => {
  it.each<[string, number, number]>([
    ['1d20', 11, 0.5],
    ['1d20', 21, 0],
    ['1d20', -5, 1],
    ['3d6', 18, 1 / 216],
    ['2d6-7', 0, 21 / 36],
  ])('%s ≥ %d: %d', (input, atLeast, probability) => {
    expect(odds(input, atLeast).atLeast).toEqual({ value: atLeast, probability: expect.closeTo(probability, 14) as number });
  });

  it('leaves atLeast out when it was not asked, and names the expression as rollDice does', () => {
    const result = odds('d% + 4D6K');
    expect(result.atLeast).toBeUndefined();
    expect(result.expression).toBe(formatDiceExpression(parse('d% + 4D6K')));
    expect(result.expression).toBe('1d100+4d6kh1');
  });

  it('refuses an atLeast that is not a whole number', () => {
    expect(() => odds('1d6', 3.5)).toThrow(RangeError);
  });
});

describe('rollOdds refuses what it cannot compute exactly, naming the limit', () => {
  it.each<[string, 'MAX_ODDS_WORK' | 'MAX_ODDS_TOTALS', number]>([
    ['100d100', 'MAX_ODDS_WORK', MAX_ODDS_WORK],
    ['2d1000!', 'MAX_ODDS_WORK', MAX_ODDS_WORK],
    ['80d80kh40', 'MAX_ODDS_WORK', MAX_ODDS_WORK],
    ['100d6!dl1', 'MAX_ODDS_WORK', MAX_ODDS_WORK],
    ['100d1000!dl1', 'MAX_ODDS_TOTALS', MAX_ODDS_TOTALS],
  ])('%s: %s', (input, limit, maximum) => {
    let error: unknown;
    try {
      odds(input);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(RollOddsTooLargeError);
    const refusal = error as RollOddsTooLargeError;
    expect(refusal).toMatchObject({ limit, maximum, expression: formatDiceExpression(parse(input)) });
    expect(refusal.required).toBeGreaterThan(maximum);
    expect(refusal.message).toContain(limit);
  });

  it('computes the largest common rolls: 60d60, 100d6kh50, 100d6!kh50, 1d1000!', () => {
    for (const input of ['60d60', '100d6kh50', '100d6!kh50', '1d1000!']) expect(() => odds(input)).not.toThrow();
  });
});
