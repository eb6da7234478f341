import { Body, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { DiceService } from '../dice/dice.service.js';
import { EventsService } from '../events/events.service.js';
import { DiceRollDto, diceRollDto, EventsPageDto, EventsQuery, RollDiceBody } from './campaigns-rest.dto.js';
import { gameEventDto } from './rest-common.dto.js';
import { RestAction, RestController } from './rest.decorators.js';

/** A campaign's dice and log, for plain HTTP callers: the `rollDice` mutation and the `events` query. */
@RestController('campaigns', 'campaigns')
@ApiParam({ name: 'campaignId', format: 'uuid' })
export class CampaignsRestController {
  constructor(
    private readonly dice: DiceService,
    private readonly events: EventsService,
  ) {}

  @Post(':campaignId/dice')
  @RestAction('Roll dice', "Any member rolls with the campaign's random stream; the roll goes to the log for everyone to see.")
  @ApiOkResponse({ type: DiceRollDto })
  async rollDice(
    @CurrentPrincipal() principal: Principal,
    @Param('campaignId', new ParseIdPipe('campaignId')) campaignId: string,
    @Body() body: RollDiceBody,
  ): Promise<DiceRollDto> {
    return diceRollDto(await this.dice.rollDice(principal, { expression: body.expression, label: body.label, campaignId }));
  }

  @Get(':campaignId/events')
  @ApiOperation({ summary: "Read the campaign's log", description: 'The events after afterSeq, oldest first, at most `limit`.' })
  @ApiOkResponse({ type: EventsPageDto })
  async listEvents(
    @CurrentPrincipal() principal: Principal,
    @Param('campaignId', new ParseIdPipe('campaignId')) campaignId: string,
    @Query() query: EventsQuery,
  ): Promise<EventsPageDto> {
    const events = await this.events.listEvents(principal, campaignId, query.afterSeq, query.limit);
    return { events: events.map(gameEventDto) };
  }
}
