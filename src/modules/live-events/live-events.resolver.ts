import { Args, ID, Int, Resolver, Subscription } from '@nestjs/graphql';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { GameEvent } from '../events/event.model.js';
import { LiveEventsService } from './live-events.service.js';

@Resolver(() => GameEvent)
export class LiveEventsResolver {
  constructor(private readonly liveEvents: LiveEventsService) {}

  @Subscription(() => GameEvent, {
    description:
      "The campaign's log as it grows, over graphql-ws at /graphql: the events after afterSeq, then each event once it is committed, " +
      'in seq order and filtered for the viewer as the events query is. Reconnect with the last seq received to miss nothing.',
    resolve: (event: GameEvent) => event,
  })
  campaignEvents(
    @CurrentPrincipal() principal: Principal,
    @Args('campaignId', { type: () => ID }, new ParseIdPipe('campaignId')) campaignId: string,
    @Args('afterSeq', { type: () => Int, defaultValue: 0, description: 'The last seq the client has; 0 for the whole log.' }) afterSeq: number,
  ) {
    return this.liveEvents.follow(principal, campaignId, afterSeq);
  }
}
