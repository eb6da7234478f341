import { batchedRead, groupedBy, newRequestContext, runInRequestContext } from './request-context.js';

/** A readMany that records the keys of each call and answers `value of <key>`, leaving out `none`. */
function recorder() {
  const calls: string[][] = [];
  const readMany = async (keys: readonly string[]) => {
    calls.push([...keys]);
    return new Map(keys.filter((key) => key !== 'none').map((key) => [key, `value of ${key}`]));
  };
  return { calls, readMany };
}

describe('batchedRead', () => {
  it('reads what the callers of one request ask for together in one call, same keys included', async () => {
    const { calls, readMany } = recorder();
    const answers = await runInRequestContext(newRequestContext(), () =>
      Promise.all(['a', 'b', 'a', 'none'].map((key) => batchedRead('things', key, readMany))),
    );
    expect(answers).toEqual(['value of a', 'value of b', 'value of a', undefined]);
    expect(calls).toEqual([['a', 'b', 'a', 'none']]);
  });

  it('keeps nothing: a later read reads anew, and requests never share a read', async () => {
    const { calls, readMany } = recorder();
    await runInRequestContext(newRequestContext(), async () => {
      await batchedRead('things', 'a', readMany);
      await batchedRead('things', 'a', readMany);
    });
    await Promise.all([
      runInRequestContext(newRequestContext(), () => batchedRead('things', 'a', readMany)),
      runInRequestContext(newRequestContext(), () => batchedRead('things', 'a', readMany)),
    ]);
    expect(calls).toEqual([['a'], ['a'], ['a'], ['a']]);
  });

  it('fails the callers of a failed read, and reads again for the next', async () => {
    let failing = true;
    const readMany = async (keys: readonly string[]) => {
      if (failing) throw new Error('away');
      return new Map(keys.map((key) => [key, key]));
    };
    await runInRequestContext(newRequestContext(), async () => {
      const first = Promise.all([batchedRead('things', 'a', readMany), batchedRead('things', 'b', readMany)]);
      await expect(first).rejects.toThrow('away');
      failing = false;
      await expect(batchedRead('things', 'a', readMany)).resolves.toBe('a');
    });
  });

  it('reads at once outside a request', async () => {
    const { calls, readMany } = recorder();
    await expect(batchedRead('things', 'b', readMany)).resolves.toBe('value of b');
    expect(calls).toEqual([['b']]);
  });
});

describe('groupedBy', () => {
  it('groups rows by key in their order', () => {
    const rows = [{ k: 'x', v: 1 }, { k: 'y', v: 2 }, { k: 'x', v: 3 }];
    expect(groupedBy(rows, (row) => row.k, (row) => row.v)).toEqual(new Map([['x', [1, 3]], ['y', [2]]]));
  });
});
