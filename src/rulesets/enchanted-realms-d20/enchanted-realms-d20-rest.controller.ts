import { Body, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { RestAction, RestController } from '../../modules/rest/rest.decorators.js';
import { EnchantedRealmsD20Actions } from './enchanted-realms-d20-actions.service.js';
import {
  attackDto,
  checkDto,
  EnchantedRealmsD20AttackBody,
  EnchantedRealmsD20AttackOddsDto,
  EnchantedRealmsD20AttackOddsQuery,
  EnchantedRealmsD20AttackDto,
  EnchantedRealmsD20CheckBody,
  EnchantedRealmsD20CheckDto,
  EnchantedRealmsD20NextTurnDto,
  nextTurnDto,
} from './enchanted-realms-d20-rest.dto.js';

/** Enchanted Realms d20's main actions for plain HTTP callers: an attack, a check and the combat tracker's next turn. */
@RestController('enchanted-realms-d20', 'enchanted-realms-d20')
export class EnchantedRealmsD20RestController {
  constructor(private readonly actions: EnchantedRealmsD20Actions) {}

  @Post('combatants/:attackerId/attack')
  @ApiParam({ name: 'attackerId', format: 'uuid' })
  @RestAction('Attack', "The `enchantedRealmsD20Attack` mutation: the attacker's player, or the GM (alone for a foe); advantage, disadvantage and grantsCrit are the GM's.")
  @ApiOkResponse({ type: EnchantedRealmsD20AttackDto })
  async attack(
    @CurrentPrincipal() principal: Principal,
    @Param('attackerId', new ParseIdPipe('attackerId')) attackerId: string,
    @Body() body: EnchantedRealmsD20AttackBody,
  ): Promise<EnchantedRealmsD20AttackDto> {
    const { targetId, kind, skills, advantage, disadvantage, modifier, damagePerHit, grantsCrit } = body;
    return attackDto(attackerId, await this.actions.attack(principal, { attackerId, targetId, kind, skills, advantage, disadvantage, modifier, damagePerHit, grantsCrit }));
  }

  @Get('combatants/:attackerId/attack-odds')
  @ApiParam({ name: 'attackerId', format: 'uuid' })
  @ApiOperation({ summary: "An attack's odds", description: 'The `enchantedRealmsD20AttackOdds` query: the chances of the attack before it is rolled. Writes nothing, draws nothing.' })
  @ApiOkResponse({ type: EnchantedRealmsD20AttackOddsDto })
  attackOdds(
    @CurrentPrincipal() principal: Principal,
    @Param('attackerId', new ParseIdPipe('attackerId')) attackerId: string,
    @Query() query: EnchantedRealmsD20AttackOddsQuery,
  ): Promise<EnchantedRealmsD20AttackOddsDto> {
    const { targetId, kind, skills, advantage, disadvantage, modifier, damagePerHit, grantsCrit } = query;
    return this.actions.attackOdds(principal, { attackerId, targetId, kind, skills: skills ?? [], advantage, disadvantage, modifier, damagePerHit, grantsCrit });
  }

  @Post('combatants/:combatantId/check')
  @ApiParam({ name: 'combatantId', format: 'uuid' })
  @RestAction('Check', 'The `enchantedRealmsD20Check` mutation: the GM rolls any check; a player rolls their own combatant\'s check as the GM called it.')
  @ApiOkResponse({ type: EnchantedRealmsD20CheckDto })
  async check(
    @CurrentPrincipal() principal: Principal,
    @Param('combatantId', new ParseIdPipe('combatantId')) combatantId: string,
    @Body() body: EnchantedRealmsD20CheckBody,
  ): Promise<EnchantedRealmsD20CheckDto> {
    const { kind, dice, modifier, targetValue, advantage, disadvantage, subAttribute, social, asCalled } = body;
    return checkDto(
      combatantId,
      await this.actions.check(principal, { combatantId, kind, dice, modifier, targetValue, advantage, disadvantage, subAttribute, social, asCalled }),
    );
  }

  @Post('combats/:encounterId/next-turn')
  @ApiParam({ name: 'encounterId', format: 'uuid' })
  @RestAction('Next turn', 'The `enchantedRealmsD20NextTurn` mutation (GM): the turn ends and its conditions expire; the next begins and Bleeding bites.')
  @ApiOkResponse({ type: EnchantedRealmsD20NextTurnDto })
  async nextTurn(
    @CurrentPrincipal() principal: Principal,
    @Param('encounterId', new ParseIdPipe('encounterId')) encounterId: string,
  ): Promise<EnchantedRealmsD20NextTurnDto> {
    return nextTurnDto(encounterId, await this.actions.nextTurn(principal, { encounterId }));
  }
}
