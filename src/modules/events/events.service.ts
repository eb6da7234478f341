import { Injectable } from '@nestjs/common';
import { BadUserInputError, NotFoundError } from '../../common/errors.js';
import { REPLAYERS } from '../../rules/verification/replayers.js';
import { verifyLog } from '../../rules/verification/verify-log.js';
import { isGameMaster, requireCampaignRole } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import { CampaignsRepository } from '../campaigns/campaigns.repository.js';
import { DecksRepository } from '../decks/decks.repository.js';
import type { GameEvent, VerifyEventsResult } from './event.model.js';
import { EventsRepository, type StoredGameEvent } from './events.repository.js';

export const MAX_EVENTS_PER_PAGE = 1000;

/**
 * The one rule for a page of the log, over GraphQL and REST alike: `afterSeq` 0 or more, `limit`
 * from 1 to MAX_EVENTS_PER_PAGE; anything else is refused, never clamped.
 */
export function checkEventsPage(afterSeq: number, limit: number): void {
  if (!Number.isInteger(afterSeq) || afterSeq < 0) throw new BadUserInputError(`afterSeq must be an integer, 0 or more (0 reads from the start); got ${afterSeq}`, 'afterSeq');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_EVENTS_PER_PAGE) {
    throw new BadUserInputError(`limit must be an integer from 1 to ${MAX_EVENTS_PER_PAGE}; got ${limit}`, 'limit');
  }
}

@Injectable()
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly campaigns: CampaignsRepository,
    private readonly decks: DecksRepository,
  ) {}

  /** The log after `afterSeq`, as this caller may see it. */
  async listEvents(principal: Principal, campaignId: string, afterSeq: number, limit: number): Promise<GameEvent[]> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    checkEventsPage(afterSeq, limit);
    const campaign = await this.campaigns.findById(campaignId);
    if (!campaign) throw new NotFoundError('Campaign', campaignId);
    const events = await this.events.listAfter(campaignId, afterSeq, limit);
    return events.map((event) => viewEvent(principal, event, campaign.seedEpoch));
  }

  /** Recomputes every event of every revealed seed and reports those that do not match. */
  async verifyEvents(principal: Principal, campaignId: string): Promise<VerifyEventsResult> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    const campaign = await this.campaigns.findById(campaignId);
    if (!campaign) throw new NotFoundError('Campaign', campaignId);
    const seeds = await this.campaigns.listRevealedSeeds(campaignId);
    const events = await this.events.listForEpochs(campaignId, seeds.map((seed) => seed.epoch));
    const decks = new Map((await this.decks.listByCampaign(campaignId)).map((deck) => [deck.id, deck.cards]));
    // Replayed as the caller sees the log: a secret only where they may read it.
    const report = verifyLog(
      seeds,
      events.map((event) => ({
        seq: event.seq,
        type: event.type,
        payload: event.payload as Record<string, unknown>,
        secret: seesSecret(principal, event) ? (event.secret as Record<string, unknown> | null) : null,
        streamSeq: event.streamSeq,
        seedEpoch: event.seedEpoch,
        words: event.randomWords,
        draws: event.randomDraws,
      })),
      { replayers: REPLAYERS, deckCards: (deckId) => decks.get(deckId) },
    );
    return { ...report, pending: await this.events.countForEpoch(campaignId, campaign.seedEpoch) };
  }
}

const seesSecret = (principal: Principal, event: StoredGameEvent): boolean =>
  isGameMaster(principal, event.campaignId) || (event.secretFor !== null && event.secretFor === principal.memberId);

/**
 * What one caller may see of an event: the secret part only as the GM or its owner, the random
 * draws only once their seed is revealed (before, a shuffle's draws would give the deck's order).
 */
export function viewEvent(principal: Principal, event: StoredGameEvent, currentEpoch: number): GameEvent {
  return {
    seq: event.seq,
    campaignId: event.campaignId,
    type: event.type,
    actorMemberId: event.actorMemberId,
    actorRole: event.actorRole,
    payload: event.payload,
    secret: seesSecret(principal, event) ? event.secret : null,
    random:
      event.seedEpoch < currentEpoch
        ? {
            streamSeq: event.streamSeq,
            seedEpoch: event.seedEpoch,
            words: event.randomWords,
            draws: event.randomDraws.map(([bound, value]) => ({ bound, value })),
          }
        : null,
    createdAt: event.createdAt,
  };
}
