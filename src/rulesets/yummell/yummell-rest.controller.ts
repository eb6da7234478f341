import { Body, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { RestAction, RestController } from '../../modules/rest/rest.decorators.js';
import { YummellActions } from './yummell-actions.service.js';
import {
  YummellChallengeDto,
  yummellChallengeDto,
  YummellChallengeOddsDto,
  yummellChallengeOddsDto,
  YummellChallengeOddsQuery,
  YummellEndTurnDto,
  yummellEndTurnDto,
  YummellMoveBody,
  YummellMoveDto,
  yummellMoveDto,
  YummellResolveChallengeBody,
  YummellRestDto,
} from './yummell-rest.dto.js';

const WHO = 'Only the current character acts: its player, or the GM for it.';

/** A Yummell turn for plain HTTP callers: move (or rest), resolve the challenge, end the turn — the mutations of the same names. */
@RestController('yummell', 'yummell')
export class YummellRestController {
  constructor(private readonly actions: YummellActions) {}

  @Post('characters/:characterId/move')
  @ApiParam({ name: 'characterId', format: 'uuid' })
  @RestAction('Move', `yummellMove: play a card from the hand and walk its value in movement points; then the encounter, if the pawn advanced. ${WHO}`)
  @ApiOkResponse({ type: YummellMoveDto })
  async move(
    @CurrentPrincipal() principal: Principal,
    @Param('characterId', new ParseIdPipe('characterId')) characterId: string,
    @Body() body: YummellMoveBody,
  ): Promise<YummellMoveDto> {
    const { cardId, stopAfter, abilitiesBeforeEncounter } = body;
    return yummellMoveDto(await this.actions.move(principal, { characterId, cardId, stopAfter, abilitiesBeforeEncounter }));
  }

  @Post('characters/:characterId/resolve-challenge')
  @ApiParam({ name: 'characterId', format: 'uuid' })
  @RestAction('Resolve the challenge', `yummellResolveChallenge: Characteristic + a card of the hand + Advantages against the Creature drawn. ${WHO}`)
  @ApiOkResponse({ type: YummellChallengeDto })
  async resolveChallenge(
    @CurrentPrincipal() principal: Principal,
    @Param('characterId', new ParseIdPipe('characterId')) characterId: string,
    @Body() body: YummellResolveChallengeBody,
  ): Promise<YummellChallengeDto> {
    const { cardId, advantages } = body;
    return yummellChallengeDto(await this.actions.resolveChallenge(principal, { characterId, cardId, advantages }));
  }

  @Get('characters/:characterId/challenge-odds')
  @ApiParam({ name: 'characterId', format: 'uuid' })
  @ApiOperation({ summary: 'A challenge’s odds', description: `yummellChallengeOdds: which cards of the hand win the pending challenge, from the player’s view alone. Writes nothing, draws nothing. The character’s player, or the GM.` })
  @ApiOkResponse({ type: YummellChallengeOddsDto })
  async challengeOdds(
    @CurrentPrincipal() principal: Principal,
    @Param('characterId', new ParseIdPipe('characterId')) characterId: string,
    @Query() query: YummellChallengeOddsQuery,
  ): Promise<YummellChallengeOddsDto> {
    return yummellChallengeOddsDto(await this.actions.challengeOdds(principal, { characterId, advantages: query.advantages ?? [] }));
  }

  @Post('characters/:characterId/rest')
  @ApiParam({ name: 'characterId', format: 'uuid' })
  @RestAction('Rest', `yummellRest: rest instead of moving. ${WHO}`)
  @ApiOkResponse({ type: YummellRestDto })
  async rest(@CurrentPrincipal() principal: Principal, @Param('characterId', new ParseIdPipe('characterId')) characterId: string): Promise<YummellRestDto> {
    const { position, eventSeq } = await this.actions.rest(principal, { characterId });
    return { position, eventSeq };
  }

  @Post('characters/:characterId/end-turn')
  @ApiParam({ name: 'characterId', format: 'uuid' })
  @RestAction('End the turn', `yummellEndTurn: the hand is refilled to 4 and the next character plays. ${WHO}`)
  @ApiOkResponse({ type: YummellEndTurnDto })
  async endTurn(@CurrentPrincipal() principal: Principal, @Param('characterId', new ParseIdPipe('characterId')) characterId: string): Promise<YummellEndTurnDto> {
    return yummellEndTurnDto(await this.actions.endTurn(principal, { characterId }));
  }
}
