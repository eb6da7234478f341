import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clientSeedsMessage, epochKey } from './epoch-key.js';
import { RandomStream, shuffle } from './random-stream.js';
import { STANDARD_52 } from '../cards/presets.js';

interface ClientSeedVectors {
  seed: string;
  clientSeeds: Array<{ memberId: string; clientSeed: string }>;
  message: string;
  epochKey: string;
  cases: Array<{ seq: number; words?: number[]; values?: number[]; shuffled?: string[]; wordsUsed?: number }>;
}

const vectors = JSON.parse(readFileSync(path.resolve(process.cwd(), 'src/rules/random/client-seed-vectors.json'), 'utf8')) as ClientSeedVectors;
const seed = Buffer.from(vectors.seed, 'hex');
const caseOf = (seq: number) => vectors.cases.find((each) => each.seq === seq)!;

describe('client-seed-vectors.json: an epoch with two client seeds', () => {
  it('builds the message from the seeds sorted by member id, one line each', () => {
    expect(clientSeedsMessage(vectors.clientSeeds)).toBe(vectors.message);
    expect(vectors.message.startsWith('client-seeds:16fd2706')).toBe(true);
  });

  it('derives the epoch key, whatever order the seeds come in', () => {
    expect(epochKey(seed, vectors.clientSeeds).toString('hex')).toBe(vectors.epochKey);
    expect(epochKey(seed, [...vectors.clientSeeds].reverse()).toString('hex')).toBe(vectors.epochKey);
  });

  it('streams words, dice and shuffles from the epoch key as from a seed', () => {
    const key = epochKey(seed, vectors.clientSeeds);
    const words = new RandomStream(key, 1);
    expect(Array.from({ length: 10 }, () => words.nextWord())).toEqual(caseOf(1).words);
    const dice = new RandomStream(key, 2);
    expect(Array.from({ length: 20 }, () => dice.die(20))).toEqual(caseOf(2).values);
    const deck = new RandomStream(key, 4);
    expect(shuffle(STANDARD_52.map((card) => card.id), deck)).toEqual(caseOf(4).shuffled);
    expect(deck.wordsUsed).toBe(caseOf(4).wordsUsed);
  });

  it('keeps the stream of an epoch without client seeds exactly as it was (rng-vectors.json)', () => {
    expect(epochKey(seed, [])).toBe(seed);
  });

  it('changes the whole stream when one client seed changes by a character', () => {
    const changed = vectors.clientSeeds.map((each, index) => (index === 0 ? { ...each, clientSeed: `${each.clientSeed}!` } : each));
    const [a, b] = [new RandomStream(epochKey(seed, vectors.clientSeeds), 1), new RandomStream(epochKey(seed, changed), 1)];
    expect(a.nextWord()).not.toBe(b.nextWord());
  });
});
