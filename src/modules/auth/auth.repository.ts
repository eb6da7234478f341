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

  async findMemberByKeyHash(apiKeyHash: string): Promise<MemberIdentity | undefined> {
    const row = await this.db.tx.member.findUnique({ where: { apiKeyHash }, select: { id: true, campaignId: true, name: true, role: true } });
    return row ? { ...row, role: row.role as MemberRole } : undefined;
  }
}
