import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEnum, IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';
import type { DrawOdds } from '../../rules/enchanted-realms-cards/odds.js';
import { EnchantedRealmsAttribute, EnchantedRealmsDrawAction, EnchantedRealmsModifierTerm, type EnchantedRealmsDraw } from './enchanted-realms.model.js';
import { EnchantedRealmsDrawInput } from './enchanted-realms.inputs.js';
import type { EnchantedRealmsActions } from './enchanted-realms-actions.service.js';
import { CardDto, cardDto } from '../../modules/rest/rest-common.dto.js';

class OpponentDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'An opposing character, who makes the Counter Draw.' }) characterId?: string;
  @ApiPropertyOptional({ description: 'Or a target card (the Crevice) the Lead Player draws against, for the game.' }) forTheGameCardId?: string;
  @ApiPropertyOptional({ description: 'Or a group of foes in the scene (enchantedRealmsAddFoes), for which the Lead Player draws.' }) foeId?: string;
}

/** enchantedRealmsDraw's input without the campaign, which is in the path; validated by the same rules. */
export class EnchantedRealmsDrawBody extends OmitType(EnchantedRealmsDrawInput, ['campaignId'] as const) {
  @ApiProperty({ format: 'uuid', description: 'The character who draws and initiates the action (a tie goes to it).' }) override actorId!: string;
  @ApiPropertyOptional({ description: 'The call (enchantedRealmsCallDraw) this Draw answers: give it alone, the call sets the terms.' }) override callSeq?: number;
  @ApiPropertyOptional({ enum: EnchantedRealmsDrawAction, enumName: 'EnchantedRealmsDrawAction', description: 'Needed unless callSeq is given.' })
  override action?: EnchantedRealmsDrawAction;
  @ApiPropertyOptional({ enum: EnchantedRealmsAttribute, enumName: 'EnchantedRealmsAttribute', description: 'For ACTION_WITH_CARD and ACTION_WITHOUT_CARD.' })
  override attribute?: EnchantedRealmsAttribute;
  @ApiPropertyOptional({ type: OpponentDto, description: 'Exactly one of an opponent and a challengeNumber.' }) override opponent?: OpponentDto;
  @ApiPropertyOptional({ enum: EnchantedRealmsDrawAction, enumName: 'EnchantedRealmsDrawAction', description: "The Counter Draw's action, when not the usual one: the defender's (its player's or the GM's) to choose." })
  override opposingAction?: EnchantedRealmsDrawAction;
  @ApiPropertyOptional({ enum: EnchantedRealmsAttribute, enumName: 'EnchantedRealmsAttribute' }) override opposingAttribute?: EnchantedRealmsAttribute;
  @ApiPropertyOptional({ description: 'GM only: met when the Adjusted Draw Score is at least this.' }) override challengeNumber?: number;
  @ApiPropertyOptional({ description: 'GM only: the Force a reward for meeting the Challenge Number may reach.' }) override challengeForce?: number;
}

class ModifierDto {
  @ApiProperty({ enum: EnchantedRealmsModifierTerm, enumName: 'EnchantedRealmsModifierTerm' }) term!: string;
  @ApiProperty() value!: number;
}

class DrawSideDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null for the Lead Player drawing for the game.' }) characterId!: string | null;
  @ApiProperty({ type: CardDto, nullable: true, description: 'For the game: the card whose bonuses (or Force) the game adds.' }) forTheGameCard!: CardDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'The group of foes that drew (the Lead Player drawing for it).' }) foeId!: string | null;
  @ApiProperty({ enum: EnchantedRealmsDrawAction, enumName: 'EnchantedRealmsDrawAction', nullable: true }) action!: string | null;
  @ApiProperty({ enum: EnchantedRealmsAttribute, enumName: 'EnchantedRealmsAttribute', nullable: true }) attribute!: string | null;
  @ApiProperty({ type: CardDto }) card!: CardDto;
  @ApiProperty() force!: number;
  @ApiProperty({ type: [ModifierDto], description: 'In the order of the formula, zeros included.' }) modifiers!: ModifierDto[];
  @ApiProperty() modifierTotal!: number;
  @ApiProperty({ description: 'The Adjusted Draw Score: force + modifierTotal.' }) adjusted!: number;
}

function drawSideDto(side: EnchantedRealmsDraw): DrawSideDto {
  return {
    characterId: side.characterId,
    forTheGameCard: side.forTheGameCard && cardDto(side.forTheGameCard),
    foeId: side.foeId,
    action: side.action,
    attribute: side.attribute,
    card: cardDto(side.card),
    force: side.force,
    modifiers: side.modifiers.map(({ term, value }) => ({ term, value })),
    modifierTotal: side.modifierTotal,
    adjusted: side.adjusted,
  };
}

class OvercomeDto {
  @ApiProperty({ description: 'The Force a reward card may reach.' }) force!: number;
  @ApiProperty({ enum: ['CHALLENGE_NUMBER', 'CHALLENGE_FORCE', 'TARGET_CARD', 'CREATURE_CARD'] }) from!: string;
  @ApiProperty({ type: String, nullable: true }) cardId!: string | null;
}

