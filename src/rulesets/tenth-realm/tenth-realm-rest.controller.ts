import { Body, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiParam } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { TenthRealmActions } from './tenth-realm-actions.service.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { RestAction, RestController } from '../../modules/rest/rest.decorators.js';
import { TrialRollBody, TrialRollDto, trialRollDto } from './tenth-realm-rest.dto.js';

/** The Tenth Realm's main action for plain HTTP callers: the `tenthRealmTrialRoll` mutation. */
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
}
