import { Injectable } from '@nestjs/common';
import AsyncLock from 'async-lock';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { CONTENTION_MESSAGE } from '../../common/error-formatter.js';
import { isContentionFailure } from '../../infra/database-errors.js';
import { afterRequestCommits } from '../../infra/request-context.js';
import { inTransaction } from '../../infra/transactions.js';
import { RecordingRng } from '../../rules/random/recording-rng.js';
import type { Rng } from '../../rules/random/random-stream.js';
import type { Principal } from '../auth/principal.js';
import { CampaignChanges } from './campaign-changes.js';
import { EventAnnouncer } from './event-announcer.js';
import { MovesRepository, type CampaignForMove, type NewGameEvent } from './moves.repository.js';

export interface EventOptions {
  /** What only the GM and the member `secretFor` may read. */
  secret?: object;
  secretFor?: string | null;
}

/** One move on its campaign: the campaign as it read it, the random stream, the events and changes to write. */
export interface CampaignAction {
  readonly campaign: CampaignForMove;
  readonly actor: Principal;
  readonly rng: Rng;
  /** What the move changes beyond its events, written with them. */
  readonly changes: CampaignChanges;
  /** Appends an event carrying the randomness drawn since the previous one; returns its seq. */
  record(type: string, payload: object, options?: EventOptions): number;
}

/** How many times a move that found its campaign moved on (by another process), or met contention, is worked out, in all. */
export const MOVE_ATTEMPTS = 8;

/** A move whose write found the campaign moved on since it read it: nothing of it was written. */
class MovedOn extends Error {}

/**
 * Where every change to a campaign goes through. A move reads its campaign, works out its events
 * and changes on the campaign's random stream (the stream of its first event, DESIGN.md), and
 * writes them in one statement that expects the campaign's version it read (MovesRepository.apply).
 * When another process moved the campaign on meanwhile, nothing is written and the move is worked
 * out again from the campaign as it is. Within this process a campaign's moves wait their turn,
 * first come first served, so they never find each other's writes. Inside a transaction
 * (`@Transactional`, or a request's: request-transaction.ts) the campaign is locked instead.
 */
@Injectable()
export class GameLedger {
  private readonly turns = new AsyncLock({ maxPending: Number.MAX_SAFE_INTEGER });

  constructor(
    private readonly moves: MovesRepository,
    private readonly announcer: EventAnnouncer,
  ) {}

  async act<T>(actor: Principal, campaignId: string, work: (action: CampaignAction) => Promise<T>): Promise<T> {
    // A transaction may hold the campaign's lock while it waits for a turn here: it takes none.
    if (inTransaction()) return this.attempt(actor, campaignId, work, true);
    return this.turns.acquire(campaignId, async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await this.attempt(actor, campaignId, work, false);
        } catch (error) {
          // Contention at Postgres (a deadlock) leaves nothing written either: worked out again.
          if (!(error instanceof MovedOn) && !isContentionFailure(error)) throw error;
          if (attempt === MOVE_ATTEMPTS) throw new ConflictError(CONTENTION_MESSAGE);
        }
      }
    });
  }

  private async attempt<T>(actor: Principal, campaignId: string, work: (action: CampaignAction) => Promise<T>, lock: boolean): Promise<T> {
    const campaign = await this.moves.findCampaign(campaignId, lock);
    if (!campaign) throw new NotFoundError('Campaign', campaignId);
    const firstSeq = campaign.lastEventSeq + 1;
    const rng = new RecordingRng(campaign.rngSeed, firstSeq);
    const events: NewGameEvent[] = [];
    const changes = new CampaignChanges();
    const action: CampaignAction = {
      campaign,
      actor,
      rng,
      changes,
      record(type, payload, options = {}) {
        const randomness = rng.take();
        const seq = firstSeq + events.length;
        events.push({
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
    };
    const result = await work(action);
    if (rng.take().words > 0) throw new Error('Randomness was drawn after the last event was recorded');
    if (!(await this.moves.apply(campaign, changes, events))) {
      if (lock) throw new ConflictError(CONTENTION_MESSAGE);
      throw new MovedOn();
    }
    if (events.length > 0) await this.announce(campaignId, events[events.length - 1].seq);
    return result;
  }

  /**
   * Tells every process of the new events once they are committed: now, after a move's own
   * statement; after the request's transaction; or, in a service's transaction, by a notification
   * Postgres delivers when it commits.
   */
  private async announce(campaignId: string, head: number): Promise<void> {
    if (!inTransaction()) this.announcer.announce(campaignId, head);
    else if (!afterRequestCommits(() => this.announcer.announce(campaignId, head))) await this.announcer.announceOnCommit(campaignId, head);
  }
}
