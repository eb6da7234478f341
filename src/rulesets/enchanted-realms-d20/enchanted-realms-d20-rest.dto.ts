import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsEnum, IsInt, IsOptional, IsString, IsUUID, Matches, Max, Min } from 'class-validator';
import { MAX_DAMAGE_PER_HIT } from '../../rules/enchanted-realms-d20/attack.js';
import { MAX_SKILLS } from '../../rules/enchanted-realms-d20/combatant.js';
import { MAX_SCORE } from '../../rules/enchanted-realms-d20/state.js';
import { queryList } from '../../modules/rest/rest-common.dto.js';
import type { EnchantedRealmsD20Actions } from './enchanted-realms-d20-actions.service.js';
import { EnchantedRealmsD20AttackInput, EnchantedRealmsD20CheckInput, SKILL, SKILL_MESSAGE } from './enchanted-realms-d20.inputs.js';
import {
  EnchantedRealmsD20AttackKind,
  EnchantedRealmsD20CheckKind,
  EnchantedRealmsD20CritEffect,
  EnchantedRealmsD20Immunity,
  EnchantedRealmsD20LastsUntil,
  type EnchantedRealmsD20Combat,
  type EnchantedRealmsD20Combatant,
} from './enchanted-realms-d20.model.js';

/** enchantedRealmsD20Attack's input without the attacker, which is in the path; validated by the same rules, with the same defaults. */
export class EnchantedRealmsD20AttackBody extends OmitType(EnchantedRealmsD20AttackInput, ['attackerId'] as const) {
  @ApiProperty({ format: 'uuid' }) override targetId!: string;
  @ApiProperty({ enum: EnchantedRealmsD20AttackKind, enumName: 'EnchantedRealmsD20AttackKind', description: 'Ranged attacks never crit.' })
  override kind!: EnchantedRealmsD20AttackKind;
  @ApiProperty({ type: [String], example: ['MELEE_TRAINING', 'STYLE_SLASHING'], description: "The attacker's skills that apply: one d20 each, at most 5 count." })
  override skills!: string[];
  @ApiPropertyOptional({ default: false, description: 'GM only: +1 d20.' }) override advantage: boolean = false;
  @ApiPropertyOptional({ default: false, description: 'GM only: −1 d20.' }) override disadvantage: boolean = false;
  @ApiPropertyOptional({ default: 0, description: 'Added to every die.' }) override modifier: number = 0;
  @ApiPropertyOptional({ default: 1, description: "The weapon's damage for each hitting die." }) override damagePerHit: number = 1;
  @ApiPropertyOptional({ default: false, description: 'GM only: an effect grants crits without a style.' }) override grantsCrit: boolean = false;
}

/** enchantedRealmsD20Check's input without the combatant, which is in the path. */
export class EnchantedRealmsD20CheckBody extends OmitType(EnchantedRealmsD20CheckInput, ['combatantId'] as const) {
  @ApiProperty({ enum: EnchantedRealmsD20CheckKind, enumName: 'EnchantedRealmsD20CheckKind' }) override kind!: EnchantedRealmsD20CheckKind;
  @ApiProperty({ minimum: 0, maximum: 5, description: 'Dice from applicable skills.' }) override dice!: number;
  @ApiProperty({ description: 'Added to every die.' }) override modifier!: number;
  @ApiProperty({ description: "What each die's total must meet: for a player, the one the GM called." }) override targetValue!: number;
  @ApiPropertyOptional({ default: false, description: 'GM only.' }) override advantage: boolean = false;
  @ApiPropertyOptional({ default: false, description: 'GM only.' }) override disadvantage: boolean = false;
  @ApiPropertyOptional({ description: 'GM only: the sub-attribute of a save (RESILIENCE, JUDGMENT, …).' }) override subAttribute?: string;
  @ApiPropertyOptional({ default: false, description: 'GM only: a social interaction.' }) override social: boolean = false;
  @ApiPropertyOptional({ default: false, description: "Roll the check the GM called (always, for a player)." }) override asCalled: boolean = false;
}

class ConditionDto {
  @ApiProperty({ enum: EnchantedRealmsD20CritEffect, enumName: 'EnchantedRealmsD20CritEffect' }) name!: string;
  @ApiProperty({ enum: EnchantedRealmsD20LastsUntil, enumName: 'EnchantedRealmsD20LastsUntil' }) lastsUntil!: string;
  @ApiProperty({ format: 'uuid', description: 'The combatant whose crit set it.' }) inflictedBy!: string;
}

class CombatantDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "Null for a foe of the GM's." }) characterId!: string | null;
  @ApiProperty({ description: 'Defense without the conditions.' }) defense!: number;
  @ApiProperty({ description: 'Defense with GARB_ISSUE and WARDROBE_MALFUNCTION: what attack dice are read against now.' }) currentDefense!: number;
  @ApiProperty() armorWorn!: boolean;
  @ApiProperty({ enum: EnchantedRealmsD20Immunity, enumName: 'EnchantedRealmsD20Immunity', isArray: true }) immunities!: string[];
  @ApiProperty({ type: [ConditionDto] }) conditions!: ConditionDto[];
  @ApiProperty() damageTaken!: number;
  @ApiProperty() pain!: number;
  @ApiProperty() anxiety!: number;
  @ApiProperty() spite!: number;
}

