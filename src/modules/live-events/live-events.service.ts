import { Injectable, Logger } from '@nestjs/common';
import { ArbiterError, BadUserInputError } from '../../common/errors.js';
import { newRequestContext, runInRequestContext } from '../../infra/request-context.js';
import { requireCampaignRole } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import { EventsService, MAX_EVENTS_PER_PAGE } from '../events/events.service.js';
import { CampaignEventStream } from './campaign-event-stream.js';
import { EventNotifications } from './event-notifications.service.js';

/** A campaign's log as it grows, for subscribers: the events they missed, then each new one. */
@Injectable()
export class LiveEventsService {
  private readonly logger = new Logger('LiveEvents');

  constructor(
    private readonly events: EventsService,
    private readonly notifications: EventNotifications,
  ) {}

  /**
   * Every event after `afterSeq`, then every event committed from now on, in seq order, each
   * once, filtered for the caller exactly as the `events` query filters them (it is the same
   * read). Listens before the first read, so nothing committed in between is missed.
   */
  async follow(principal: Principal, campaignId: string, afterSeq: number): Promise<CampaignEventStream> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    if (!Number.isInteger(afterSeq) || afterSeq < 0) throw new BadUserInputError('afterSeq must be 0 or more', 'afterSeq');
    // The stream's reads are plain reads on the pool, never inside some request's transaction:
    // they see committed events only.
    const context = newRequestContext(principal);
    const stream = new CampaignEventStream({
      read: (after) => runInRequestContext(context, () => this.events.listEvents(principal, campaignId, after, MAX_EVENTS_PER_PAGE)),
      pageSize: MAX_EVENTS_PER_PAGE,
      afterSeq,
      onReadError: (error) => this.logger.warn(`reading campaign ${campaignId}'s events for a subscriber failed: ${(error as Error).message}; retrying`),
    });
    let unwatch: () => void;
    try {
      unwatch = await this.notifications.watch(campaignId, stream);
    } catch (error) {
      this.logger.error(`cannot listen for live events: ${(error as Error).message}`);
      throw new ArbiterError('SERVICE_UNAVAILABLE', 'Live events are unavailable right now; subscribe again shortly.');
    }
    try {
      await stream.open();
    } catch (error) {
      unwatch();
      throw error;
    }
    stream.whenClosed(unwatch);
    return stream;
  }
}
