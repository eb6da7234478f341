import type { LockedCampaign } from '../campaigns/campaigns.repository.js';
import type { DeckRecord } from '../decks/decks.repository.js';

/** A campaign as a move of this process leaves it: the locked row and the decks kept with it. */
export interface KeptCampaign {
  readonly campaign: LockedCampaign;
  readonly decks: ReadonlyMap<string, DeckRecord>;
}

/** A move's place in its campaign's line ({@link KeptCampaigns.enter}). */
export interface Place {
  /** What the move before it in the process left of the campaign, once that move has said; undefined when it could not tell. */
  readonly before: Promise<KeptCampaign | undefined>;
  /** What the move before it left, if it has said by now. */
  beforeIfKnown(): KeptCampaign | undefined;
  /** Says what this move leaves of the campaign (undefined: it cannot tell); only the first call counts. */
  leave(kept?: KeptCampaign): void;
}

/** What one move leaves of its campaign, once it has said. */
class Leaving {
  said = false;
  kept?: KeptCampaign;
  readonly left: Promise<KeptCampaign | undefined>;
  private resolve!: (kept: KeptCampaign | undefined) => void;

  constructor() {
    this.left = new Promise((resolve) => (this.resolve = resolve));
  }

  say(kept: KeptCampaign | undefined): void {
    if (this.said) return;
    this.said = true;
    this.kept = kept;
    this.resolve(kept);
  }
}

/** How many campaigns are kept; one is about 1 KB with a standard deck. */
const KEPT_CAMPAIGNS = 10_000;

/**
 * What each campaign's moves in this process leave of it, move after move, for the next move to
 * start from without reading it (GameLedger's speculative moves). A move enters its campaign's
 * line as it arrives, before it takes its turn (Database.beginOnCampaign, first come first
 * served), so the line is about the order in which the moves take the campaign's lock, and says
 * what it leaves once it knows: a move that reads once
 * its reads are back (it holds the lock then), a move from what was kept once it has committed
 * (it takes the lock only with its writes), a move of another kind at once (that it cannot
 * tell). Never the truth: a move started from what was kept writes only if the campaign and its
 * deck are still at the versions it started from, which is how another process's moves, or a
 * move before it that failed, are found out.
 */
export class KeptCampaigns {
  /** Each campaign's latest move. */
  private readonly latest = new Map<string, Leaving>();

  enter(campaignId: string): Place {
    const before = this.latest.get(campaignId);
    const leaving = new Leaving();
    this.latest.delete(campaignId);
    if (this.latest.size >= KEPT_CAMPAIGNS) this.latest.delete(this.latest.keys().next().value!);
    this.latest.set(campaignId, leaving);
    return {
      before: before?.left ?? Promise.resolve(undefined),
      beforeIfKnown: () => before?.kept,
      leave: (kept) => leaving.say(kept),
    };
  }
}
