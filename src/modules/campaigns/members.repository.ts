import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import { batchedRead, groupedBy } from '../../infra/request-context.js';
import type { MemberRole } from '../auth/principal.js';

export interface MemberRecord {
  id: string;
  campaignId: string;
  name: string;
  role: MemberRole;
}

const MEMBER = { id: true, campaignId: true, name: true, role: true } as const;

const toMember = (row: { id: string; campaignId: string; name: string; role: string }): MemberRecord => ({ ...row, role: row.role as MemberRole });

@Injectable()
export class MembersRepository {
  constructor(private readonly db: Transactions) {}

  /** A member and its key, in the caller's transaction: the key is global (api_keys), the member its campaign's. */
  async insert(member: MemberRecord & { apiKeyHash: string }): Promise<void> {
    const { apiKeyHash, ...row } = member;
    await this.db.tx.apiKey.create({ data: { keyHash: apiKeyHash, campaignId: row.campaignId, memberId: row.id } });
    await this.db.tx.member.create({ data: row });
  }

  async findInCampaign(campaignId: string, id: string): Promise<MemberRecord | undefined> {
    const row = await this.db.tx.member.findUnique({ where: { campaignId_id: { campaignId, id } }, select: MEMBER });
    return row ? toMember(row) : undefined;
  }

  /** Batched within a request (batchedRead): a list of campaigns reads once. */
  async listByCampaign(campaignId: string): Promise<MemberRecord[]> {
    const members = await batchedRead('members by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.member.findMany({
        where: { campaignId: { in: [...campaignIds] } },
        select: MEMBER,
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return groupedBy(rows, (row) => row.campaignId, toMember);
    });
    return members ?? [];
  }
}
