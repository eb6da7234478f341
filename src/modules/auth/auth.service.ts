import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, ForbiddenError } from '../../common/errors.js';
import { ADMIN_KEY } from '../../infra/tokens.js';
import { bearerKey, hashApiKey, sameKey } from './api-keys.js';
import { AuthRepository } from './auth.repository.js';
import { ADMIN_PRINCIPAL, type MemberRole, type Principal } from './principal.js';

export type Authentication = { principal: Principal | null; invalidKey: boolean };

@Injectable()
export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    @Inject(ADMIN_KEY) private readonly adminKey: string,
  ) {}

  /** Resolves an Authorization header: no header is anonymous, a key that matches nobody is invalid. */
  async authenticate(authorization: string | undefined): Promise<Authentication> {
    if (authorization === undefined || authorization === '') return { principal: null, invalidKey: false };
    const key = bearerKey(authorization);
    if (key === null) return { principal: null, invalidKey: true };
    if (sameKey(key, this.adminKey)) return { principal: ADMIN_PRINCIPAL, invalidKey: false };
    const member = await this.repository.findMemberByKeyHash(hashApiKey(key));
    if (!member) return { principal: null, invalidKey: true };
    return {
      principal: { role: member.role, id: member.id, memberId: member.id, campaignId: member.campaignId, name: member.name },
      invalidKey: false,
    };
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
