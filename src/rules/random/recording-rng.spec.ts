import { shuffle, RandomStream } from './random-stream.js';
import { findRandomnessMismatches, RecordingRng, type RecordedRandomness } from './recording-rng.js';

const seed = Buffer.alloc(32, 7);

/** One mutation at seq 10 that records two events: a d20 roll, then a shuffle of five cards. */
function recordMutation(): RecordedRandomness[] {
  const rng = new RecordingRng(seed, 10);
  rng.die(20);
  const first = rng.take();
  shuffle(['a', 'b', 'c', 'd', 'e'], rng);
  const second = rng.take();
  return [
    { seq: 10, streamSeq: 10, ...first },
    { seq: 11, streamSeq: 10, ...second },
  ];
}

describe('RecordingRng', () => {
  it('hands out the values of the stream of its seq and notes each as [bound, value]', () => {
    const stream = new RandomStream(seed, 10);
    const rng = new RecordingRng(seed, 10);
    expect(rng.die(6)).toBe(stream.die(6));
    expect(rng.nextWord()).toBe(stream.nextWord());
    const taken = rng.take();
    expect(taken.draws).toEqual([
      [6, expect.any(Number)],
      [2 ** 32, expect.any(Number)],
    ]);
    expect(taken.words).toBe(stream.wordsUsed);
    expect(rng.take()).toEqual({ draws: [], words: 0 });
  });
});

describe('findRandomnessMismatches', () => {
  it.each<[string, (events: RecordedRandomness[]) => void, number[]]>([
    ['nothing changed', () => undefined, []],
    ['a die face changed', (events) => (events[0].draws[0][1] = (events[0].draws[0][1] + 1) % 20), [10]],
    ['a word count changed', (events) => (events[1].words += 1), [11]],
    ['a draw added', (events) => events[0].draws.push([20, 3]), [10, 11]],
    ['a bound out of range', (events) => (events[1].draws[0][0] = 0), [11]],
  ])('replays one mutation\'s events on its shared stream: %s', (_name, tamper, expected) => {
    const events = recordMutation();
    tamper(events);
    expect(findRandomnessMismatches(seed, events)).toEqual(expected);
  });

  it('finds every event when the seed is another', () => {
    expect(findRandomnessMismatches(Buffer.alloc(32, 8), recordMutation())).toEqual([10, 11]);
  });
});
