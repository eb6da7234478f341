/**
 * A random stream for specs that checks odds by brute force. Only specs import this file; it uses
 * no test framework so that it also compiles in the production build.
 */
import type { Rng } from './random-stream.js';

/**
 * An Rng that walks every sequence of its draws, depth first: every `die(sides)` and
 * `uniform(m)` is a branch of `sides` (or `m`) equally likely ways. Each run of a rule follows one
 * path, and {@link EveryOutcome.advance} moves to the next one, so running a rule once per path
 * visits every outcome it can have, each with the probability {@link EveryOutcome.chance}.
 *
 * ```ts
 * const rng = new EveryOutcome();
 * do tally(rule(state, input, rng), rng.chance); while (rng.advance());
 * ```
 */
export class EveryOutcome implements Rng {
  private readonly choices: number[] = [];
  private readonly ways: number[] = [];
  private depth = 0;

  get wordsUsed(): number {
    return this.depth;
  }

  uniform(m: number): number {
    if (this.depth === this.choices.length) {
      this.choices.push(0);
      this.ways.push(m);
    }
    if (this.ways[this.depth] !== m) throw new Error(`the path changed: draw ${this.depth} was uniform(${this.ways[this.depth]}), now uniform(${m})`);
    const choice = this.choices[this.depth];
    this.depth += 1;
    return choice;
  }

  die(sides: number): number {
    return this.uniform(sides) + 1;
  }

  nextWord(): number {
    throw new Error('EveryOutcome branches on dice and uniform draws, not on raw words');
  }

  /** The probability of the path just run. */
  get chance(): number {
    let chance = 1;
    for (let i = 0; i < this.depth; i += 1) chance /= this.ways[i];
    return chance;
  }

  /** Moves to the next path, for the next run; false when every path was visited. */
  advance(): boolean {
    this.choices.length = this.depth;
    this.ways.length = this.depth;
    this.depth = 0;
    while (this.choices.length > 0) {
      const last = this.choices.length - 1;
      if (this.choices[last] + 1 < this.ways[last]) {
        this.choices[last] += 1;
        return true;
      }
      this.choices.pop();
      this.ways.pop();
    }
    return false;
  }
}
