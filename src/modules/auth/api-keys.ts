import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_PREFIX = 'arb_';

/** A new API key: 32 random bytes, shown once to its owner and stored only as {@link hashApiKey}. */
export function newApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * SHA-256, hex. Keys carry 256 random bits, so a fast hash is enough: there is nothing to
 * brute-force, and a lookup by hash costs one index probe. Hashed in one call (`crypto.hash`):
 * every request's key is, and one call does less than a Hash object's create, update and digest.
 */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** SHA-256 of a key, raw: {@link hashApiKey} is its hex, and keys are compared by it. */
export function keyDigest(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

/** Compares two keys in time that does not depend on where they differ. */
export function sameKey(presented: string, expected: string): boolean {
  return sameDigest(keyDigest(presented), keyDigest(expected));
}

/** Compares two key digests in time that does not depend on where they differ. */
export function sameDigest(presented: Buffer, expected: Buffer): boolean {
  return timingSafeEqual(presented, expected);
}

/** The key of an `Authorization: Bearer <key>` header, or null when the header has none. */
export function bearerKey(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
