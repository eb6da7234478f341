import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import {
  YtterdorrenCharacterAttackInput,
  YtterdorrenChooseStanceInput,
  YtterdorrenFoeAttackInput,
  YtterdorrenStartSkirmishInput,
} from './ytterdorren.inputs.js';
import {
  YtterdorrenSkirmishStatus,
  YtterdorrenStance,
  type YtterdorrenAttackRoll,
  type YtterdorrenFoeAttack,
  type YtterdorrenLoot,
  type YtterdorrenRound,
  type YtterdorrenSkirmish,
  type YtterdorrenStancePayload,
} from './ytterdorren.model.js';

/**
 * The REST answers of Ytterdörren's main actions, each built by picking the fields of its DTO, as
 * the GraphQL types show them (src/modules/rest/rest-common.dto.ts).
 */

// ---- bodies: the GraphQL inputs without what the path names, validated by the same rules --------

export class StartSkirmishBody extends OmitType(YtterdorrenStartSkirmishInput, ['campaignId'] as const) {
  @ApiProperty({ type: [String], format: 'uuid', description: '1 to 6 characters: their number is the number of players.' }) override characterIds!: string[];
  @ApiProperty({ type: [String], example: ['grave-wolf'], description: 'Creature card ids; a creature listed twice fights twice.' }) override creatureIds!: string[];
}

export class ChooseStanceBody extends OmitType(YtterdorrenChooseStanceInput, ['skirmishId'] as const) {
  @ApiProperty({ format: 'uuid' }) override characterId!: string;
  @ApiProperty({ enum: YtterdorrenStance, enumName: 'YtterdorrenStance', description: 'DEFEND: +10 Defense and −10 to the attack roll.' }) override stance!: YtterdorrenStance;
  @ApiPropertyOptional({ description: 'The creature to attack: needed when creatures of more than one card fight.' }) override targetCreatureId?: string;
}

export class FoeAttackBody extends OmitType(YtterdorrenFoeAttackInput, ['encounterId'] as const) {
  @ApiProperty({ example: 'f1' }) override foeId!: string;
  @ApiProperty({ format: 'uuid' }) override targetCharacterId!: string;
}

export class CharacterAttackBody extends OmitType(YtterdorrenCharacterAttackInput, ['encounterId'] as const) {
  @ApiProperty({ format: 'uuid' }) override characterId!: string;
  @ApiProperty({ example: 'f1' }) override foeId!: string;
}

// ---- answers ------------------------------------------------------------------------------------

class StrengthRollDto {
  @ApiProperty() creatureId!: string;
  @ApiProperty({ example: '2d6+2' }) expression!: string;
  @ApiProperty({ type: [Number] }) dice!: number[];
  @ApiProperty() total!: number;
}

class StanceChoiceDto {
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty({ enum: YtterdorrenStance, enumName: 'YtterdorrenStance' }) stance!: string;
  @ApiProperty() targetCreatureId!: string;
}

class ItemSearchDto {
  @ApiProperty() creatureId!: string;
  @ApiProperty({ minimum: 1, maximum: 10 }) d10!: number;
  @ApiProperty({ description: 'A 10 finds an item.' }) found!: boolean;
}

class LootRewardDto {
  @ApiProperty() creatureId!: string;
  @ApiProperty() coins!: number;
  @ApiProperty() lore!: number;
  @ApiProperty() text!: string;
}

class LootDto {
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty() coins!: number;
  @ApiProperty() lore!: number;
  @ApiProperty({ type: [LootRewardDto], description: "Each unique creature's reward." }) rewards!: LootRewardDto[];
  @ApiProperty({ type: [ItemSearchDto], description: 'One d10 per unique creature.' }) searches!: ItemSearchDto[];
  @ApiProperty({ type: [String] }) itemsFound!: string[];
}

export class SkirmishDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: YtterdorrenSkirmishStatus, enumName: 'YtterdorrenSkirmishStatus' }) status!: string;
  @ApiProperty() round!: number;
  @ApiProperty() counter!: number;
  @ApiProperty({ description: "The sum of the creatures' strength rolls." }) startingCounter!: number;
  @ApiProperty({ type: [StrengthRollDto] }) strength!: StrengthRollDto[];
  @ApiProperty({ type: [String], format: 'uuid' }) characterIds!: string[];
  @ApiProperty({ type: [String], description: 'The creature card ids, as listed.' }) creatureIds!: string[];
  @ApiProperty({ type: [StanceChoiceDto] }) stances!: StanceChoiceDto[];
  @ApiProperty({ type: [String], format: 'uuid', description: 'Standing characters who have not chosen yet.' }) waitingFor!: string[];
  @ApiProperty({ type: [String], format: 'uuid' }) defeatedCharacterIds!: string[];
  @ApiProperty({ type: [LootDto], nullable: true }) loot!: LootDto[] | null;
}

