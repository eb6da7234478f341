import { bearerKey, hashApiKey, keyDigest, newApiKey, sameKey } from './api-keys.js';

describe('API keys', () => {
  it('are stored as their SHA-256 in hex, and compared by the same digest raw', () => {
    // FIPS 180-2's test vector for "abc": keys stored before stay found.
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(hashApiKey('abc')).toBe(abc);
    expect(keyDigest('abc')).toEqual(Buffer.from(abc, 'hex'));
    // UTF-8, as the header's text.
    expect(hashApiKey('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
    expect(keyDigest('é').toString('hex')).toBe(hashApiKey('é'));
  });

  it('are new each time, prefixed, and carry 256 random bits', () => {
    const [first, second] = [newApiKey(), newApiKey()];
    expect(first).toMatch(/^arb_[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
  });

  it('match only themselves', () => {
    const key = newApiKey();
    expect(sameKey(key, key)).toBe(true);
    expect(sameKey(key, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(sameKey(key, key.slice(0, -1))).toBe(false);
  });

  it('are read from a Bearer header only', () => {
    expect(bearerKey('Bearer arb_x')).toBe('arb_x');
    expect(bearerKey('bearer   arb_x  ')).toBe('arb_x');
    expect(bearerKey('Basic arb_x')).toBeNull();
    expect(bearerKey('Bearer a b')).toBeNull();
    expect(bearerKey(undefined)).toBeNull();
  });
});
