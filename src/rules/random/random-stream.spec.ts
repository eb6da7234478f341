import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { commitmentOf, RandomStream, type Rng, shuffle, uniformFromWords } from './random-stream.js';

interface VectorCase {
  seq: number;
  what: string;
  words?: number[];
  values?: number[];
  canonical?: string[];
  shuffled?: string[];
  wordsUsed?: number;
}

interface RngVectors {
  seed: string;
  commitment: string;
  cases: VectorCase[];
}

const inRepoPath = path.resolve(process.cwd(), 'src/rules/random/rng-vectors.json');
const sharedPath = path.resolve(process.cwd(), '../shared/rng-vectors.json');

const readVectors = (file: string): RngVectors => JSON.parse(readFileSync(file, 'utf8')) as RngVectors;

// The in-repo copy keeps the spec runnable without ../shared; when both exist they must agree.
const vectors = readVectors(existsSync(inRepoPath) ? inRepoPath : sharedPath);
const seed = Buffer.from(vectors.seed, 'hex');
const vectorCase = (seq: number): VectorCase => {
  const found = vectors.cases.find((c) => c.seq === seq);
  if (!found) throw new Error(`rng-vectors.json has no case with seq ${seq}`);
  return found;
};

/** An Rng that yields scripted words, to show which words uniform() accepts. */
class ScriptedWords implements Rng {
  wordsUsed = 0;

  constructor(private readonly words: readonly number[]) {}

  nextWord(): number {
    const word = this.words[this.wordsUsed];
    if (word === undefined) throw new Error('the script ran out of words');
    this.wordsUsed += 1;
    return word;
  }

  uniform(m: number): number {
    return uniformFromWords(() => this.nextWord(), m);
  }

  die(sides: number): number {
    return this.uniform(sides) + 1;
  }
}

describe('rng-vectors.json', () => {
  (existsSync(sharedPath) ? it : it.skip)('the in-repo copy matches ../shared', () => {
    expect(readVectors(inRepoPath)).toEqual(readVectors(sharedPath));
  });

  it('commits to the seed with SHA-256', () => {
    expect(commitmentOf(seed)).toBe(vectors.commitment);
  });

  it('reproduces the first words of seq 1', () => {
    const { words } = vectorCase(1);
    const stream = new RandomStream(seed, 1);
    expect(words?.map(() => stream.nextWord())).toEqual(words);
  });

  it.each([
    { seq: 2, sides: 20 },
    { seq: 3, sides: 100 },
  ])('reproduces the d$sides rolls of seq $seq', ({ seq, sides }) => {
    const { values, wordsUsed } = vectorCase(seq);
    const stream = new RandomStream(seed, seq);
    expect(values?.map(() => stream.die(sides))).toEqual(values);
    expect(stream.wordsUsed).toBe(wordsUsed);
  });

  it('reproduces the standard-52 shuffle of seq 4', () => {
    const { canonical = [], shuffled, wordsUsed } = vectorCase(4);
    const stream = new RandomStream(seed, 4);
    expect(shuffle(canonical, stream)).toEqual(shuffled);
    expect(stream.wordsUsed).toBe(wordsUsed);
  });

  it('reproduces uniform(3) x 12 then d6 x 4 on seq 5', () => {
    const { values, wordsUsed } = vectorCase(5);
    const stream = new RandomStream(seed, 5);
    const drawn = [
      ...Array.from({ length: 12 }, () => stream.uniform(3)),
      ...Array.from({ length: 4 }, () => stream.die(6)),
    ];
    expect(drawn).toEqual(values);
    expect(stream.wordsUsed).toBe(wordsUsed);
  });
});

describe('RandomStream', () => {
  it('crosses HMAC block boundaries without skipping or repeating words', () => {
    const stream = new RandomStream(seed, 1);
    const words = Array.from({ length: 24 }, () => stream.nextWord());
    expect(new Set(words).size).toBe(24);
    expect(stream.wordsUsed).toBe(24);
  });

  it('gives different streams to different sequence numbers', () => {
    expect(new RandomStream(seed, 7).nextWord()).not.toBe(new RandomStream(seed, 8).nextWord());
  });

  it.each([-1, 1.5, Number.NaN])('rejects sequence number %p', (seq) => {
    expect(() => new RandomStream(seed, seq)).toThrow(RangeError);
  });

  it.each([0, -3, 2.5, 2 ** 32 + 1, Number.NaN])('rejects uniform(%p)', (m) => {
    expect(() => new RandomStream(seed, 1).uniform(m)).toThrow(RangeError);
  });

  it.each([1, 2 ** 32])('accepts the extreme range uniform(%p)', (m) => {
    const value = new RandomStream(seed, 1).uniform(m);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(m);
  });

  // 0.999 quantile of chi-square with 19 degrees of freedom: a fair d20 fails this 1 time in 1000,
  // and the stream is deterministic, so the result never flakes.
  it('rolls a d20 uniformly (chi-square over 100 000 rolls below 43.82)', () => {
    const rolls = 100_000;
    const stream = new RandomStream(Buffer.alloc(32), 0);
    const counts = new Array<number>(20).fill(0);
    for (let i = 0; i < rolls; i += 1) counts[stream.die(20) - 1] += 1;
    const expected = rolls / 20;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(43.82);
  });
});

describe('uniform rejection sampling', () => {
  // For m = 3 the limit is 2^32 − (2^32 mod 3) = 4294967295: only the top word is rejected.
  // For m = 6 the limit is 4294967292: the top four words are rejected.
  it.each([
    { m: 3, words: [4294967295, 7], value: 1, wordsUsed: 2 },
    { m: 3, words: [4294967294, 7], value: 4294967294 % 3, wordsUsed: 1 },
    { m: 6, words: [4294967295, 4294967294, 4294967293, 4294967292, 11], value: 5, wordsUsed: 5 },
    { m: 6, words: [4294967291], value: 4294967291 % 6, wordsUsed: 1 },
    { m: 2 ** 32, words: [4294967295], value: 4294967295, wordsUsed: 1 },
  ])('uniform($m) on words $words gives $value after $wordsUsed words', ({ m, words, value, wordsUsed }) => {
    const rng = new ScriptedWords(words);
    expect(rng.uniform(m)).toBe(value);
    expect(rng.wordsUsed).toBe(wordsUsed);
  });
});

describe('shuffle', () => {
  it.each([
    { items: [], words: [], expected: [] },
    { items: ['a'], words: [], expected: ['a'] },
    // i = 2: j = 5 mod 3 = 2 (stay); i = 1: j = 3 mod 2 = 1 (stay).
    { items: ['a', 'b', 'c'], words: [5, 3], expected: ['a', 'b', 'c'] },
    // i = 2: j = 0 swaps a and c; i = 1: j = 0 swaps c and b.
    { items: ['a', 'b', 'c'], words: [0, 0], expected: ['b', 'c', 'a'] },
  ])('shuffles $items with words $words into $expected', ({ items, words, expected }) => {
    const rng = new ScriptedWords(words);
    expect(shuffle(items, rng)).toEqual(expected);
    expect(rng.wordsUsed).toBe(words.length);
  });

  it('leaves its input untouched', () => {
    const items = Object.freeze(['a', 'b', 'c', 'd']);
    expect(() => shuffle(items, new RandomStream(seed, 1))).not.toThrow();
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