export class StartSkirmishDto {
  @ApiProperty({ type: SkirmishDto }) skirmish!: SkirmishDto;
  @ApiProperty() eventSeq!: number;
}

export class StanceDto {
  @ApiProperty() round!: number;
  @ApiProperty({ enum: YtterdorrenStance, enumName: 'YtterdorrenStance' }) stance!: string;
  @ApiProperty() targetCreatureId!: string;
  @ApiProperty({ type: [String], format: 'uuid' }) waitingFor!: string[];
  @ApiProperty() eventSeq!: number;
}

class CreatureAttackDto {
  @ApiProperty() creatureId!: string;
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty({ description: 'The black tens die: 0, 10, … 90.' }) black!: number;
  @ApiProperty({ description: 'The white units die: 0–9.' }) white!: number;
  @ApiProperty({ description: 'What the dice read, 1–100 (00 + 0 reads 100).' }) d100!: number;
  @ApiProperty() modifier!: number;
  @ApiProperty() total!: number;
  @ApiProperty({ description: 'The Defense it faced: +10 when the character defends.' }) defense!: number;
  @ApiProperty() hit!: boolean;
  @ApiProperty() damage!: number;
  @ApiProperty() vitaAfter!: number;
}

class CharacterAttackDto {
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty({ enum: YtterdorrenStance, enumName: 'YtterdorrenStance' }) stance!: string;
  @ApiProperty() targetCreatureId!: string;
  @ApiProperty() black!: number;
  @ApiProperty() white!: number;
  @ApiProperty() d100!: number;
  @ApiProperty() might!: number;
  @ApiProperty({ description: '−10 when defending, else 0.' }) stanceModifier!: number;
  @ApiProperty() total!: number;
  @ApiProperty() defense!: number;
  @ApiProperty() hit!: boolean;
}

export class RoundDto {
  @ApiProperty() round!: number;
  @ApiProperty({ type: [CreatureAttackDto] }) creatureAttacks!: CreatureAttackDto[];
  @ApiProperty({ type: [CharacterAttackDto] }) characterAttacks!: CharacterAttackDto[];
  @ApiProperty() hits!: number;
  @ApiProperty() counterBefore!: number;
  @ApiProperty() counterAfter!: number;
  @ApiProperty({ enum: YtterdorrenSkirmishStatus, enumName: 'YtterdorrenSkirmishStatus' }) status!: string;
  @ApiProperty({ type: [LootDto], nullable: true, description: 'On victory.' }) loot!: LootDto[] | null;
  @ApiProperty({ type: SkirmishDto }) skirmish!: SkirmishDto;
  @ApiProperty() eventSeq!: number;
}

export class FoeAttackDto {
  @ApiProperty() foeId!: string;
  @ApiProperty({ format: 'uuid' }) targetCharacterId!: string;
  @ApiProperty({ description: 'The black tens die: 0, 10, … 90.' }) black!: number;
  @ApiProperty({ description: 'The white units die, 0–9: it also picks the power.' }) white!: number;
  @ApiProperty({ description: 'What the dice read, 1–100: 00 + 0 reads 100.' }) d100!: number;
  @ApiProperty() might!: number;
  @ApiProperty({ description: 'd100 + Might.' }) total!: number;
  @ApiProperty({ description: "The target's Defense." }) defense!: number;
  @ApiProperty() hit!: boolean;
  @ApiProperty({ description: "The entry of the foe's power table for the white die." }) power!: string;
  @ApiProperty() eventSeq!: number;
}

export class AttackRollDto {
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty() foeId!: string;
  @ApiProperty() black!: number;
  @ApiProperty() white!: number;
  @ApiProperty() d100!: number;
  @ApiProperty() might!: number;
  @ApiProperty() total!: number;
  @ApiProperty() defense!: number;
  @ApiProperty() hit!: boolean;
  @ApiProperty() eventSeq!: number;
}

const lootDto = (loot: YtterdorrenLoot[] | null): LootDto[] | null =>
  loot &&
  loot.map((each) => ({
    characterId: each.characterId,
    coins: each.coins,
    lore: each.lore,
    rewards: each.rewards.map(({ creatureId, coins, lore, text }) => ({ creatureId, coins, lore, text })),
    searches: each.searches.map(({ creatureId, d10, found }) => ({ creatureId, d10, found })),
    itemsFound: [...each.itemsFound],
  }));

