import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import AsyncLock from 'async-lock';
import { BadUserInputError, ConflictError, NotFoundError } from '../../common/errors.js';
import { CONTENTION_MESSAGE } from '../../common/error-formatter.js';
import { isConnectionFailure, isContentionFailure } from '../../infra/database-errors.js';
import { afterRequestCommits, currentRequestContext } from '../../infra/request-context.js';
import { inTransaction, Transactions } from '../../infra/transactions.js';
import { epochKey } from '../../rules/random/epoch-key.js';
import { NoRandomness } from '../../rules/random/no-randomness.js';
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

/**
 * How many of those expect the version they read; the rest hold the campaign's row lock from the
 * read to the write. Two processes moving one campaign without pause would otherwise keep undoing
 * each other's attempts, the slower one every time.
 */
export const OPTIMISTIC_ATTEMPTS = 5;

/** A move's id, in its events' `move_id`, and whether it recorded any (only then can the log tell whether it was written). */
interface MoveTicket {
  id: string;
  recorded: boolean;
}

/** A move whose write found the campaign moved on since it read it: nothing of it was written. */
class MovedOn extends Error {}

/** How long a move whose answer was lost asks the database what became of it, and how often. */
export const SETTLE_MS = 10_000;
const SETTLE_RETRY_MS = 200;

/** A move whose answer was lost, and whose fate the database could not tell in time. */
export class MoveOutcomeUnknownError extends Error {
  constructor(cause: unknown) {
    super('The answer to a move was lost, and the database could not tell in time whether it was written', { cause });
    this.name = 'MoveOutcomeUnknownError';
  }
}

/**
 * Where every change to a campaign goes through. A move reads its campaign, works out its events
 * and changes on the campaign's random stream (the stream of its first event, DESIGN.md), and
 * writes them in one statement that expects the campaign's version it read (MovesRepository.apply).
 * When another process moved the campaign on meanwhile, nothing is written and the move is worked
 * out again from the campaign as it is; after {@link OPTIMISTIC_ATTEMPTS} such attempts, in a
 * transaction of its own that locks the campaign's row first. Within this process a campaign's
 * moves wait their turn, first come first served, so they never find each other's writes. Inside
 * a transaction (`@Transactional`, or a request's: request-transaction.ts) the campaign is locked
 * instead.
 */
@Injectable()
export class GameLedger {
  private readonly turns = new AsyncLock({ maxPending: Number.MAX_SAFE_INTEGER });

  private readonly logger = new Logger('GameLedger');

  constructor(
    private readonly moves: MovesRepository,
    private readonly announcer: EventAnnouncer,
    private readonly transactions: Transactions,
  ) {}

  async act<T>(actor: Principal, campaignId: string, work: (action: CampaignAction) => Promise<T>): Promise<T> {
    refuseSecondCampaign(campaignId);
    // A transaction may hold the campaign's lock while it waits for a turn here: it takes none,
    // and each attempt goes back to a savepoint when it fails.
    if (inTransaction()) return this.attempts(() => this.transactions.inSavepoint(() => this.attempt(actor, campaignId, work, true)));
    return this.turns.acquire(campaignId, () =>
      this.attempts((made) => (made <= OPTIMISTIC_ATTEMPTS ? this.attempt(actor, campaignId, work, false) : this.lockedAttempt(actor, campaignId, work))),
    );
  }

  /**
   * Reads a campaign as a move would see it, for a query that must change nothing (odds): no
   * turn or lock is taken, its random stream refuses every draw, recording an event is a fault,
   * and whatever it queues on `changes` is never written.
   */
  async read<T>(actor: Principal, campaignId: string, work: (action: CampaignAction) => Promise<T>): Promise<T> {
    const campaign = await this.moves.findCampaign(campaignId, false);
    if (!campaign) throw new NotFoundError('Campaign', campaignId);
    const action: CampaignAction = {
      campaign,
      actor,
      rng: new NoRandomness(),
      changes: new CampaignChanges(),
      record(type) {
        throw new Error(`A read tried to record a ${type} event`);
      },
    };
    return work(action);
  }

  /** Runs a move's attempts until one is written, or the campaign stayed too busy. */
  private async attempts<T>(attempt: (made: number) => Promise<T>): Promise<T> {
    for (let made = 1; ; made += 1) {
      try {
        return await attempt(made);
      } catch (error) {
        // Contention at Postgres (a deadlock) leaves nothing written either: worked out again.
        if (!(error instanceof MovedOn) && !isContentionFailure(error)) throw error;
        if (made === MOVE_ATTEMPTS) throw new ConflictError(CONTENTION_MESSAGE);
      }
    }
  }

