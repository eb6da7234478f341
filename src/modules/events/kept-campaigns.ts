import type { LockedCampaign } from '../campaigns/campaigns.repository.js';
import type { DeckRecord } from '../decks/decks.repository.js';

/** A campaign as a move of this process leaves it: the locked row and the decks kept with it. */
export interface KeptCampaign {
  readonly campaign: LockedCampaign;
  readonly decks: ReadonlyMap<string, DeckRecord>;
}

/** How many moves from what was kept found their campaign as it was left (one round trip), and how many found it moved on (and ran again). */
export interface MovesFromKept {
  asLeft: number;
  movedOn: number;
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

/** Sets `key` as the map's newest entry, forgetting its oldest one when it holds {@link KEPT_CAMPAIGNS} already. */
function setNewest<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= KEPT_CAMPAIGNS) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * After this many of a campaign's moves in a row found it moved on since the process's own last
 * move ({@link KeptCampaigns.foundMovedOn}), its next moves read it first ({@link KeptCampaigns.nextMoveRecalls}):
 * {@link FIRST_READS} of them, twice as many after each further such move, at most {@link MOST_READS}.
 */
const MOVED_ON_IN_A_ROW = 2;
const FIRST_READS = 8;
const MOST_READS = 1024;

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
  /** For a campaign whose last move from what was kept found it moved on: how many in a row did, and how many moves are to read it first. */
  private readonly movedOn = new Map<string, { inARow: number; readsLeft: number }>();
  /** Moves from what was kept since the process started, by what they found: the campaign as it was left, or moved on. */
  readonly counted: MovesFromKept = { asLeft: 0, movedOn: 0 };

  enter(campaignId: string): Place {
    const before = this.latest.get(campaignId);
    const leaving = new Leaving();
    setNewest(this.latest, campaignId, leaving);
    return {
      before: before?.left ?? Promise.resolve(undefined),
      beforeIfKnown: () => before?.kept,
      leave: (kept) => leaving.say(kept),
    };
  }

  /**
   * Whether the campaign's next move may start from what was kept of it. Not for a while once its
   * moves have found it moved on {@link MOVED_ON_IN_A_ROW} times in a row: another process moves it
   * too, and each such start would fail and cost a round trip. Counts the move.
   */
  nextMoveRecalls(campaignId: string): boolean {
    const movedOn = this.movedOn.get(campaignId);
    if (!movedOn || movedOn.readsLeft === 0) return true;
    movedOn.readsLeft -= 1;
    return false;
  }

  /** A move from what was kept found the campaign moved on since. */
  foundMovedOn(campaignId: string): void {
    this.counted.movedOn += 1;
    const inARow = (this.movedOn.get(campaignId)?.inARow ?? 0) + 1;
    const readsLeft = inARow < MOVED_ON_IN_A_ROW ? 0 : Math.min(FIRST_READS * 2 ** (inARow - MOVED_ON_IN_A_ROW), MOST_READS);
    setNewest(this.movedOn, campaignId, { inARow, readsLeft });
  }

  /** A move from what was kept found the campaign as the move before it left it. */
  foundAsLeft(campaignId: string): void {
    this.counted.asLeft += 1;
    this.movedOn.delete(campaignId);
  }
}