export class EnchantedRealmsDrawDto {
  @ApiProperty({ type: DrawSideDto }) draw!: DrawSideDto;
  @ApiProperty({ type: DrawSideDto, nullable: true, description: "The opponent's (or the game's) Counter Draw; null against a Challenge Number." })
  counterDraw!: DrawSideDto | null;
  @ApiProperty({ type: Number, nullable: true }) challengeNumber!: number | null;
  @ApiProperty({ description: 'Whether the drawing character succeeded (a tie goes to the initiator; a Challenge Number is met by ≥).' }) success!: boolean;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The winning character; null when the game or the Challenge Number won.' })
  winnerId!: string | null;
  @ApiProperty() margin!: number;
  @ApiProperty({ description: 'A successful ATTACK: the difference of the scores, in Health points.' }) damage!: number;
  @ApiProperty({ type: Number, nullable: true, description: "The opposing character's Health after the Draw." }) targetHealth!: number | null;
  @ApiProperty({ description: 'Whether the opposing character, or the last creature of the group of foes, fell to 0 Health.' }) defeated!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Against a group of foes: how many still stand.' }) foesLeft!: number | null;
  @ApiProperty({ description: 'Whether the discard pile was shuffled back into an empty Adventure Deck.' }) reshuffled!: boolean;
  @ApiProperty({ type: OvercomeDto, nullable: true, description: 'What the Draw overcame; the GM grants its rewards by this eventSeq.' }) overcome!: OvercomeDto | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The call this Draw answered.' }) callSeq!: number | null;
  @ApiProperty() eventSeq!: number;
}

export function enchantedRealmsDrawDto(result: Awaited<ReturnType<EnchantedRealmsActions['draw']>>): EnchantedRealmsDrawDto {
  return {
    draw: drawSideDto(result.draw),
    counterDraw: result.counterDraw && drawSideDto(result.counterDraw),
    challengeNumber: result.challengeNumber,
    success: result.success,
    winnerId: result.winnerId,
    margin: result.margin,
    damage: result.damage,
    targetHealth: result.targetHealth,
    defeated: result.defeated,
    foesLeft: result.foesLeft ?? null,
    reshuffled: result.reshuffled,
    overcome: result.overcome && { ...result.overcome },
    callSeq: result.callSeq,
    eventSeq: result.eventSeq,
  };
}

/** The Draw to preview, in the query string (GET /v1/enchanted-realms/campaigns/{id}/draw-odds): the Draw's fields, the opponent flattened. */
export class EnchantedRealmsDrawOddsQuery {
  @ApiProperty({ format: 'uuid', description: 'The character who would draw.' }) @IsUUID() actorId!: string;
  @ApiProperty({ enum: EnchantedRealmsDrawAction, enumName: 'EnchantedRealmsDrawAction' }) @IsEnum(EnchantedRealmsDrawAction) action!: EnchantedRealmsDrawAction;
  @ApiPropertyOptional({ enum: EnchantedRealmsAttribute, enumName: 'EnchantedRealmsAttribute' }) @IsOptional() @IsEnum(EnchantedRealmsAttribute) attribute?: EnchantedRealmsAttribute;
  @ApiPropertyOptional({ format: 'uuid', description: 'An opposing character.' }) @IsOptional() @IsUUID() opponentId?: string;
  @ApiPropertyOptional({ description: 'Or a target card the Lead Player draws against, for the game.' }) @IsOptional() @IsString() @Length(1, 40) forTheGameCardId?: string;
  @ApiPropertyOptional({ description: 'Or a group of foes in the scene (enchantedRealmsAddFoes).' }) @IsOptional() @IsString() @Length(1, 40) foeId?: string;
  @ApiPropertyOptional({ enum: EnchantedRealmsDrawAction, enumName: 'EnchantedRealmsDrawAction' }) @IsOptional() @IsEnum(EnchantedRealmsDrawAction) opposingAction?: EnchantedRealmsDrawAction;
  @ApiPropertyOptional({ enum: EnchantedRealmsAttribute, enumName: 'EnchantedRealmsAttribute' }) @IsOptional() @IsEnum(EnchantedRealmsAttribute) opposingAttribute?: EnchantedRealmsAttribute;
  @ApiPropertyOptional({ description: 'Or a Challenge Number.' }) @IsOptional() @Type(() => Number) @IsInt() @Min(-100) @Max(1000) challengeNumber?: number;
}

class DamageChanceDto {
  @ApiProperty() damage!: number;
  @ApiProperty() probability!: number;
}

export class EnchantedRealmsDrawOddsDto {
  @ApiProperty({ type: [ModifierDto] }) modifiers!: ModifierDto[];
  @ApiProperty() modifier!: number;
  @ApiProperty({ type: [ModifierDto], nullable: true }) counterModifiers!: ModifierDto[] | null;
  @ApiProperty({ type: Number, nullable: true }) counterModifier!: number | null;
  @ApiProperty({ type: Number, nullable: true }) challengeNumber!: number | null;
  @ApiProperty({ description: 'P(the initiator wins).' }) win!: number;
  @ApiProperty({ description: 'P(a tie, which the initiator wins).' }) tieWonByInitiator!: number;
  @ApiProperty() expectedDamage!: number;
  @ApiProperty({ type: [DamageChanceDto] }) damage!: DamageChanceDto[];
  @ApiProperty() defeatsOpponent!: number;
  @ApiProperty() reshuffles!: boolean;
}

export function enchantedRealmsDrawOddsDto(odds: DrawOdds): EnchantedRealmsDrawOddsDto {
  return {
    ...odds,
    modifiers: odds.modifiers.map(({ term, value }) => ({ term, value })),
    counterModifiers: odds.counterModifiers && odds.counterModifiers.map(({ term, value }) => ({ term, value })),
    damage: odds.damage.map((chance) => ({ ...chance })),
  };
}
