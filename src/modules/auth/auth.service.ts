import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, ForbiddenError } from '../../common/errors.js';
import { ADMIN_KEY } from '../../infra/tokens.js';
import { bearerKey, keyDigest, sameDigest } from './api-keys.js';
import { AuthRepository } from './auth.repository.js';
import { ADMIN_PRINCIPAL, type MemberRole, type Principal } from './principal.js';

export type Authentication = { principal: Principal | null; invalidKey: boolean };

/**
 * How long a member's key stays resolved without asking the database again. Members and their
 * keys never change once created (there is no revocation yet), so this only bounds how long a
 * future revocation would take to reach every process.
 */
const MEMBER_CACHE_TTL_MS = 60_000;
/** At most this many keys are kept resolved: the oldest goes first. */
const MEMBER_CACHE_SIZE = 10_000;

@Injectable()
export class AuthService {
  private readonly adminDigest: Buffer;
  /** Key hash → the member's principal, for keys that matched a member (never for unknown keys). */
  private readonly members = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly repository: AuthRepository,
    @Inject(ADMIN_KEY) adminKey: string,
  ) {
    this.adminDigest = keyDigest(adminKey);
  }

  /**
   * Resolves an Authorization header: no header is anonymous, a key that matches nobody is
   * invalid. One SHA-256 per request; a member's key costs a database read once a minute.
   */
  async authenticate(authorization: string | undefined): Promise<Authentication> {
    if (authorization === undefined || authorization === '') return { principal: null, invalidKey: false };
    const key = bearerKey(authorization);
    if (key === null) return { principal: null, invalidKey: true };
    const digest = keyDigest(key);
    if (sameDigest(digest, this.adminDigest)) return { principal: ADMIN_PRINCIPAL, invalidKey: false };
    const hash = digest.toString('hex');
    const known = this.members.get(hash);
    const now = Date.now();
    if (known && known.until > now) return { principal: known.principal, invalidKey: false };
    const member = await this.repository.findMemberByKeyHash(hash);
    if (!member) {
      this.members.delete(hash);
      return { principal: null, invalidKey: true };
    }
    const principal: Principal = { role: member.role, id: member.id, memberId: member.id, campaignId: member.campaignId, name: member.name };
    this.members.delete(hash);
    if (this.members.size >= MEMBER_CACHE_SIZE) this.members.delete(this.members.keys().next().value!);
    this.members.set(hash, { principal, until: now + MEMBER_CACHE_TTL_MS });
    return { principal, invalidKey: false };
  }
}

/**
 * Checks that `principal` may act in `campaignId` with at least `minimum` rights. Another
 * campaign does not exist for a member (NOT_FOUND, never FORBIDDEN), so ids cannot be probed.
 */
export function requireCampaignRole(principal: Principal, campaignId: string, minimum: MemberRole): void {
  if (principal.role === 'ADMIN') return;
  if (principal.campaignId !== campaignId) throw new NotFoundError('Campaign', campaignId);
  if (minimum === 'GM' && principal.role !== 'GM') throw new ForbiddenError('Only the campaign\'s GM may do that');
}

/** True when the principal runs the campaign: its GM, or the ADMIN. */
export function isGameMaster(principal: Principal, campaignId: string): boolean {
  return principal.role === 'ADMIN' || (principal.role === 'GM' && principal.campaignId === campaignId);
}
