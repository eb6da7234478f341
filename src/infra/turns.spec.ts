import { Turns } from './turns.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('lets the first `holders` of a key go at once and the others in the order they came, as turns are given back', async () => {
    const turns = new Turns(2);
    const started: string[] = [];
    const giveBack = new Map<string, () => void>();
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      void turns.take('campaign').then((done) => {
        started.push(name);
        giveBack.set(name, done);
      });
    }
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(turns.count('campaign')).toEqual({ holding: 2, waiting: 3 });

    giveBack.get('b')!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    giveBack.get('a')!();
    giveBack.get('c')!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(turns.count('campaign')).toEqual({ holding: 2, waiting: 0 });
  });

  it('keeps keys apart', async () => {
    const turns = new Turns(1);
    await turns.take('one');
    let other = false;
    void turns.take('two').then(() => (other = true));
    await settle();
    expect(other).toBe(true);
    expect(turns.count('one')).toEqual({ holding: 1, waiting: 0 });
  });

  it('gives a turn back once however often it is called, and forgets a key no one holds', async () => {
    const turns = new Turns(1);
    const first = await turns.take('campaign');
    let second: (() => void) | undefined;
    let third: (() => void) | undefined;
    void turns.take('campaign').then((done) => (second = done));
    void turns.take('campaign').then((done) => (third = done));
    await settle();
    first();
    first();
    await settle();
    expect(second).toBeDefined();
    expect(third).toBeUndefined();
    second!();
    await settle();
    third!();
    expect(turns.count('campaign')).toEqual({ holding: 0, waiting: 0 });
    expect((turns as unknown as { lines: Map<string, unknown> }).lines.size).toBe(0);
  });
});
