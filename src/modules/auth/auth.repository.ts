import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database.js';
import type { MemberRole } from './principal.js';

export interface MemberIdentity {
  id: string;
  campaignId: string;
  name: string;
  role: MemberRole;
}

@Injectable()
export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findMemberByKeyHash(apiKeyHash: string): Promise<MemberIdentity | undefined> {
    const [row] = await this.db.query<{ id: string; campaign_id: string; name: string; role: MemberRole }>(
      'SELECT id, campaign_id, name, role FROM members WHERE api_key_hash = $1',
      [apiKeyHash],
    );
    return row && { id: row.id, campaignId: row.campaign_id, name: row.name, role: row.role };
  }
}