export function skirmishDto(skirmish: YtterdorrenSkirmish): SkirmishDto {
  return {
    id: skirmish.id,
    status: skirmish.status,
    round: skirmish.round,
    counter: skirmish.counter,
    startingCounter: skirmish.startingCounter,
    strength: skirmish.strength.map(({ creatureId, expression, dice, total }) => ({ creatureId, expression, dice: [...dice], total })),
    characterIds: [...skirmish.characterIds],
    creatureIds: skirmish.creatures.map((creature) => creature.creatureId),
    stances: skirmish.stances.map(({ characterId, stance, targetCreatureId }) => ({ characterId, stance, targetCreatureId })),
    waitingFor: [...skirmish.waitingFor],
    defeatedCharacterIds: [...skirmish.defeatedCharacterIds],
    loot: lootDto(skirmish.loot),
  };
}

export function stanceDto(result: YtterdorrenStancePayload): StanceDto {
  return { round: result.round, stance: result.stance, targetCreatureId: result.targetCreatureId, waitingFor: [...result.waitingFor], eventSeq: result.eventSeq };
}

const creatureAttackDto = ({ creatureId, characterId, black, white, d100, modifier, total, defense, hit, damage, vitaAfter }: CreatureAttackDto): CreatureAttackDto => ({
  creatureId,
  characterId,
  black,
  white,
  d100,
  modifier,
  total,
  defense,
  hit,
  damage,
  vitaAfter,
});

const characterAttackDto = ({ characterId, stance, targetCreatureId, black, white, d100, might, stanceModifier, total, defense, hit }: CharacterAttackDto): CharacterAttackDto => ({
  characterId,
  stance,
  targetCreatureId,
  black,
  white,
  d100,
  might,
  stanceModifier,
  total,
  defense,
  hit,
});

export function roundDto(round: YtterdorrenRound): RoundDto {
  return {
    round: round.round,
    creatureAttacks: round.creatureAttacks.map(creatureAttackDto),
    characterAttacks: round.characterAttacks.map(characterAttackDto),
    hits: round.hits,
    counterBefore: round.counterBefore,
    counterAfter: round.counterAfter,
    status: round.status,
    loot: lootDto(round.loot),
    skirmish: skirmishDto(round.skirmish),
    eventSeq: round.eventSeq,
  };
}

export function foeAttackDto(roll: YtterdorrenFoeAttack): FoeAttackDto {
  const { foeId, targetCharacterId, black, white, d100, might, total, defense, hit, power, eventSeq } = roll;
  return { foeId, targetCharacterId, black, white, d100, might, total, defense, hit, power, eventSeq };
}

export function attackRollDto(roll: YtterdorrenAttackRoll): AttackRollDto {
  const { characterId, foeId, black, white, d100, might, total, defense, hit, eventSeq } = roll;
  return { characterId, foeId, black, white, d100, might, total, defense, hit, eventSeq };
}

class StanceChancesDto {
  @ApiProperty() creatureId!: string;
  @ApiProperty({ description: 'How many of this creature fight in the skirmish.' }) count!: number;
  @ApiProperty() ATTACK!: number;
  @ApiProperty() DEFEND!: number;
}

class AssumedStanceDto {
  @ApiProperty({ enum: ['ATTACK', 'DEFEND'] }) stance!: string;
  @ApiProperty() targetCreatureId!: string;
}

class CharacterOddsDto {
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty() vita!: number;
  @ApiProperty() standing!: boolean;
  @ApiProperty({ type: String, enum: ['ATTACK', 'DEFEND'], nullable: true }) chosenStance!: string | null;
  @ApiProperty({ type: AssumedStanceDto, nullable: true, description: 'What the victory odds assume the character does every round.' }) assumed!: AssumedStanceDto | null;
  @ApiProperty({ type: [StanceChancesDto], description: 'P(one attack of the creature hits this character).' }) hitBy!: StanceChancesDto[];
  @ApiProperty({ type: [StanceChancesDto], description: "P(this character's attack roll hits the creature)." }) toHit!: StanceChancesDto[];
}

class SkirmishOutcomeOddsDto {
  @ApiProperty() victory!: number;
  @ApiProperty() defeat!: number;
  @ApiProperty() unending!: number;
  @ApiProperty({ enum: ['SETTLED', 'EXACT', 'ESTIMATE'] }) method!: string;
  @ApiProperty({ description: 'The standard error of victory and defeat: 0 unless estimated.' }) standardError!: number;
  @ApiProperty({ type: Number, nullable: true }) samples!: number | null;
  @ApiProperty() unfinishedSamples!: number;
}

export class SkirmishOddsDto {
  @ApiProperty({ format: 'uuid' }) skirmishId!: string;
  @ApiProperty({ enum: ['ONGOING', 'VICTORY', 'DEFEAT'] }) status!: string;
  @ApiProperty() round!: number;
  @ApiProperty() counter!: number;
  @ApiProperty({ type: [CharacterOddsDto] }) characters!: CharacterOddsDto[];
  @ApiProperty({ type: SkirmishOutcomeOddsDto }) outcome!: SkirmishOutcomeOddsDto;
}
