import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import { batchedRead } from '../../infra/request-context.js';
import type { YummellCampaign } from '../../rules/yummell/index.js';

export const YUMMELL = 'yummell';

/**
 * The race as a Yummell campaign keeps it in `campaigns.ruleset_state`: everything of
 * `YummellCampaign` but the cards, whose definitions are the encounter deck's own (`deckId`).
 */
export type StoredRace = Omit<YummellCampaign, 'cards'>;

export interface YummellCampaignState {
  /** The campaign's encounter deck: its cards (the deck list) and piles (hands included). */
  deckId: string;
  race: StoredRace;
}

/** A campaign's `ruleset_state` as Yummell keeps it, or undefined until its race is set up. */
export function yummellStateOf(stored: unknown): YummellCampaignState | undefined {
  const state = stored as Partial<YummellCampaignState> | null;
  return state?.deckId && state.race ? { deckId: state.deckId, race: state.race } : undefined;
}

/** Yummell's own read: the campaign's race. */
@Injectable()
export class YummellRepository {
  constructor(private readonly db: Transactions) {}

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  async findCampaignState(campaignId: string): Promise<YummellCampaignState | undefined> {
    return batchedRead('yummell state by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.campaign.findMany({ where: { id: { in: [...campaignIds] }, ruleset: YUMMELL }, select: { id: true, rulesetState: true } });
      const states = new Map<string, YummellCampaignState>();
      for (const row of rows) {
        const state = yummellStateOf(row.rulesetState);
        if (state) states.set(row.id, state);
      }
      return states;
    });
  }
}
