import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database.js';
import { batchedRead } from '../../infra/request-context.js';
import { SAVE_RULESET_STATE } from '../../modules/campaigns/campaigns.repository.js';
import type { BarterOffer } from '../../rules/enchanted-realms-cards/table.js';

export const ENCHANTED_REALMS_CARDS = 'enchanted-realms-cards';

/** What an Enchanted Realms campaign keeps in `campaigns.ruleset_state`. */
export interface EnchantedRealmsCampaignState {
  /** The campaign's one Adventure Deck. */
  deckId: string;
  /** Trades between characters that wait for the other side to accept. */
  offers: BarterOffer[];
}

/** A campaign's `ruleset_state` as Enchanted Realms keeps it, or undefined until it is set up. */
export function enchantedRealmsStateOf(stored: unknown): EnchantedRealmsCampaignState | undefined {
  const state = stored as Partial<EnchantedRealmsCampaignState> | null;
  return state?.deckId ? { deckId: state.deckId, offers: state.offers ?? [] } : undefined;
}

/** The Enchanted Realms' own row: the campaign's ruleset state. */
@Injectable()
export class EnchantedRealmsRepository {
  constructor(private readonly db: Database) {}

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  async findCampaignState(campaignId: string): Promise<EnchantedRealmsCampaignState | undefined> {
    return batchedRead('enchanted-realms state by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.query<{ id: string; ruleset_state: unknown }>(
        'SELECT id, ruleset_state FROM campaigns WHERE id = ANY($1) AND ruleset = $2',
        [campaignIds, ENCHANTED_REALMS_CARDS],
      );
      const states = new Map<string, EnchantedRealmsCampaignState>();
      for (const row of rows) {
        const state = enchantedRealmsStateOf(row.ruleset_state);
        if (state) states.set(row.id, state);
      }
      return states;
    });
  }

  /** A Database.write (sent with the mutation's other writes), of the state as it is now. */
  async saveCampaignState(campaignId: string, state: EnchantedRealmsCampaignState): Promise<void> {
    await this.db.write(SAVE_RULESET_STATE, [campaignId, JSON.stringify(state)]);
  }
}
