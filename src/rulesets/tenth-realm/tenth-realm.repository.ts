import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import { batchedRead } from '../../infra/request-context.js';
import { EncountersRepository, type EncounterRecord as StoredEncounter } from '../../modules/encounters/encounters.repository.js';
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

/** A Tenth Realm combat, as the API shows it. */
export interface EncounterRecord {
  id: string;
  campaignId: string;
  kind: string;
  status: string;
  combat: Combat;
  createdAt: Date;
}

export const toCombatEncounter = (stored: StoredEncounter<Combat>): EncounterRecord => ({
  id: stored.id,
  campaignId: stored.campaignId,
  kind: stored.kind,
  status: stored.status,
  combat: stored.state,
  createdAt: stored.createdAt,
});

/** The Tenth Realm's own reads: the campaign's ruleset state and its combats. */
@Injectable()
export class TenthRealmRepository {
  constructor(
    private readonly db: Transactions,
    private readonly encounters: EncountersRepository,
  ) {}

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  async findCampaignState(campaignId: string): Promise<TenthRealmCampaignState | undefined> {
    return batchedRead('tenth-realm state by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.campaign.findMany({ where: { id: { in: [...campaignIds] }, ruleset: 'tenth-realm' }, select: { id: true, rulesetState: true } });
      const states = new Map<string, TenthRealmCampaignState>();
      for (const row of rows) {
        const state = tenthRealmStateOf(row.rulesetState);
        if (state) states.set(row.id, state);
      }
      return states;
    });
  }

  async findEncounter(id: string): Promise<EncounterRecord | undefined> {
    const stored = await this.encounters.findById<Combat>(id);
    return stored?.kind === COMBAT_KIND ? toCombatEncounter(stored) : undefined;
  }

  findEncounterCampaignId(id: string): Promise<string | undefined> {
    return this.encounters.findCampaignId(id);
  }

  async findActiveCombat(campaignId: string): Promise<EncounterRecord | undefined> {
    const stored = await this.encounters.findActive<Combat>(campaignId, COMBAT_KIND);
    return stored && toCombatEncounter(stored);
  }

  async listEncounters(campaignId: string): Promise<EncounterRecord[]> {
    return (await this.encounters.listByCampaign<Combat>(campaignId, COMBAT_KIND)).map(toCombatEncounter);
  }
}
