import { createHash, createHmac } from 'node:crypto';

/** 2^32: the number of distinct values of one random word. */
const WORD_RANGE = 2 ** 32;

/** An HMAC-SHA256 block is 32 bytes, i.e. eight 32-bit words. */
const WORDS_PER_BLOCK = 8;

/**
 * A source of random words and the integers derived from them. Rules take an `Rng` so that
 * tests can script outcomes and the server can replay a campaign's auditable stream.
 */
export interface Rng {
  /** The next unsigned 32-bit word of the stream. */
  nextWord(): number;
  /** A uniform integer in [0, m), for an integer 1 ≤ m ≤ 2^32, without modulo bias. */
  uniform(m: number): number;
  /** A roll of a die with `sides` faces: a uniform integer in [1, sides]. */
  die(sides: number): number;
  /** How many words have been taken so far; events store it so a verifier can replay them. */
  readonly wordsUsed: number;
}

/**
 * Draws a uniform integer in [0, m) from a word source by rejection sampling: words at or above
 * the largest multiple of m that fits in 2^32 are skipped, so every residue is equally likely
 * (DESIGN.md, "Randomness").
 *
 * @throws RangeError when m is not an integer with 1 ≤ m ≤ 2^32.
 */
export function uniformFromWords(nextWord: () => number, m: number): number {
  if (!Number.isInteger(m) || m < 1 || m > WORD_RANGE) {
    throw new RangeError(`uniform(m) needs an integer 1 ≤ m ≤ 2^32, got ${m}`);
  }
  const limit = WORD_RANGE - (WORD_RANGE % m);
  for (;;) {
    const word = nextWord();
    if (word < limit) return word % m;
  }
}

/**
 * The auditable random stream of one campaign event (DESIGN.md, "Randomness"): the 32-bit
 * big-endian words of the blocks HMAC-SHA256(key = seed, message = `${seq}:${b}`) for
 * b = 0, 1, 2, …, consumed in order.
 */
export class RandomStream implements Rng {
  private block = Buffer.alloc(0);
  private used = 0;

  /**
   * @param seed the campaign's secret seed (32 bytes in production).
   * @param seq the campaign sequence number of the event whose randomness this is.
   * @throws RangeError when seq is not a non-negative safe integer.
   */
  constructor(
    private readonly seed: Buffer,
    private readonly seq: number,
  ) {
    if (!Number.isSafeInteger(seq) || seq < 0) {
      throw new RangeError(`a stream's sequence number must be a non-negative integer, got ${seq}`);
    }
  }

  get wordsUsed(): number {
    return this.used;
  }

  nextWord(): number {
    const offset = this.used % WORDS_PER_BLOCK;
    if (offset === 0) {
      const blockIndex = this.used / WORDS_PER_BLOCK;
      this.block = createHmac('sha256', this.seed).update(`${this.seq}:${blockIndex}`).digest();
    }
    this.used += 1;
    return this.block.readUInt32BE(offset * 4);
  }

  uniform(m: number): number {
    return uniformFromWords(() => this.nextWord(), m);
  }

  die(sides: number): number {
    return this.uniform(sides) + 1;
  }
}

/** The public commitment to a seed: hex SHA-256 of its bytes, published before the seed is. */
export function commitmentOf(seed: Buffer): string {
  return createHash('sha256').update(seed).digest('hex');
}

/**
 * Returns a shuffled copy of `items` (index 0 = top of a pile): Fisher–Yates from the last
 * position down, swapping position i with `rng.uniform(i + 1)`. The order of the draws is part of
 * the auditable format, so it must not change.
 */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const result = [...items];
  for (let i = result.length - 1; i >= 1; i -= 1) {
    const j = rng.uniform(i + 1);
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}