  /**
   * Whether a move whose answer was lost with its connection was written, asked again while the
   * database comes back (for up to {@link SETTLE_MS}); undefined when it could not tell.
   */
  async wasWritten(campaignId: string, moveId: string): Promise<boolean | undefined> {
    const until = Date.now() + SETTLE_MS;
    for (;;) {
      try {
        return await this.moves.wasWritten(campaignId, moveId);
      } catch (error) {
        if (!isConnectionFailure(error) || Date.now() >= until) return undefined;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
      }
    }
  }

  /**
   * An attempt in a transaction of its own that locks the campaign's row before reading it, so no
   * other process's move can come between its read and its write. A COMMIT whose answer is lost
   * is settled from the log, as a move's own statement is (applyOrSettle).
   */
  private async lockedAttempt<T>(actor: Principal, campaignId: string, work: (action: CampaignAction) => Promise<T>): Promise<T> {
    const move: MoveTicket = { id: randomUUID(), recorded: false };
    let played: { result: T } | undefined;
    try {
      return await this.transactions.run(async () => (played = { result: await this.attempt(actor, campaignId, work, true, move) }).result);
    } catch (error) {
      if (!played || !move.recorded || !isConnectionFailure(error)) throw error;
      await this.settle(campaignId, move.id, error);
      return played.result;
    }
  }

  /**
   * A move whose answer was lost with its connection, settled by the log: true when it was
   * written; otherwise `lost` (nothing was written), or MoveOutcomeUnknownError when the log
   * could not tell.
   */
  private async settle(campaignId: string, moveId: string, lost: unknown): Promise<true> {
    const written = await this.wasWritten(campaignId, moveId);
    this.logger.warn(`a move's answer was lost with its connection; settled: ${written === undefined ? 'unknown' : written ? 'written' : 'not written'}`);
    if (written === undefined) throw new MoveOutcomeUnknownError(lost);
    if (!written) throw lost;
    return true;
  }

  private async attempt<T>(
    actor: Principal,
    campaignId: string,
    work: (action: CampaignAction) => Promise<T>,
    lock: boolean,
    move: MoveTicket = { id: randomUUID(), recorded: false },
  ): Promise<T> {
    const campaign = await this.moves.findCampaign(campaignId, lock);
    if (!campaign) throw new NotFoundError('Campaign', campaignId);
    const firstSeq = campaign.lastEventSeq + 1;
    const rng = new RecordingRng(epochKey(campaign.rngSeed, campaign.clientSeeds), firstSeq);
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
    move.recorded = events.length > 0;
    if (lock) currentRequestContext()?.moves?.push({ campaignId, moveId: move.id });
    if (!(await this.applyOrSettle(campaign, move.id, changes, events, lock))) {
      if (lock) throw new ConflictError(CONTENTION_MESSAGE);
      throw new MovedOn();
    }
    if (events.length > 0) await this.announce(campaignId, events[events.length - 1].seq);
    return result;
  }

  /**
   * Writes the move. On its own (outside a transaction), a move whose answer is lost with its
   * connection may or may not have been written: the log says which, once the database answers.
   */
  private async applyOrSettle(campaign: CampaignForMove, moveId: string, changes: CampaignChanges, events: readonly NewGameEvent[], inTransaction: boolean): Promise<boolean> {
    try {
      return await this.moves.apply(campaign, moveId, changes, events);
    } catch (error) {
      if (inTransaction || events.length === 0 || !isConnectionFailure(error)) throw error;
      return this.settle(campaign.id, moveId, error);
    }
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

/**
 * A request's own transaction acts on one campaign (docs/SCALING.md): its writes then live on one
 * node once campaigns are distributed. Only the ADMIN can name two campaigns, in a GraphQL request
 * of several mutations; it sends them as requests of their own instead.
 */
function refuseSecondCampaign(campaignId: string): void {
  const other = currentRequestContext()?.moves?.find((move) => move.campaignId !== campaignId);
  if (other && inTransaction()) {
    throw new BadUserInputError('The mutations of one request act on one campaign: send those on another campaign in a request of their own', 'campaignId', {
      campaignId,
      requestCampaignId: other.campaignId,
    });
  }
}
