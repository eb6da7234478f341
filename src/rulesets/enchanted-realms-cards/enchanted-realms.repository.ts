import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database.js';
import type { BarterOffer } from '../../rules/enchanted-realms-cards/table.js';

export const ENCHANTED_REALMS_CARDS = 'enchanted-realms-cards';

/** What an Enchanted Realms campaign keeps in `campaigns.ruleset_state`. */
export interface EnchantedRealmsCampaignState {
  /** The campaign's one Adventure Deck. */
  deckId: string;
  /** Trades between characters that wait for the other side to accept. */
  offers: BarterOffer[];
}

/** The Enchanted Realms' own row: the campaign's ruleset state. */
@Injectable()
export class EnchantedRealmsRepository {
  constructor(private readonly db: Database) {}

  async findCampaignState(campaignId: string): Promise<EnchantedRealmsCampaignState | undefined> {
    const [row] = await this.db.query<{ ruleset_state: Partial<EnchantedRealmsCampaignState> }>(
      'SELECT ruleset_state FROM campaigns WHERE id = $1 AND ruleset = $2',
      [campaignId, ENCHANTED_REALMS_CARDS],
    );
    const state = row?.ruleset_state;
    return state?.deckId ? { deckId: state.deckId, offers: state.offers ?? [] } : undefined;
  }

  async saveCampaignState(campaignId: string, state: EnchantedRealmsCampaignState): Promise<void> {
    await this.db.query('UPDATE campaigns SET ruleset_state = $2 WHERE id = $1', [campaignId, state]);
  }
}
