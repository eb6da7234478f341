import { NoRandomness, RandomnessInReadError } from './no-randomness.js';

describe('NoRandomness', () => {
  it('refuses every draw and reports none taken', () => {
    const rng = new NoRandomness();
    expect(() => rng.nextWord()).toThrow(RandomnessInReadError);
    expect(() => rng.uniform(6)).toThrow(RandomnessInReadError);
    expect(() => rng.die(20)).toThrow(RandomnessInReadError);
    expect(rng.wordsUsed).toBe(0);
  });
});
