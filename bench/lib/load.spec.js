import { describe, expect, it } from '@jest/globals';
import { connectionsPerServer, rotation } from './load.js';

describe('connectionsPerServer', () => {
  it('shares the connections as evenly as they go, the first servers taking what is left over', () => {
    expect(connectionsPerServer(32, 1)).toEqual([32]);
    expect(connectionsPerServer(32, 2)).toEqual([16, 16]);
    expect(connectionsPerServer(32, 3)).toEqual([11, 11, 10]);
  });
});

describe('rotation', () => {
  it('hands out one request per target in turn, with headers of its own each time', () => {
    const next = rotation(['a', 'b'], (target) => ({ key: `key-${target}`, query: '{ __typename }', variables: { target } }));
    const [first, second, third] = [next(), next(), next()];
    expect(JSON.parse(first.body.toString())).toEqual({ query: '{ __typename }', variables: { target: 'a' } });
    expect(second.headers.authorization).toBe('Bearer key-b');
    expect(third.body).toBe(first.body);
    expect(third.headers).not.toBe(first.headers);
  });
});
