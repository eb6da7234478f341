/**
 * The d100 of Ytterdörren (ytterdorren.md, Encounters; seed 001 line 75): a black tens die
 * (00–90) and a white units die (0–9), read together.
 */
import type { Rng } from '../random/random-stream.js';

/** One d100 roll: both dice and what they read. */
export interface D100Roll {
  /** The black tens die: 0, 10, …, 90. */
  black: number;
  /** The white units die: 0–9. It also picks a foe's power. */
  white: number;
  /** 1–100: black + white, where 00 + 0 reads 100 (ytterdorren.md, Decision). */
  d100: number;
}

/** What a black and a white die read: their sum, except 00 + 0, which reads 100. */
export function readD100(black: number, white: number): number {
  const sum = black + white;
  return sum === 0 ? 100 : sum;
}

/**
 * Rolls the black die, then the white die, each a d10 of the stream: the black die shows
 * (face − 1) × 10, the white die face − 1 (seed 001 line 75: black 70 + white 4 = 74).
 */
export function rollD100(rng: Rng): D100Roll {
  const black = (rng.die(10) - 1) * 10;
  const white = rng.die(10) - 1;
  return { black, white, d100: readD100(black, white) };
}

/** How many of the 100 equally likely d100 readings, plus `modifier`, reach `target`. */
export function readingsReaching(target: number, modifier: number): number {
  const lowest = Math.max(1, target - modifier);
  return Math.max(0, 101 - lowest);
}

/** The chance that d100 + `modifier` ≥ `target`: a whole number of hundredths. */
export function chanceToReach(target: number, modifier: number): number {
  return readingsReaching(target, modifier) / 100;
}
