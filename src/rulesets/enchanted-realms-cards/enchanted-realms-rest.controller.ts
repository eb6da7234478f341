import { Body, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { EnchantedRealmsActions } from './enchanted-realms-actions.service.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import {
  EnchantedRealmsDrawBody,
  EnchantedRealmsDrawDto,
  enchantedRealmsDrawDto,
  EnchantedRealmsDrawOddsDto,
  enchantedRealmsDrawOddsDto,
  EnchantedRealmsDrawOddsQuery,
} from './enchanted-realms-rest.dto.js';
import { RestAction, RestController } from '../../modules/rest/rest.decorators.js';

/** Enchanted Realms' main action for plain HTTP callers: the `enchantedRealmsDraw` mutation, and its odds. */
@RestController('enchanted-realms', 'enchanted-realms')
export class EnchantedRealmsRestController {
  constructor(private readonly actions: EnchantedRealmsActions) {}

  @Post('campaigns/:campaignId/draw')
  @ApiParam({ name: 'campaignId', format: 'uuid' })
  @RestAction('The Draw', 'A character makes the Draw the Lead Player called for (callSeq), or draws against an opposing character or a group of foes: the player for their own character, the GM for anyone. Challenge Numbers and Draws for the game are the GM\'s.')
  @ApiOkResponse({ type: EnchantedRealmsDrawDto })
  async draw(
    @CurrentPrincipal() principal: Principal,
    @Param('campaignId', new ParseIdPipe('campaignId')) campaignId: string,
    @Body() body: EnchantedRealmsDrawBody,
  ): Promise<EnchantedRealmsDrawDto> {
    const { actorId, callSeq, action, attribute, opponent, opposingAction, opposingAttribute, challengeNumber, challengeForce } = body;
    return enchantedRealmsDrawDto(
      await this.actions.draw(principal, { campaignId, actorId, callSeq, action, attribute, opponent, opposingAction, opposingAttribute, challengeNumber, challengeForce }),
    );
  }

  @Get('campaigns/:campaignId/draw-odds')
  @ApiParam({ name: 'campaignId', format: 'uuid' })
  @ApiOperation({ summary: "A Draw's odds", description: "The chances of the Draw before it is made, from the asker's view alone. Writes nothing, draws nothing." })
  @ApiOkResponse({ type: EnchantedRealmsDrawOddsDto })
  async drawOdds(
    @CurrentPrincipal() principal: Principal,
    @Param('campaignId', new ParseIdPipe('campaignId')) campaignId: string,
    @Query() query: EnchantedRealmsDrawOddsQuery,
  ): Promise<EnchantedRealmsDrawOddsDto> {
    const { actorId, action, attribute, opponentId, forTheGameCardId, foeId, opposingAction, opposingAttribute, challengeNumber } = query;
    const given = [opponentId, forTheGameCardId, foeId].some((value) => value !== undefined);
    const opponent = given ? { characterId: opponentId, forTheGameCardId, foeId } : undefined;
    return enchantedRealmsDrawOddsDto(
      await this.actions.drawOdds(principal, { campaignId, actorId, action, attribute, opponent, opposingAction, opposingAttribute, challengeNumber }),
    );
  }
}
