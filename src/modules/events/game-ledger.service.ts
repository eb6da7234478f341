import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/errors.js';
import { Database } from '../../infra/database.js';
import { RecordingRng } from '../../rules/random/recording-rng.js';
import type { Rng } from '../../rules/random/random-stream.js';
import type { Principal } from '../auth/principal.js';
import { CampaignsRepository, type LockedCampaign } from '../campaigns/campaigns.repository.js';
import { EventsRepository, type NewGameEvent } from './events.repository.js';

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
}

/**
 * Where every change to a campaign goes through: lock the campaign, give the rule its random
 * stream (the stream of the mutation's first event, DESIGN.md), append the events it records.
 * Runs inside the request's transaction, so a failure anywhere leaves no trace.
 */
@Injectable()
export class GameLedger {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsRepository,
    private readonly events: EventsRepository,
  ) {}

  /** Opens the request's transaction for writes that come before the campaign exists. */
  async beginWrite(): Promise<void> {
    await this.db.begin();
  }

  /**
   * Runs `work` holding the campaign. `prefetch` reads what the work will need in the same round
   * trip as the lock: Postgres runs it right after granting the lock, so it sees the state the
   * previous holder committed, as a read inside `work` would.
   */
  async act<T, P = undefined>(
    actor: Principal,
    campaignId: string,
    work: (action: CampaignAction, prefetched: P) => Promise<T>,
    prefetch?: () => Promise<P>,
  ): Promise<T> {
    await this.db.beginOnCampaign(campaignId);
    const [campaign, prefetched] = await Promise.all([this.campaigns.lockForUpdate(campaignId), prefetch?.()]);
    if (!campaign) throw new NotFoundError('Campaign', campaignId);

    const firstSeq = campaign.lastEventSeq + 1;
    const rng = new RecordingRng(campaign.rngSeed, firstSeq);
    const pending: NewGameEvent[] = [];
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
    };

    const result = await work(action, prefetched as P);
    if (rng.take().words > 0) throw new Error('Randomness was drawn after the last event was recorded');
    // A write (Database.write): it goes out with the mutation's other writes when the mutation ends.
    if (pending.length > 0) await this.events.append(campaignId, pending);
    return result;
  }
}
