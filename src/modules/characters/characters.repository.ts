import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import { batchedRead, groupedBy } from '../../infra/request-context.js';
import { SettledFacts } from '../../infra/settled-facts.js';
import { Sql, statement } from '../../infra/sql.js';

export interface CharacterRecord {
  id: string;
  campaignId: string;
  memberId: string | null;
  name: string;
  sheet: Record<string, unknown>;
  createdAt: Date;
}

/** Whose a character is: never changes (a character never moves, nor changes hands, nor is deleted). */
export type CharacterOwner = Pick<CharacterRecord, 'id' | 'campaignId' | 'memberId'>;

/** How many character → owner answers are kept. */
const OWNER_CACHE_SIZE = 50_000;

interface CharacterRow {
  id: string;
  campaign_id: string;
  member_id: string | null;
  name: string;
  sheet: Record<string, unknown>;
  created_at: Date;
}

const toCharacter = (row: CharacterRow): CharacterRecord => ({
  id: row.id,
  campaignId: row.campaign_id,
  memberId: row.member_id,
  name: row.name,
  sheet: row.sheet,
  createdAt: row.created_at,
});

const COLUMNS = 'id::text, campaign_id::text, member_id::text, name, sheet, created_at';

// A ruleset's table read (Sql: the moves' hot path).
const BY_CAMPAIGN = statement('characters.by-campaign', `SELECT ${COLUMNS} FROM characters WHERE campaign_id = $1::uuid ORDER BY created_at, id`);

@Injectable()
export class CharactersRepository {
  private readonly owners: SettledFacts<CharacterOwner>;

  constructor(
    private readonly db: Transactions,
    private readonly sql: Sql,
  ) {
    this.owners = new SettledFacts({ max: OWNER_CACHE_SIZE }, async (id) => {
      // The one read by id alone (every campaign's rows, once per character and process): the rest go to its campaign.
      const row = await this.db.tx.character.findFirst({ where: { id }, select: { campaignId: true, memberId: true } });
      return row ? Object.freeze({ id, campaignId: row.campaignId, memberId: row.memberId }) : undefined;
    });
  }

  async findById(id: string): Promise<CharacterRecord | undefined> {
    const owner = await this.findOwner(id);
    if (owner === undefined) return undefined;
    const row = await this.db.tx.character.findUnique({ where: { campaignId_id: { campaignId: owner.campaignId, id } } });
    return row ? { ...row, sheet: row.sheet as Record<string, unknown> } : undefined;
  }

  /** The character's campaign and member, for access checks: after the first read, with no round trip. */
  findOwner(id: string): Promise<CharacterOwner | undefined> {
    return this.owners.get(id);
  }

  /** Every character of the campaign, in the order they were created: what a ruleset's table holds. */
  async listForMove(campaignId: string): Promise<CharacterRecord[]> {
    return (await this.sql.query<CharacterRow>(BY_CAMPAIGN, [campaignId])).map(toCharacter);
  }

  /** Batched within a request (batchedRead): a list of campaigns reads once. */
  async listByCampaign(campaignId: string): Promise<CharacterRecord[]> {
    const characters = await batchedRead('characters by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.character.findMany({ where: { campaignId: { in: [...campaignIds] } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      return groupedBy(
        rows,
        (row) => row.campaignId,
        (row): CharacterRecord => ({ id: row.id, campaignId: row.campaignId, memberId: row.memberId, name: row.name, sheet: row.sheet as Record<string, unknown>, createdAt: row.createdAt }),
      );
    });
    return characters ?? [];
  }
}
