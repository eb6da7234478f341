import { Injectable } from '@nestjs/common';
import { Database, prepared } from '../../infra/database.js';
import { batchedRead, groupedBy } from '../../infra/request-context.js';
import { SettledFacts } from '../../infra/settled-facts.js';

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

/** How many character → owner answers are kept; one is about 150 bytes. */
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

const COLUMNS = 'id, campaign_id, member_id, name, sheet, created_at';

// A ruleset's table read, with the campaign's lock, and the write of a changed sheet: prepared, as the lock is.
const BY_CAMPAIGNS = prepared('characters.by-campaigns', `SELECT ${COLUMNS} FROM characters WHERE campaign_id = ANY($1) ORDER BY created_at, id`);
const UPDATE_SHEET = prepared('characters.update-sheet', 'UPDATE characters SET sheet = $2, version = version + 1 WHERE id = $1');

@Injectable()
export class CharactersRepository {
  private readonly owners: SettledFacts<CharacterOwner>;

  constructor(private readonly db: Database) {
    this.owners = new SettledFacts(db, OWNER_CACHE_SIZE, async (id) => {
      const [row] = await db.query<Pick<CharacterRow, 'campaign_id' | 'member_id'>>('SELECT campaign_id, member_id FROM characters WHERE id = $1', [id]);
      return row && Object.freeze({ id, campaignId: row.campaign_id, memberId: row.member_id });
    });
  }

  async insert(character: Omit<CharacterRecord, 'createdAt'>): Promise<CharacterRecord> {
    const [row] = await this.db.query<CharacterRow>(
      `INSERT INTO characters (id, campaign_id, member_id, name, sheet) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [character.id, character.campaignId, character.memberId, character.name, character.sheet],
    );
    return toCharacter(row);
  }

  async findById(id: string): Promise<CharacterRecord | undefined> {
    const [row] = await this.db.query<CharacterRow>(`SELECT ${COLUMNS} FROM characters WHERE id = $1`, [id]);
    return row && toCharacter(row);
  }

  /** The character's campaign and member, for access checks: after the first read, with no round trip. */
  findOwner(id: string): Promise<CharacterOwner | undefined> {
    return this.owners.get(id);
  }

  /**
   * A Database.write: it travels with the mutation's other writes. The sheet is sent as it is now
   * (serialized here), whatever happens to the object before the write goes out.
   */
  async updateSheet(id: string, sheet: Record<string, unknown>): Promise<void> {
    await this.db.write(UPDATE_SHEET, [id, JSON.stringify(sheet)]);
  }

  /** Batched within a request (batchedRead): a list of campaigns reads once. */
  async listByCampaign(campaignId: string): Promise<CharacterRecord[]> {
    const characters = await batchedRead('characters by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.query<CharacterRow>(BY_CAMPAIGNS, [campaignIds]);
      return groupedBy(rows, (row) => row.campaign_id, toCharacter);
    });
    return characters ?? [];
  }
}
