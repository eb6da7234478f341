import { RandomStream, type Rng } from './random-stream.js';

/** One value drawn from the stream: `uniform(bound)` returned `value`. */
export type RandomDraw = [bound: number, value: number];

/**
 * The random stream of one mutation, noting every value it hands out so that each event can
 * store what it derived and anyone holding the revealed seed can check it (DESIGN.md, Randomness).
 * Raw words are noted as draws of bound 2^32, which `uniform` reproduces exactly.
 */
export class RecordingRng implements Rng {
  private readonly stream: RandomStream;
  private draws: RandomDraw[] = [];
  private wordsAtLastTake = 0;

  constructor(seed: Buffer, readonly streamSeq: number) {
    this.stream = new RandomStream(seed, streamSeq);
  }

  get wordsUsed(): number {
    return this.stream.wordsUsed;
  }

  nextWord(): number {
    return this.uniform(2 ** 32);
  }

  uniform(m: number): number {
    const value = this.stream.uniform(m);
    this.draws.push([m, value]);
    return value;
  }

  die(sides: number): number {
    return this.uniform(sides) + 1;
  }

  /** The draws and words since the previous take: what the next event used. */
  take(): { draws: RandomDraw[]; words: number } {
    const taken = { draws: this.draws, words: this.stream.wordsUsed - this.wordsAtLastTake };
    this.draws = [];
    this.wordsAtLastTake = this.stream.wordsUsed;
    return taken;
  }
}

/** What an event recorded of its randomness, as stored in the log. */
export interface RecordedRandomness {
  seq: number;
  streamSeq: number;
  words: number;
  draws: RandomDraw[];
}

/**
 * Replays events' recorded draws against the stream of a revealed seed. Events of one mutation
 * share the stream of its first event and are replayed in seq order on it. Returns the seqs whose
 * draws or word counts the seed does not reproduce.
 */
export function findRandomnessMismatches(seed: Buffer, events: readonly RecordedRandomness[]): number[] {
  const mismatches: number[] = [];
  const streams = new Map<number, RandomStream>();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    let stream = streams.get(event.streamSeq);
    if (!stream) {
      stream = new RandomStream(seed, event.streamSeq);
      streams.set(event.streamSeq, stream);
    }
    const wordsBefore = stream.wordsUsed;
    let matches = true;
    for (const [bound, value] of event.draws) {
      if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32 || stream.uniform(bound) !== value) {
        matches = false;
        break;
      }
    }
    if (!matches || stream.wordsUsed - wordsBefore !== event.words) mismatches.push(event.seq);
  }
  return mismatches;
}
