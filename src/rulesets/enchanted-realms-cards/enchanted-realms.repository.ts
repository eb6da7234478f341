import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import { batchedRead } from '../../infra/request-context.js';
import type { BarterOffer, CalledDraw, FoeGroup, OvercomeChallenge } from '../../rules/enchanted-realms-cards/table.js';

export const ENCHANTED_REALMS_CARDS = 'enchanted-realms-cards';

/** What an Enchanted Realms campaign keeps in `campaigns.ruleset_state`. */
export interface EnchantedRealmsCampaignState {
  /** The campaign's one Adventure Deck. */
  deckId: string;
  /** Trades between characters that wait for the other side to accept. */
  offers: BarterOffer[];
  /** The Draws the Lead Player called for, not made yet. */
  calls: CalledDraw[];
  /** The challenges overcome whose rewards are not all given. */
  overcome: OvercomeChallenge[];
  /** The groups of foes standing in the scene (absent in a campaign that never had one). */
  foes?: FoeGroup[];
}

/** A campaign's `ruleset_state` as Enchanted Realms keeps it, or undefined until it is set up. */
export function enchantedRealmsStateOf(stored: unknown): EnchantedRealmsCampaignState | undefined {
  const state = stored as Partial<EnchantedRealmsCampaignState> | null;
  return state?.deckId ? { deckId: state.deckId, offers: state.offers ?? [], calls: state.calls ?? [], overcome: state.overcome ?? [], foes: state.foes ?? [] } : undefined;
}

/** The Enchanted Realms' own read: the campaign's ruleset state. */
@Injectable()
export class EnchantedRealmsRepository {
  constructor(private readonly db: Transactions) {}

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  async findCampaignState(campaignId: string): Promise<EnchantedRealmsCampaignState | undefined> {
    return batchedRead('enchanted-realms state by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.campaign.findMany({
        where: { id: { in: [...campaignIds] }, ruleset: ENCHANTED_REALMS_CARDS },
        select: { id: true, rulesetState: true },
      });
      const states = new Map<string, EnchantedRealmsCampaignState>();
      for (const row of rows) {
        const state = enchantedRealmsStateOf(row.rulesetState);
        if (state) states.set(row.id, state);
      }
      return states;
    });
  }
}