const combatantDto = (combatant: EnchantedRealmsD20Combatant): CombatantDto => ({
  id: combatant.id,
  name: combatant.name,
  characterId: combatant.characterId,
  defense: combatant.defense,
  currentDefense: combatant.standing.defense,
  armorWorn: combatant.armorWorn,
  immunities: [...combatant.immunities],
  conditions: combatant.conditions.map(({ name, lastsUntil, inflictedBy }) => ({ name, lastsUntil, inflictedBy })),
  damageTaken: combatant.damageTaken,
  pain: combatant.pain,
  anxiety: combatant.anxiety,
  spite: combatant.spite,
});

class AttackDieDto {
  @ApiProperty() value!: number;
  @ApiProperty({ description: 'value + modifier.' }) total!: number;
  @ApiProperty() hit!: boolean;
  @ApiProperty() natural20!: boolean;
  @ApiProperty() natural1!: boolean;
  @ApiProperty() crit!: boolean;
  @ApiProperty({ description: 'An award of the crit chain.' }) awarded!: boolean;
}

class CritDto {
  @ApiProperty({ description: 'The index in `dice` of the die that crit.' }) dieIndex!: number;
  @ApiProperty({ minimum: 1, maximum: 100, description: 'The d100; 00 reads 100.' }) roll!: number;
  @ApiProperty({ enum: EnchantedRealmsD20CritEffect, enumName: 'EnchantedRealmsD20CritEffect' }) effect!: string;
  @ApiProperty() applied!: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'IMMUNE_TO_FEAR' }) ignoredBecause!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "Hard Hit's damage or Agony's Pain (a d3); 1 Anxiety or Spite." }) amount!: number | null;
}

export class EnchantedRealmsD20AttackDto {
  @ApiProperty({ format: 'uuid' }) attackerId!: string;
  @ApiProperty() poolSize!: number;
  @ApiProperty({ type: [AttackDieDto], description: 'The pool in roll order, then the awarded dice of the crit chain.' }) dice!: AttackDieDto[];
  @ApiProperty() hits!: number;
  @ApiProperty({ description: 'hits × damagePerHit, plus Hard Hits.' }) damage!: number;
  @ApiProperty({ type: [CritDto] }) crits!: CritDto[];
  @ApiProperty({ type: CombatantDto, description: 'The target after the damage and the crits.' }) target!: CombatantDto;
  @ApiProperty() eventSeq!: number;
}

export function attackDto(attackerId: string, result: Awaited<ReturnType<EnchantedRealmsD20Actions['attack']>>): EnchantedRealmsD20AttackDto {
  return {
    attackerId,
    poolSize: result.poolSize,
    dice: result.dice.map(({ value, total, hit, natural20, natural1, crit, awarded }) => ({ value, total, hit, natural20, natural1, crit, awarded })),
    hits: result.hits,
    damage: result.damage,
    crits: result.crits.map(({ dieIndex, roll, effect, applied, ignoredBecause, amount }) => ({ dieIndex, roll, effect, applied, ignoredBecause, amount })),
    target: combatantDto(result.target),
    eventSeq: result.eventSeq,
  };
}

class CheckDieDto {
  @ApiProperty() value!: number;
  @ApiProperty() total!: number;
  @ApiProperty() success!: boolean;
  @ApiProperty() natural20!: boolean;
  @ApiProperty() natural1!: boolean;
  @ApiProperty({ description: 'AWARENESS: a natural 1.' }) quiteDistracted!: boolean;
}

export class EnchantedRealmsD20CheckDto {
  @ApiProperty({ format: 'uuid' }) combatantId!: string;
  @ApiProperty({ enum: EnchantedRealmsD20CheckKind, enumName: 'EnchantedRealmsD20CheckKind' }) kind!: string;
  @ApiProperty() targetValue!: number;
  @ApiProperty({ type: [CheckDieDto] }) rolled!: CheckDieDto[];
  @ApiProperty() successes!: number;
  @ApiProperty() success!: boolean;
  @ApiProperty() quiteDistracted!: boolean;
  @ApiProperty({ description: 'Whether it answered the check the GM called.' }) answeredCall!: boolean;
  @ApiProperty() eventSeq!: number;
}

export function checkDto(combatantId: string, result: Awaited<ReturnType<EnchantedRealmsD20Actions['check']>>): EnchantedRealmsD20CheckDto {
  return {
    combatantId,
    kind: result.setup.kind,
    targetValue: result.setup.targetValue,
    rolled: result.rolled.map(({ value, total, success, natural20, natural1, quiteDistracted }) => ({ value, total, success, natural20, natural1, quiteDistracted })),
    successes: result.successes,
    success: result.success,
    quiteDistracted: result.quiteDistracted,
    answeredCall: result.answeredCall !== null,
    eventSeq: result.eventSeq,
  };
}

