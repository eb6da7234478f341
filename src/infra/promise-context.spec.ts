import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { carriedValue, runCarrying } from './promise-context.js';

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

/** What `carriedValue()` is in a callback handed to `schedule` from inside `runCarrying`. */
function seenBy(schedule: (callback: () => void) => void): Promise<unknown> {
  return new Promise((resolve) => runCarrying('request', () => schedule(() => resolve(carriedValue()))));
}

describe('runCarrying', () => {
  it('carries the value through its callback and every await started in it', async () => {
    const seen: unknown[] = [];
    const inner = async () => {
      seen.push(carriedValue());
      await sleep(1);
      seen.push(carriedValue());
      return carriedValue();
    };
    const result = await runCarrying('a', async () => {
      seen.push(carriedValue());
      await nextTick();
      seen.push(carriedValue());
      const [first, second] = await Promise.all([inner(), Promise.resolve().then(() => carriedValue())]);
      return [first, second, await inner().then((value) => [value, carriedValue()])];
    });
    expect(seen).toEqual(['a', 'a', 'a', 'a', 'a', 'a']);
    expect(result).toEqual(['a', 'a', ['a', 'a']]);
    expect(carriedValue()).toBeUndefined();
  });

  it('keeps the values of runs whose awaits interleave apart', async () => {
    const run = (value: string, delays: number[]) =>
      runCarrying(value, async () => {
        const seen: unknown[] = [];
        for (const delay of delays) {
          await sleep(delay);
          seen.push(carriedValue());
        }
        return seen;
      });
    const [a, b] = await Promise.all([run('a', [5, 1, 5, 1]), run('b', [1, 5, 1, 5])]);
    expect(a).toEqual(['a', 'a', 'a', 'a']);
    expect(b).toEqual(['b', 'b', 'b', 'b']);
  });

  it('gives a promise made outside the value of the run that awaits it', async () => {
    let release!: () => void;
    const made = new Promise<void>((resolve) => (release = resolve));
    const awaited = runCarrying('a', async () => {
      await made;
      return carriedValue();
    });
    const chained = runCarrying('b', () => made.then(() => carriedValue()));
    release();
    expect(await awaited).toBe('a');
    expect(await chained).toBe('b');
  });

  it('puts the previous value back when its callback returns or throws, nested or not', () => {
    runCarrying('outer', () => {
      expect(runCarrying('inner', () => carriedValue())).toBe('inner');
      expect(carriedValue()).toBe('outer');
      expect(() =>
        runCarrying('failing', () => {
          throw new Error('boom');
        }),
      ).toThrow('boom');
      expect(carriedValue()).toBe('outer');
    });
    expect(carriedValue()).toBeUndefined();
  });

  it.each([
    ['setTimeout', (callback: () => void) => setTimeout(callback, 1)],
    ['setImmediate', (callback: () => void) => setImmediate(callback)],
    ['process.nextTick', (callback: () => void) => process.nextTick(callback)],
    [
      'an event emitter',
      (callback: () => void) => {
        const emitter = new EventEmitter();
        emitter.once('event', callback);
        setTimeout(() => emitter.emit('event'), 1);
      },
    ],
  ])('carries nothing into a callback of %s: it sees no value, never another', async (_name, schedule) => {
    // Another run is going on while the callback waits: the callback must not see its value either.
    const other = runCarrying('other', () => sleep(5).then(() => carriedValue()));
    expect(await seenBy(schedule)).toBeUndefined();
    expect(await other).toBe('other');
  });
});
