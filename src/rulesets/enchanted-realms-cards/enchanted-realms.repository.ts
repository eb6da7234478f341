import { Injectable } from '@nestjs/common';
import { Database, prepared } from '../../infra/database.js';
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

// Every move's table read, with the campaign's lock: prepared, as the lock is.
const STATES_BY_CAMPAIGN = prepared('enchanted-realms.states-by-campaign', 'SELECT id, ruleset_state FROM campaigns WHERE id = ANY($1) AND ruleset = $2');

/** The Enchanted Realms' own row: the campaign's ruleset state. */
@Injectable()
export class EnchantedRealmsRepository {
  constructor(private readonly db: Database) {}

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  async findCampaignState(campaignId: string): Promise<EnchantedRealmsCampaignState | undefined> {
    return batchedRead('enchanted-realms state by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.query<{ id: string; ruleset_state: Partial<EnchantedRealmsCampaignState> }>(
        STATES_BY_CAMPAIGN,
        [campaignIds, ENCHANTED_REALMS_CARDS],
      );
      const states = new Map<string, EnchantedRealmsCampaignState>();
      for (const { id, ruleset_state: state } of rows) if (state?.deckId) states.set(id, { deckId: state.deckId, offers: state.offers ?? [] });
      return states;
    });
  }

  /** A Database.write (sent with the mutation's other writes), of the state as it is now. */
  async saveCampaignState(campaignId: string, state: EnchantedRealmsCampaignState): Promise<void> {
    await this.db.write(SAVE_RULESET_STATE, [campaignId, JSON.stringify(state)]);
  }
}