class ConditionEndedDto {
  @ApiProperty({ format: 'uuid' }) combatantId!: string;
  @ApiProperty({ enum: EnchantedRealmsD20CritEffect, enumName: 'EnchantedRealmsD20CritEffect' }) condition!: string;
}

class TurnStartDto {
  @ApiProperty({ format: 'uuid' }) combatantId!: string;
  @ApiProperty() round!: number;
  @ApiProperty({ description: 'BLEEDING: 1.' }) bleedingDamage!: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'CONFUSION: the combatant it must attack this turn.' }) confusedTarget!: string | null;
}

export class EnchantedRealmsD20NextTurnDto {
  @ApiProperty({ format: 'uuid' }) encounterId!: string;
  @ApiProperty({ format: 'uuid' }) endedTurnOf!: string;
  @ApiProperty({ type: [ConditionEndedDto], description: 'The conditions that ended with that turn.' }) expired!: ConditionEndedDto[];
  @ApiProperty({ type: TurnStartDto }) started!: TurnStartDto;
  @ApiProperty({ type: [CombatantDto], description: 'In turn order, after it.' }) combatants!: CombatantDto[];
  @ApiProperty() eventSeq!: number;
}

export function nextTurnDto(encounterId: string, result: Awaited<ReturnType<EnchantedRealmsD20Actions['nextTurn']>>): EnchantedRealmsD20NextTurnDto {
  const combat: EnchantedRealmsD20Combat = result.combat;
  return {
    encounterId,
    endedTurnOf: result.endedTurnOf,
    expired: result.expired.map(({ combatantId, condition }) => ({ combatantId, condition })),
    started: {
      combatantId: result.started.combatantId,
      round: result.started.round,
      bleedingDamage: result.started.bleedingDamage,
      confusedTarget: result.started.confusion?.target ?? null,
    },
    combatants: combat.combatants.map(combatantDto),
    eventSeq: result.eventSeq,
  };
}

const asBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** The attack to preview, in the query string (GET /v1/enchanted-realms-d20/combatants/{id}/attack-odds): the attack's fields. */
export class EnchantedRealmsD20AttackOddsQuery {
  @ApiProperty({ format: 'uuid' }) @IsUUID() targetId!: string;
  @ApiProperty({ enum: EnchantedRealmsD20AttackKind, enumName: 'EnchantedRealmsD20AttackKind' }) @IsEnum(EnchantedRealmsD20AttackKind) kind!: EnchantedRealmsD20AttackKind;
  @ApiPropertyOptional({ type: [String], description: "The attacker's skills that apply, one d20 each: repeat the parameter, or give a JSON list." })
  @IsOptional() @Transform(queryList) @IsArray() @ArrayMaxSize(MAX_SKILLS) @ArrayUnique({ message: 'each skill is listed once: each adds one die' }) @IsString({ each: true }) @Matches(SKILL, { each: true, message: SKILL_MESSAGE })
  skills?: string[];
  @ApiPropertyOptional({ default: false, description: 'GM only.' }) @Transform(asBoolean) @IsBoolean() advantage: boolean = false;
  @ApiPropertyOptional({ default: false, description: 'GM only.' }) @Transform(asBoolean) @IsBoolean() disadvantage: boolean = false;
  @ApiPropertyOptional({ default: 0 }) @Type(() => Number) @IsInt() @Min(-MAX_SCORE) @Max(MAX_SCORE) modifier: number = 0;
  @ApiPropertyOptional({ default: 1 }) @Type(() => Number) @IsInt() @Min(0) @Max(MAX_DAMAGE_PER_HIT) damagePerHit: number = 1;
  @ApiPropertyOptional({ default: false, description: 'GM only.' }) @Transform(asBoolean) @IsBoolean() grantsCrit: boolean = false;
}

class ExpectedEffectDto {
  @ApiProperty() effect!: string;
  @ApiProperty() expected!: number;
}

export class EnchantedRealmsD20AttackOddsDto {
  @ApiProperty() poolSize!: number;
  @ApiProperty() untrainedRoll!: boolean;
  @ApiProperty() canCrit!: boolean;
  @ApiProperty() hitChancePerDie!: number;
  @ApiProperty({ type: [Number], description: 'hits[k]: P(exactly k hitting dice).' }) hits!: number[];
  @ApiProperty({ type: [Number], description: 'crits[k]: P(exactly k crits).' }) crits!: number[];
  @ApiProperty() chainDepth!: number;
  @ApiProperty() beyondDepth!: number;
  @ApiProperty() atLeastOneCrit!: number;
  @ApiProperty() expectedHits!: number;
  @ApiProperty() expectedCrits!: number;
  @ApiProperty() expectedHitDamage!: number;
  @ApiProperty() expectedCritDamage!: number;
  @ApiProperty() expectedDamage!: number;
  @ApiProperty({ type: [ExpectedEffectDto] }) expectedEffects!: ExpectedEffectDto[];
  @ApiProperty() expectedPain!: number;
  @ApiProperty() expectedAnxiety!: number;
  @ApiProperty() expectedSpite!: number;
}
