import type { Rng } from './random-stream.js';

/** Randomness asked of a read: a fault of the code, never of the caller. */
export class RandomnessInReadError extends Error {
  constructor() {
    super('A read drew from a random stream: reads take nothing from the campaign\'s stream');
    this.name = 'RandomnessInReadError';
  }
}

/**
 * The random stream of a read (an odds query, a view): it refuses every draw, so that what a read
 * answers can never depend on, or move, the campaign's stream (DESIGN.md, "Randomness").
 */
export class NoRandomness implements Rng {
  readonly wordsUsed = 0;

  nextWord(): number {
    throw new RandomnessInReadError();
  }

  uniform(_m?: number): number {
    throw new RandomnessInReadError();
  }

  die(_sides?: number): number {
    throw new RandomnessInReadError();
  }
}
