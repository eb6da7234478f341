import { Injectable } from '@nestjs/common';
import { Database, prepared } from '../../infra/database.js';
import { batchedRead } from '../../infra/request-context.js';
import { SettledFacts } from '../../infra/settled-facts.js';
import { SAVE_RULESET_STATE } from '../../modules/campaigns/campaigns.repository.js';
import type { Combat } from '../../rules/tenth-realm/combat-state.js';
import type { World } from '../../rules/tenth-realm/table.js';

/** What a Tenth Realm campaign keeps in `campaigns.ruleset_state`. */
export interface TenthRealmCampaignState {
  /** The one shared standard-52 deck. */
  deckId: string;
  world: World;
}

export const COMBAT_KIND = 'tenth-realm.combat';

/** A campaign's `ruleset_state` as the Tenth Realm keeps it, or undefined until it is set up. */
export function tenthRealmStateOf(stored: unknown): TenthRealmCampaignState | undefined {
  const state = stored as Partial<TenthRealmCampaignState> | null;
  return state?.deckId && state.world ? (state as TenthRealmCampaignState) : undefined;
}

export interface EncounterRecord {
  id: string;
  campaignId: string;
  kind: string;
  status: string;
  combat: Combat;
  createdAt: Date;
}

interface EncounterRow {
  id: string;
  campaign_id: string;
  kind: string;
  status: string;
  state: Combat;
  created_at: Date;
}

const toEncounter = (row: EncounterRow): EncounterRecord => ({
  id: row.id,
  campaignId: row.campaign_id,
  kind: row.kind,
  status: row.status,
  combat: row.state,
  createdAt: row.created_at,
});

const ENCOUNTER_COLUMNS = 'id, campaign_id, kind, status, state, created_at';

/** How many encounter → campaign answers are kept; one is about 60 bytes. */
const CAMPAIGN_OF_ENCOUNTER_CACHE_SIZE = 50_000;

const SAVE_COMBAT = prepared(
  'tenth-realm.save-combat',
  `INSERT INTO encounters (id, campaign_id, kind, status, state) VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, state = EXCLUDED.state, updated_at = now()`,
);

/** The Tenth Realm's own rows: the campaign's ruleset state and its combats. */
@Injectable()
export class TenthRealmRepository {
  private readonly campaignOfEncounter: SettledFacts<string>;

  constructor(private readonly db: Database) {
    this.campaignOfEncounter = new SettledFacts(db, CAMPAIGN_OF_ENCOUNTER_CACHE_SIZE, async (id) => {
      const [row] = await db.query<{ campaign_id: string }>('SELECT campaign_id FROM encounters WHERE id = $1', [id]);
      return row?.campaign_id;
    });
  }

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  async findCampaignState(campaignId: string): Promise<TenthRealmCampaignState | undefined> {
    return batchedRead('tenth-realm state by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.query<{ id: string; ruleset_state: unknown }>(
        `SELECT id, ruleset_state FROM campaigns WHERE id = ANY($1) AND ruleset = 'tenth-realm'`,
        [campaignIds],
      );
      const states = new Map<string, TenthRealmCampaignState>();
      for (const row of rows) {
        const state = tenthRealmStateOf(row.ruleset_state);
        if (state) states.set(row.id, state);
      }
      return states;
    });
  }

  /** A Database.write (sent with the mutation's other writes), of the state as it is now. */
  async saveCampaignState(campaignId: string, state: TenthRealmCampaignState): Promise<void> {
    await this.db.write(SAVE_RULESET_STATE, [campaignId, JSON.stringify(state)]);
  }

  async findEncounter(id: string): Promise<EncounterRecord | undefined> {
    const [row] = await this.db.query<EncounterRow>(`SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE id = $1`, [id]);
    return row && toEncounter(row);
  }

  /** The campaign an encounter belongs to: an encounter never moves to another campaign and is never deleted. */
  findEncounterCampaignId(id: string): Promise<string | undefined> {
    return this.campaignOfEncounter.get(id);
  }

  async findActiveCombat(campaignId: string): Promise<EncounterRecord | undefined> {
    const [row] = await this.db.query<EncounterRow>(
      `SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE campaign_id = $1 AND kind = $2 AND status = 'ACTIVE'`,
      [campaignId, COMBAT_KIND],
    );
    return row && toEncounter(row);
  }

  async listEncounters(campaignId: string): Promise<EncounterRecord[]> {
    const rows = await this.db.query<EncounterRow>(
      `SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE campaign_id = $1 ORDER BY created_at, id`,
      [campaignId],
    );
    return rows.map(toEncounter);
  }

  /** Inserts the combat, or updates it when it exists: a Database.write, of the combat as it is now. */
  async saveCombat(campaignId: string, combat: Combat): Promise<void> {
    await this.db.write(SAVE_COMBAT, [combat.id, campaignId, COMBAT_KIND, combat.status, JSON.stringify(combat)]);
  }
}
