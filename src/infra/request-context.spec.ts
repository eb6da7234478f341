import { newRequestContext, requestContextStorage, sharedRead } from './request-context.js';

describe('sharedRead', () => {
  it('gives the callers of one request that ask while a read is under way that one read', async () => {
    let reads = 0;
    const read = async () => ++reads;
    const answers = await requestContextStorage.run(newRequestContext(), () => Promise.all([sharedRead('k', read), sharedRead('k', read), sharedRead('other', read)]));
    expect(answers).toEqual([1, 1, 2]);
  });

  it('reads anew once the read is done, after a failure too, and shares nothing between requests', async () => {
    let reads = 0;
    const read = async () => ++reads;
    await requestContextStorage.run(newRequestContext(), async () => {
      expect(await sharedRead('k', read)).toBe(1);
      expect(await sharedRead('k', read)).toBe(2);
      await expect(sharedRead('k', () => Promise.reject(new Error('away')))).rejects.toThrow('away');
      expect(await sharedRead('k', read)).toBe(3);
    });
    const [first, second] = await Promise.all([
      requestContextStorage.run(newRequestContext(), () => sharedRead('k', read)),
      requestContextStorage.run(newRequestContext(), () => sharedRead('k', read)),
    ]);
    expect(first).not.toBe(second);
  });
});
