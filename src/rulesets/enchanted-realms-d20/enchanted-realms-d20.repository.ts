import { Injectable } from '@nestjs/common';
import { batchedRead } from '../../infra/request-context.js';
import { Sql, statement } from '../../infra/sql.js';
import { SettledFacts } from '../../infra/settled-facts.js';
import { Transactions } from '../../infra/transactions.js';
import { EncountersRepository, type EncounterRecord } from '../../modules/encounters/encounters.repository.js';
import { COMBAT_KIND, RULESET_ID, type Combatant, type D20Combat } from '../../rules/enchanted-realms-d20/state.js';

export const ENCHANTED_REALMS_D20 = RULESET_ID;

/** What an Enchanted Realms d20 campaign keeps in `campaigns.ruleset_state` (state.ts, D20State). */
export interface D20CampaignState {
  /** Every combatant of the campaign, by id: conditions outlive a combat, so they belong to the campaign. */
  combatants: Record<string, Combatant>;
}

/** A campaign's `ruleset_state` as this ruleset keeps it, or undefined until it is set up. */
export function d20StateOf(stored: unknown): D20CampaignState | undefined {
  const state = stored as Partial<D20CampaignState> | null;
  return state && typeof state.combatants === 'object' && state.combatants !== null ? { combatants: state.combatants } : undefined;
}

/** A campaign as this ruleset's reads see it: its ruleset, and its state when it plays this one. */
export interface D20CampaignRecord {
  id: string;
  ruleset: string;
  state: D20CampaignState | undefined;
}

/** A combat tracker: an encounter row of kind {@link COMBAT_KIND} whose state is the combat. */
export interface CombatRecord {
  id: string;
  campaignId: string;
  combat: D20Combat;
}

const toCombatRecord = (stored: Pick<EncounterRecord<D20Combat>, 'id' | 'campaignId' | 'status' | 'state'>): CombatRecord => ({
  id: stored.id,
  campaignId: stored.campaignId,
  // The row's columns are the truth for its id and status; the state repeats them for the rules.
  combat: { ...stored.state, id: stored.id, status: stored.status as D20Combat['status'] },
});

interface EncounterRow {
  id: string;
  campaign_id: string;
  status: string;
  state: D20Combat;
}

// A move's table read (Sql: the moves' hot path): every combat under way, which rules check.
const ACTIVE_COMBATS = statement(
  'enchanted-realms-d20.active-combats',
  `SELECT id::text, campaign_id::text, status, state FROM encounters WHERE campaign_id = $1::uuid AND kind = $2 AND status = 'ACTIVE' ORDER BY created_at, id`,
);
// The ADMIN's way to a combatant, who has no campaign of their own: combatants live in the campaign's state.
const CAMPAIGN_OF_COMBATANT = statement(
  'enchanted-realms-d20.campaign-of-combatant',
  `SELECT id::text FROM campaigns WHERE ruleset = $1 AND (ruleset_state -> 'combatants' -> $2::text) IS NOT NULL LIMIT 1`,
);

/** How many combatant → campaign answers are kept. */
const CAMPAIGN_OF_COMBATANT_CACHE_SIZE = 50_000;

/** The Enchanted Realms d20 ruleset's own reads: a campaign's combatants and its combats. */
@Injectable()
export class EnchantedRealmsD20Repository {
  /** A combatant's campaign, which never changes: read across every campaign once per process. */
  private readonly campaignOfCombatant: SettledFacts<string>;

  constructor(
    private readonly db: Transactions,
    private readonly sql: Sql,
    private readonly encounters: EncountersRepository,
  ) {
    this.campaignOfCombatant = new SettledFacts({ max: CAMPAIGN_OF_COMBATANT_CACHE_SIZE }, async (combatantId) => {
      const [row] = await this.sql.query<{ id: string }>(CAMPAIGN_OF_COMBATANT, [ENCHANTED_REALMS_D20, combatantId]);
      return row?.id;
    });
  }

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  findCampaign(campaignId: string): Promise<D20CampaignRecord | undefined> {
    return batchedRead('enchanted-realms-d20 campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.campaign.findMany({ where: { id: { in: [...campaignIds] } }, select: { id: true, ruleset: true, rulesetState: true } });
      return new Map(
        rows.map((row) => [row.id, { id: row.id, ruleset: row.ruleset, state: row.ruleset === ENCHANTED_REALMS_D20 ? d20StateOf(row.rulesetState) : undefined }]),
      );
    });
  }

  /** The campaign a combatant fights in; combatants never move nor go away. */
  findCampaignOfCombatant(combatantId: string): Promise<string | undefined> {
    return this.campaignOfCombatant.get(combatantId);
  }

  async listActiveCombats(campaignId: string): Promise<CombatRecord[]> {
    const rows = await this.sql.query<EncounterRow>(ACTIVE_COMBATS, [campaignId, COMBAT_KIND]);
    return rows.map((row) => toCombatRecord({ id: row.id, campaignId: row.campaign_id, status: row.status, state: row.state }));
  }

  /** A combat of this ruleset, or undefined (another ruleset's encounter is not one). */
  async findCombat(id: string): Promise<CombatRecord | undefined> {
    const stored = await this.encounters.findById<D20Combat>(id);
    return stored?.kind === COMBAT_KIND ? toCombatRecord(stored) : undefined;
  }

  findCombatCampaignId(id: string): Promise<string | undefined> {
    return this.encounters.findCampaignId(id);
  }

  /** The campaign's combats, oldest first. */
  async listCombats(campaignId: string): Promise<CombatRecord[]> {
    return (await this.encounters.listByCampaign<D20Combat>(campaignId, COMBAT_KIND)).map(toCombatRecord);
  }
}
