import { Body, Get, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { RestAction, RestController } from '../../modules/rest/rest.decorators.js';
import { YtterdorrenActions } from './ytterdorren-actions.service.js';
import {
  AttackRollDto,
  attackRollDto,
  CharacterAttackBody,
  ChooseStanceBody,
  FoeAttackBody,
  FoeAttackDto,
  foeAttackDto,
  RoundDto,
  roundDto,
  skirmishDto,
  SkirmishOddsDto,
  StanceDto,
  stanceDto,
  StartSkirmishBody,
  StartSkirmishDto,
} from './ytterdorren-rest.dto.js';

/**
 * Ytterdörren's main actions for plain HTTP callers (a VTT macro): a skirmish from start to loot,
 * and the rolls of an encounter. Each is the mutation of the same name, with the same access and
 * the same answer, field by field.
 */
@RestController('ytterdorren', 'ytterdorren')
export class YtterdorrenRestController {
  constructor(private readonly actions: YtterdorrenActions) {}

  @Post('campaigns/:campaignId/skirmishes')
  @ApiParam({ name: 'campaignId', format: 'uuid' })
  @RestAction('Start a skirmish', "GM: the creatures' strength rolls for the number of players; the Skirmish Counter starts at their sum.")
  @ApiOkResponse({ type: StartSkirmishDto })
  async startSkirmish(
    @CurrentPrincipal() principal: Principal,
    @Param('campaignId', new ParseIdPipe('campaignId')) campaignId: string,
    @Body() body: StartSkirmishBody,
  ): Promise<StartSkirmishDto> {
    const started = await this.actions.startSkirmish(principal, { campaignId, characterIds: body.characterIds, creatureIds: body.creatureIds });
    return { skirmish: skirmishDto(started.skirmish), eventSeq: started.eventSeq };
  }

  @Post('skirmishes/:skirmishId/stance')
  @ApiParam({ name: 'skirmishId', format: 'uuid' })
  @RestAction('Choose a stance', 'ATTACK or DEFEND for the round under way: the character’s player, or the GM.')
  @ApiOkResponse({ type: StanceDto })
  async chooseStance(
    @CurrentPrincipal() principal: Principal,
    @Param('skirmishId', new ParseIdPipe('skirmishId')) skirmishId: string,
    @Body() body: ChooseStanceBody,
  ): Promise<StanceDto> {
    const { characterId, stance, targetCreatureId } = body;
    return stanceDto(await this.actions.chooseStance(principal, { skirmishId, characterId, stance, targetCreatureId }));
  }

  @Post('skirmishes/:skirmishId/resolve-round')
  @ApiParam({ name: 'skirmishId', format: 'uuid' })
  @RestAction(
    'Resolve a round',
    "GM: each creature attacks every standing character, then each standing character attacks; the counter falls by the hits. On victory, each character's loot.",
  )
  @ApiOkResponse({ type: RoundDto })
  async resolveRound(@CurrentPrincipal() principal: Principal, @Param('skirmishId', new ParseIdPipe('skirmishId')) skirmishId: string): Promise<RoundDto> {
    return roundDto(await this.actions.resolveRound(principal, { skirmishId }));
  }

  @Post('encounters/:encounterId/foe-attack')
  @ApiParam({ name: 'encounterId', format: 'uuid' })
  @RestAction('Foe attack', "GM: the black and white dice, read as a d100 (00 + 0 reads 100), + the foe's Might against the target's Defense; the white die picks the power.")
  @ApiOkResponse({ type: FoeAttackDto })
  async foeAttack(
    @CurrentPrincipal() principal: Principal,
    @Param('encounterId', new ParseIdPipe('encounterId')) encounterId: string,
    @Body() body: FoeAttackBody,
  ): Promise<FoeAttackDto> {
    return foeAttackDto(await this.actions.foeAttack(principal, { encounterId, foeId: body.foeId, targetCharacterId: body.targetCharacterId }));
  }

  @Post('encounters/:encounterId/character-attack')
  @ApiParam({ name: 'encounterId', format: 'uuid' })
  @RestAction('Character attack', "A character's d100 + Might against a foe's Defense: the player for their own character, the GM for anyone.")
  @ApiOkResponse({ type: AttackRollDto })
  async characterAttack(
    @CurrentPrincipal() principal: Principal,
    @Param('encounterId', new ParseIdPipe('encounterId')) encounterId: string,
    @Body() body: CharacterAttackBody,
  ): Promise<AttackRollDto> {
    return attackRollDto(await this.actions.characterAttack(principal, { encounterId, characterId: body.characterId, foeId: body.foeId }));
  }

  @Get('skirmishes/:skirmishId/odds')
  @ApiParam({ name: 'skirmishId', format: 'uuid' })
  @ApiOperation({ summary: "A skirmish's odds", description: "The `ytterdorrenSkirmishOdds` query: each character's chance to hit and be hit, and P(victory) from where the skirmish stands. Writes nothing, draws nothing." })
  @ApiOkResponse({ type: SkirmishOddsDto })
  skirmishOdds(
    @CurrentPrincipal() principal: Principal,
    @Param('skirmishId', new ParseIdPipe('skirmishId')) skirmishId: string,
  ): Promise<SkirmishOddsDto> {
    return this.actions.skirmishOdds(principal, { skirmishId });
  }
}
