import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database.js';
import { batchedRead, groupedBy } from '../../infra/request-context.js';
import type { MemberRole } from '../auth/principal.js';

export interface MemberRecord {
  id: string;
  campaignId: string;
  name: string;
  role: MemberRole;
}

interface MemberRow {
  id: string;
  campaign_id: string;
  name: string;
  role: MemberRole;
}

const toMember = (row: MemberRow): MemberRecord => ({ id: row.id, campaignId: row.campaign_id, name: row.name, role: row.role });

@Injectable()
export class MembersRepository {
  constructor(private readonly db: Database) {}

  async insert(member: MemberRecord & { apiKeyHash: string }): Promise<void> {
    await this.db.query(
      'INSERT INTO members (id, campaign_id, name, role, api_key_hash) VALUES ($1, $2, $3, $4, $5)',
      [member.id, member.campaignId, member.name, member.role, member.apiKeyHash],
    );
  }

  async findInCampaign(campaignId: string, id: string): Promise<MemberRecord | undefined> {
    const [row] = await this.db.query<MemberRow>(
      'SELECT id, campaign_id, name, role FROM members WHERE campaign_id = $1 AND id = $2',
      [campaignId, id],
    );
    return row && toMember(row);
  }

  /** Batched within a request (batchedRead): a list of campaigns reads once. */
  async listByCampaign(campaignId: string): Promise<MemberRecord[]> {
    const members = await batchedRead('members by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.query<MemberRow>('SELECT id, campaign_id, name, role FROM members WHERE campaign_id = ANY($1) ORDER BY created_at, id', [campaignIds]);
      return groupedBy(rows, (row) => row.campaign_id, toMember);
    });
    return members ?? [];
  }
}
