import { Body, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { TenthRealmActions } from './tenth-realm-actions.service.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { RestAction, RestController } from '../../modules/rest/rest.decorators.js';
import { queryBurns, TrialOddsDto, trialOddsDto, TrialOddsQuery, TrialRollBody, TrialRollDto, trialRollDto } from './tenth-realm-rest.dto.js';

/** The Tenth Realm's main action for plain HTTP callers: the `tenthRealmTrialRoll` mutation, and its odds. */
@RestController('tenth-realm', 'tenth-realm')
export class TenthRealmRestController {
  constructor(private readonly actions: TenthRealmActions) {}

  @Post('characters/:characterId/trial-roll')
  @ApiParam({ name: 'characterId', format: 'uuid' })
  @RestAction('Trial roll', "A trial roll (or a fate roll) for a character, with cards burned for it: the player answers the GM's call (callId); the GM may give the DR and changes in one call.")
  @ApiOkResponse({ type: TrialRollDto })
  async trialRoll(
    @CurrentPrincipal() principal: Principal,
    @Param('characterId', new ParseIdPipe('characterId')) characterId: string,
    @Body() body: TrialRollBody,
  ): Promise<TrialRollDto> {
    const { callId, attribute, dr, fate, burns, drAdjustments } = body;
    return trialRollDto(characterId, await this.actions.trialRoll(principal, { characterId, callId, attribute, dr, fate, burns, drAdjustments }));
  }

  @Get('characters/:characterId/trial-odds')
  @ApiParam({ name: 'characterId', format: 'uuid' })
  @ApiOperation({ summary: "A trial roll's odds", description: "The chances of the trial roll before it is made, from the asker's view alone. Writes nothing, draws nothing." })
  @ApiOkResponse({ type: TrialOddsDto })
  async trialOdds(
    @CurrentPrincipal() principal: Principal,
    @Param('characterId', new ParseIdPipe('characterId')) characterId: string,
    @Query() query: TrialOddsQuery,
  ): Promise<TrialOddsDto> {
    const { attribute, dr, fate, drAdjustment } = query;
    const drAdjustments = drAdjustment ? [{ amount: drAdjustment, reason: 'adjustment' }] : [];
    const odds = await this.actions.trialOdds(principal, { characterId, attribute, dr, fate, burns: queryBurns(query.burn), drAdjustments });
    return trialOddsDto(characterId, odds);
  }
}
