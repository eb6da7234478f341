import { chanceToReach, readD100, readingsReaching, rollD100 } from './d100.js';
import { blackWhite, faces } from './testing.js';

describe('the d100: a black tens die and a white units die (seed 001 line 75)', () => {
  it.each<[string, number, number, number]>([
    ['the seed: black 70 + white 4 = 74', 70, 4, 74],
    ['00 + 0 reads 100 (Decision)', 0, 0, 100],
    ['00 + 1 reads 1', 0, 1, 1],
    ['90 + 9 reads 99', 90, 9, 99],
    ['90 + 0 reads 90', 90, 0, 90],
    ['10 + 0 reads 10', 10, 0, 10],
  ])('%s', (_, black, white, d100) => {
    expect(readD100(black, white)).toBe(d100);
    const rng = faces(blackWhite(black, white));
    expect(rollD100(rng)).toEqual({ black, white, d100 });
    expect(rng.rolled).toEqual(['d10', 'd10']);
  });

  it('draws the black die first: faces 8 then 5 are black 70 and white 4', () => {
    expect(rollD100(faces(8, 5))).toEqual({ black: 70, white: 4, d100: 74 });
    expect(rollD100(faces(5, 8))).toEqual({ black: 40, white: 7, d100: 47 });
  });

  it('reads every value 1–100 exactly once over the 100 pairs', () => {
    const values: number[] = [];
    for (let black = 0; black <= 90; black += 10) for (let white = 0; white <= 9; white += 1) values.push(readD100(black, white));
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
  });
});

describe('chanceToReach: P(d100 + modifier ≥ target), against the 100 pairs counted', () => {
  const bruteForce = (target: number, modifier: number): number => {
    let reaching = 0;
    for (let black = 0; black <= 90; black += 10) for (let white = 0; white <= 9; white += 1) if (readD100(black, white) + modifier >= target) reaching += 1;
    return reaching;
  };

  it.each<[number, number, number]>([
    [50, 0, 51],
    [50, 5, 56],
    [60, -10, 31],
    [1, 0, 100],
    [0, 0, 100],
    [100, 0, 1],
    [101, 0, 0],
    [101, 1, 1],
    [150, 10, 0],
    [-20, -30, 91],
    [-40, -30, 100],
  ])('target %i with modifier %i: %i readings of 100', (target, modifier, count) => {
    expect(readingsReaching(target, modifier)).toBe(count);
    expect(chanceToReach(target, modifier)).toBe(count / 100);
  });

  it('agrees with counting for every target −10…210 and modifier −100…100 by 7', () => {
    for (let target = -10; target <= 210; target += 1) {
      for (let modifier = -100; modifier <= 100; modifier += 7) expect(readingsReaching(target, modifier)).toBe(bruteForce(target, modifier));
    }
  });
});
