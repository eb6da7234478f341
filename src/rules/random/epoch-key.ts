import { createHmac } from 'node:crypto';

/** A member's seed for an epoch of a campaign's random stream (DESIGN.md, "Players' seeds"). */
export interface ClientSeed {
  memberId: string;
  clientSeed: string;
}

/** Longest client seed, in characters: it travels in every campaign read. */
export const MAX_CLIENT_SEED_LENGTH = 128;

/**
 * The message the epoch's key is made of: `client-seeds:` then one line `<memberId>=<clientSeed>\n`
 * per client seed, sorted by member id (code unit order, which for UUIDs is byte order).
 */
export function clientSeedsMessage(clientSeeds: readonly ClientSeed[]): string {
  const lines = [...clientSeeds]
    .sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0))
    .map((each) => `${each.memberId}=${each.clientSeed}\n`);
  return `client-seeds:${lines.join('')}`;
}

/**
 * The key of an epoch's random stream (DESIGN.md, "Players' seeds"): the server's seed itself
 * without client seeds — today's stream exactly — and with them
 * HMAC-SHA256(key = seed, message = {@link clientSeedsMessage}), so that neither the server, which
 * committed to its seed first, nor a member, who saw only its commitment, chose the outcomes.
 */
export function epochKey(seed: Buffer, clientSeeds: readonly ClientSeed[]): Buffer {
  if (clientSeeds.length === 0) return seed;
  return createHmac('sha256', seed).update(clientSeedsMessage(clientSeeds), 'utf8').digest();
}
