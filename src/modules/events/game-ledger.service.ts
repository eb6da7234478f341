import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/errors.js';
import { Database, isStaleMove } from '../../infra/database.js';
import { currentRequestContext } from '../../infra/request-context.js';
import { withProps } from '../../rules/plain-data.js';
import { RecordingRng } from '../../rules/random/recording-rng.js';
import type { Rng } from '../../rules/random/random-stream.js';
import type { Principal } from '../auth/principal.js';
import { CampaignsRepository, type LockedCampaign } from '../campaigns/campaigns.repository.js';
import type { DeckRecord } from '../decks/decks.repository.js';
import { EventsRepository, type NewGameEvent } from './events.repository.js';
import { KeptCampaigns, type KeptCampaign, type MovesFromKept, type Place } from './kept-campaigns.js';

export interface EventOptions {
  /** What only the GM and the member `secretFor` may read. */
  secret?: object;
  secretFor?: string | null;
}

/** One mutation's hold on its campaign: the locked row, the random stream and the events to append. */
export interface CampaignAction {
  readonly campaign: LockedCampaign;
  readonly actor: Principal;
  readonly rng: Rng;
  /** Appends an event carrying the randomness drawn since the previous one; returns its seq. */
  record(type: string, payload: object, options?: EventOptions): number;
  /** Keeps a deck as the move leaves it (`DecksRepository.savePilesOf`), for the campaign's next move to start from: see {@link Recall}. */
  keepDeck(deck: DeckRecord): void;
}

/**
 * What a move's `prefetch` reads (`prefetched`), recalled from what the process kept of its
 * campaign ({@link KeptCampaigns}); undefined when it was not kept. With it, a move that is its request's
 * only mutation may start from the kept campaign instead of reading it: its lock, its writes and
 * COMMIT then go out in one round trip, and it commits before its answer is made. Its writes
 * check the versions it started from — the events' append the campaign's, and the work saves
 * every deck it recalled with `DecksRepository.savePilesOf` — so a move on a campaign that moved
 * on since writes nothing and runs again from the campaign as it is. A move that recalls writes
 * its campaign only through its events, and keeps every deck it saves
 * ({@link CampaignAction.keepDeck}).
 */
export type Recall<P> = (kept: KeptCampaign) => { prefetched: P } | undefined;

/** The {@link Recall} of a move that reads nothing but its campaign (a dice roll). */
export const RECALL_CAMPAIGN: Recall<undefined> = () => ({ prefetched: undefined });

/** A move's work done: its result, and what it leaves of the campaign once committed. */
interface Performed<T> {
  result: T;
  leaves: KeptCampaign;
}

/** A move from what was kept that must run again from the campaign as it is: nothing of it was written. */
class Recompute extends Error {}

/**
 * Where every change to a campaign goes through: lock the campaign, give the rule its random
 * stream (the stream of the mutation's first event, DESIGN.md), append the events it records.
 * Runs inside the request's transaction, so a failure anywhere leaves no trace.
 */
