import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { GameEvent, VerifyEventsResult } from './event.model.js';
import { EventsService } from './events.service.js';

@Resolver(() => GameEvent)
export class EventsResolver {
  constructor(private readonly service: EventsService) {}

  @Query(() => [GameEvent], { description: "The campaign's log after afterSeq (0 or more), oldest first: at most limit events (1 to 1000; other values are refused, as over REST)." })
  events(
    @CurrentPrincipal() principal: Principal,
    @Args('campaignId', { type: () => ID }, new ParseIdPipe('campaignId')) campaignId: string,
    @Args('afterSeq', { type: () => Int, defaultValue: 0 }) afterSeq: number,
    @Args('limit', { type: () => Int, defaultValue: 100 }) limit: number,
  ) {
    return this.service.listEvents(principal, campaignId, afterSeq, limit);
  }

  @Query(() => VerifyEventsResult, { description: 'Recompute the randomness of every event whose seed is revealed.' })
  verifyEvents(@CurrentPrincipal() principal: Principal, @Args('campaignId', { type: () => ID }, new ParseIdPipe('campaignId')) campaignId: string) {
    return this.service.verifyEvents(principal, campaignId);
  }
}
