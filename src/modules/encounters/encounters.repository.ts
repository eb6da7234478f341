import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import { SettledFacts } from '../../infra/settled-facts.js';
import { Sql, statement } from '../../infra/sql.js';

/** A scene a ruleset resolves over several moves (a combat, a skirmish), with its own state. */
export interface EncounterRecord<S = unknown> {
  id: string;
  campaignId: string;
  /** `<ruleset>.<kind>`, e.g. `tenth-realm.combat`. */
  kind: string;
  /** ACTIVE while it goes on; the ruleset's outcome once it is over. */
  status: string;
  state: S;
  createdAt: Date;
}

interface EncounterRow {
  id: string;
  campaign_id: string;
  kind: string;
  status: string;
  state: unknown;
  created_at: Date;
}

const toEncounter = <S>(row: EncounterRow): EncounterRecord<S> => ({
  id: row.id,
  campaignId: row.campaign_id,
  kind: row.kind,
  status: row.status,
  state: row.state as S,
  createdAt: row.created_at,
});

const COLUMNS = 'id::text, campaign_id::text, kind, status, state, created_at';

// A ruleset move's reads (Sql: the moves' hot path).
const FIND_BY_ID = statement('encounters.find-by-id', `SELECT ${COLUMNS} FROM encounters WHERE campaign_id = $1::uuid AND id = $2::uuid`);
const FIND_ACTIVE = statement(
  'encounters.find-active',
  `SELECT ${COLUMNS} FROM encounters WHERE campaign_id = $1::uuid AND kind = $2 AND status = 'ACTIVE' ORDER BY created_at DESC LIMIT 1`,
);

/** How many encounter → campaign answers are kept. */
const CAMPAIGN_OF_ENCOUNTER_CACHE_SIZE = 50_000;

/** Every ruleset's encounters; the ledger writes them (CampaignChanges.saveEncounter). */
@Injectable()
export class EncountersRepository {
  private readonly campaignOfEncounter: SettledFacts<string>;

  constructor(
    private readonly db: Transactions,
    private readonly sql: Sql,
  ) {
    this.campaignOfEncounter = new SettledFacts({ max: CAMPAIGN_OF_ENCOUNTER_CACHE_SIZE }, async (id) => {
      // The one read by id alone (every campaign's rows, once per encounter and process): the rest go to its campaign.
      const row = await this.db.tx.encounter.findFirst({ where: { id }, select: { campaignId: true } });
      return row?.campaignId;
    });
  }

  async findById<S>(id: string): Promise<EncounterRecord<S> | undefined> {
    const campaignId = await this.findCampaignId(id);
    if (campaignId === undefined) return undefined;
    const [row] = await this.sql.query<EncounterRow>(FIND_BY_ID, [campaignId, id]);
    return row && toEncounter<S>(row);
  }

  /** The campaign an encounter belongs to: an encounter never moves to another campaign and is never deleted. */
  findCampaignId(id: string): Promise<string | undefined> {
    return this.campaignOfEncounter.get(id);
  }

  /** The campaign's encounter of this kind under way, if any (the newest). */
  async findActive<S>(campaignId: string, kind: string): Promise<EncounterRecord<S> | undefined> {
    const [row] = await this.sql.query<EncounterRow>(FIND_ACTIVE, [campaignId, kind]);
    return row && toEncounter<S>(row);
  }

  /** The campaign's encounters of a kind, oldest first. */
  async listByCampaign<S>(campaignId: string, kind: string): Promise<Array<EncounterRecord<S>>> {
    const rows = await this.db.tx.encounter.findMany({ where: { campaignId, kind }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map((row) => ({ id: row.id, campaignId: row.campaignId, kind: row.kind, status: row.status, state: row.state as S, createdAt: row.createdAt }));
  }
}