@Injectable()
export class GameLedger {
  private readonly kept = new KeptCampaigns();

  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsRepository,
    private readonly events: EventsRepository,
  ) {}

  /**
   * The moves that started from what the process kept of their campaign, since it started: those
   * that found the campaign as it was left, and those that found it moved on (by another process,
   * or a change made directly in the database) and ran again from the campaign as it is.
   */
  movesFromKept(): MovesFromKept {
    return { ...this.kept.counted };
  }

  /** Opens the request's transaction for writes that come before the campaign exists. */
  async beginWrite(): Promise<void> {
    await this.db.begin();
  }

  /**
   * Runs `work` holding the campaign. `prefetch` reads what the work will need in the same round
   * trip as the lock: Postgres runs it right after granting the lock, so it sees the state the
   * previous holder committed, as a read inside `work` would. With `recall`, the work may instead
   * start from what the process kept of the campaign (see {@link Recall}), unless the campaign's
   * moves keep finding it moved on since (another process moves it too: {@link KeptCampaigns.nextMoveRecalls}).
   */
  async act<T, P = undefined>(
    actor: Principal,
    campaignId: string,
    work: (action: CampaignAction, prefetched: P) => Promise<T>,
    prefetch?: () => Promise<P>,
    recall?: Recall<P>,
  ): Promise<T> {
    const alone = recall !== undefined && this.db.mayCommitAlone();
    // In the campaign's line in the order of arrival, before its turn.
    let place = this.kept.enter(campaignId);
    // A move that recalls nothing says nothing of what it leaves: the next move reads.
    if (!recall) place.leave();
    try {
      if (alone) {
        // In line, without a turn or a connection, while the move before works out what it
        // leaves: its lock goes after that move's, also when it reads the campaign, so the moves
        // that start from what the one before left are not overtaken.
        const before = await place.before;
        const recalled = before && this.kept.nextMoveRecalls(campaignId) && recall!(before);
        if (before && recalled) {
          await this.db.beginOnCampaign(campaignId);
          try {
            return await this.speculate(actor, before, work, recalled.prefetched, place);
          } catch (error) {
            if (!(error instanceof Recompute)) throw error;
          }
          // Again from the campaign as it is, at the end of the line.
          place.leave();
          place = this.kept.enter(campaignId);
          await place.before;
        }
      }
      await this.db.beginOnCampaign(campaignId);
      return await this.run(actor, campaignId, work, prefetch, recall && place);
    } finally {
      place.leave();
    }
  }

  /**
   * The move from the campaign as it is: the lock and `prefetch` in one round trip, the writes
   * with COMMIT. With `place`, says what it leaves of the campaign.
   */
  private async run<T, P>(
    actor: Principal,
    campaignId: string,
    work: (action: CampaignAction, prefetched: P) => Promise<T>,
    prefetch: (() => Promise<P>) | undefined,
    place: Place | undefined,
  ): Promise<T> {
    const [campaign, prefetched] = await Promise.all([this.campaigns.lockForUpdate(campaignId), prefetch?.()]);
    if (!campaign) throw new NotFoundError('Campaign', campaignId);
    // The decks the move before left still are as it left them while the campaign has not moved
    // on since. Not waited for: that move may be the one waiting for this one's lock.
    const before = place?.beforeIfKnown();
    const carried = before?.campaign.version === campaign.version ? before.decks : undefined;
    const { result, leaves } = await this.perform(actor, campaign, work, prefetched as P, carried);
    place?.leave(leaves);
    return result;
  }

  /**
   * The move from what the move before it left (`before`), its transaction begun: the lock, the
   * writes and COMMIT in one round trip, committed here. Throws {@link Recompute} when the
   * campaign or a deck had moved on, and when the work refuses (the refusal may be of what was
   * kept, not of the campaign as it is).
   */
  private async speculate<T, P>(
    actor: Principal,
    before: KeptCampaign,
    work: (action: CampaignAction, prefetched: P) => Promise<T>,
    recalled: P,
    place: Place,
  ): Promise<T> {
    const context = currentRequestContext()!;
    this.campaigns.lockWithWrites(before.campaign.id);
    let performed: Performed<T>;
    try {
      performed = await this.perform(actor, before.campaign, work, recalled, before.decks, true);
    } catch (error) {
      await this.db.finish(context, 'rollback');
      throw new Recompute('The move refused what was kept of the campaign', { cause: error });
    }
    // Said once committed: the next move, which starts from what this one leaves, sends its lock
    // only then, and cannot take the lock first (Postgres may run two connections' statements
    // in either order).
    try {
      await this.db.finish(context, 'commit');
      place.leave(performed.leaves);
    } catch (error) {
      if (!isStaleMove(error)) throw error;
      this.kept.foundMovedOn(before.campaign.id);
      throw new Recompute('The campaign had moved on from what was kept of it', { cause: error });
    }
    this.kept.foundAsLeft(before.campaign.id);
    return performed.result;
  }

  /**
   * Runs the work on the locked campaign (or the kept one: `fromKept`) and queues its events.
   * Returns the work's result and what the move leaves: the campaign, `keptDecks` and the decks it keeps.
   */
  private async perform<T, P>(
    actor: Principal,
    campaign: LockedCampaign,
    work: (action: CampaignAction, prefetched: P) => Promise<T>,
    prefetched: P,
    keptDecks?: ReadonlyMap<string, DeckRecord>,
    fromKept = false,
  ): Promise<Performed<T>> {
    const firstSeq = campaign.lastEventSeq + 1;
    const rng = new RecordingRng(campaign.rngSeed, firstSeq);
    const pending: NewGameEvent[] = [];
    const decks = new Map(keptDecks);
    const action: CampaignAction = {
      campaign,
      actor,
      rng,
      record(type, payload, options = {}) {
        const randomness = rng.take();
        const seq = firstSeq + pending.length;
        pending.push({
          seq,
          type,
          actorMemberId: actor.memberId,
          actorRole: actor.role,
          payload,
          secret: options.secret ?? null,
          secretFor: options.secretFor ?? null,
          streamSeq: firstSeq,
          seedEpoch: campaign.seedEpoch,
          randomWords: randomness.words,
          randomDraws: randomness.draws,
        });
        return seq;
      },
      keepDeck(deck) {
        decks.set(deck.id, deck);
      },
    };

    const result = await work(action, prefetched);
    if (rng.take().words > 0) throw new Error('Randomness was drawn after the last event was recorded');
    // A write (Database.write): it goes out with the mutation's other writes when the mutation ends.
    if (pending.length > 0) await this.events.append(campaign.id, pending, fromKept ? campaign.version : undefined);
    const leaves = {
      campaign: pending.length > 0 ? withProps(campaign, { lastEventSeq: pending[pending.length - 1].seq, version: campaign.version + 1 }) : campaign,
      decks,
    };
    return { result, leaves };
  }
}
