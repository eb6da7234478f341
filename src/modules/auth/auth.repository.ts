import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import type { MemberRole } from './principal.js';

export interface MemberIdentity {
  id: string;
  campaignId: string;
  name: string;
  role: MemberRole;
}

@Injectable()
export class AuthRepository {
  constructor(private readonly db: Transactions) {}

  /** The global key table names the campaign; the member is then read from its campaign's rows. */
  async findMemberByKeyHash(apiKeyHash: string): Promise<MemberIdentity | undefined> {
    const key = await this.db.tx.apiKey.findUnique({ where: { keyHash: apiKeyHash }, select: { campaignId: true, memberId: true } });
    if (!key) return undefined;
    const row = await this.db.tx.member.findUnique({
      where: { campaignId_id: { campaignId: key.campaignId, id: key.memberId } },
      select: { id: true, campaignId: true, name: true, role: true },
    });
    return row ? { ...row, role: row.role as MemberRole } : undefined;
  }
}
