import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsEnum, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BadUserInputError } from '../../common/errors.js';
import type { TrialOdds } from '../../rules/tenth-realm/odds.js';
import type { TenthRealmRollBurnInput } from './tenth-realm.inputs.js';
import { TenthRealmAttribute, TenthRealmRollBurnEffect, TenthRealmVanoriForm } from './tenth-realm.model.js';
import { TenthRealmTrialRollInput } from './tenth-realm.inputs.js';
import type { TenthRealmActions } from './tenth-realm-actions.service.js';
import { cardView } from './tenth-realm.views.js';

class TrialRollBurnDto {
  @ApiProperty({ format: 'uuid', description: 'Whose hand the card comes from.' }) characterId!: string;
  @ApiProperty({ example: 'QH' }) cardId!: string;
  @ApiProperty({ enum: TenthRealmRollBurnEffect, enumName: 'TenthRealmRollBurnEffect' }) effect!: TenthRealmRollBurnEffect;
  @ApiPropertyOptional({ minimum: 1, maximum: 20, description: "VANORI (conjuring): by how much the DR is lowered from then on (the GM's; answering a call, the call's conjuringAmount)." }) amount?: number;
  @ApiPropertyOptional({ enum: TenthRealmVanoriForm, enumName: 'TenthRealmVanoriForm', description: 'VANORI: the Vanori conjured (the default) or its form taken.' }) form?: TenthRealmVanoriForm;
}

class DrAdjustmentDto {
  @ApiProperty({ minimum: -20, maximum: 20, description: 'Signed: + raises the DR, − lowers it.' }) amount!: number;
  @ApiProperty() reason!: string;
}

/** tenthRealmTrialRoll's input without the character, which is in the path; validated by the same rules, with the same defaults. */
export class TrialRollBody extends OmitType(TenthRealmTrialRollInput, ['characterId'] as const) {
  @ApiPropertyOptional({ format: 'uuid', description: "The GM's call this roll answers: its attribute, DR, changes and fate are used." }) override callId?: string;
  @ApiPropertyOptional({ enum: TenthRealmAttribute, enumName: 'TenthRealmAttribute', description: "The player's pick; required unless the call names it." })
  override attribute?: TenthRealmAttribute;
  @ApiPropertyOptional({
    description: 'GM (or a player when the campaign sets playersSetDifficulty), without a call: Easy 9, Normal 12 (the default), Challenging 15, or any other value.',
  })
  override dr?: number;
  @ApiPropertyOptional({ description: 'A fate roll: no cards revealed, none kept, no XP. GM, without a call.' }) override fate?: boolean;
  @ApiPropertyOptional({ type: [TrialRollBurnDto], default: [], description: 'Cards burned for the roll.' }) override burns: TrialRollBurnDto[] = [];
  @ApiPropertyOptional({ type: [DrAdjustmentDto], default: [] }) override drAdjustments: DrAdjustmentDto[] = [];
}

class TenthRealmCardDto {
  @ApiProperty({ example: 'QH' }) code!: string;
  @ApiProperty({ enum: ['RED', 'BLACK'], description: 'RED (♥ ♦) or BLACK (♣ ♠).' }) color!: string;
}

export class TrialRollDto {
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty() d20!: number;
  @ApiProperty() attributeModifier!: number;
  @ApiProperty({ description: 'What cards burned for the roll added.' }) bonus!: number;
  @ApiProperty() score!: number;
  @ApiProperty() baseDr!: number;
  @ApiProperty({ description: 'The DR after black reveals (+2 each), adjustments and conjuring.' }) effectiveDr!: number;
  @ApiProperty({ description: "What the character's conjured Vanori took off the DR (it lasts until the GM ends it)." }) conjured!: number;
  @ApiProperty({ type: [TenthRealmCardDto] }) revealed!: TenthRealmCardDto[];
  @ApiProperty({ description: 'score > effectiveDr, or the table was turned.' }) success!: boolean;
  @ApiProperty() natural20!: boolean;
  @ApiProperty() natural1!: boolean;
  @ApiProperty() turnedTheTable!: boolean;
  @ApiProperty({ type: TenthRealmCardDto, nullable: true, description: "The revealed card that went to the roller's hand." }) cardKept!: TenthRealmCardDto | null;
  @ApiProperty({ type: [String], description: 'The codes of the cards burned for the roll.' }) burned!: string[];
  @ApiProperty() xpMarked!: number;
  @ApiProperty({ description: 'The GM narrates a consequence.' }) consequenceDue!: boolean;
  @ApiProperty() blessingDue!: boolean;
  @ApiProperty() eventSeq!: number;
}

export function trialRollDto(characterId: string, roll: Awaited<ReturnType<TenthRealmActions['trialRoll']>>): TrialRollDto {
  return {
    characterId,
    d20: roll.d20,
    attributeModifier: roll.attributeModifier,
    bonus: roll.bonus,
    score: roll.score,
    baseDr: roll.baseDr,
    effectiveDr: roll.effectiveDr,
    conjured: roll.conjured,
    revealed: roll.revealed.map((card) => cardView(card.code)),
    success: roll.success,
    natural20: roll.natural20,
    natural1: roll.natural1,
    turnedTheTable: roll.turnedTheTable,
    cardKept: roll.cardKept && cardView(roll.cardKept.code),
    burned: [...roll.burned],
    xpMarked: roll.xpMarked,
    consequenceDue: roll.consequenceDue,
    blessingDue: roll.blessingDue,
    eventSeq: roll.eventSeq,
  };
}

/** A burn in a query string: `CHARACTER_ID:CARD:EFFECT`, or `…:VANORI:AMOUNT` for conjuring. */
const BURN_PATTERN = /^([0-9a-fA-F-]{36}):([0-9A-Za-z]{1,40}):(CALL_THE_GODS|AID_AN_ALLY|TURN_THE_TABLE|VANORI)(?::([0-9]{1,2}))?$/;

/** The trial roll to preview, in the query string (GET /v1/tenth-realm/characters/{id}/trial-odds). */
export class TrialOddsQuery {
  @ApiProperty({ enum: TenthRealmAttribute, enumName: 'TenthRealmAttribute' })
  @IsEnum(TenthRealmAttribute)
  attribute!: TenthRealmAttribute;

  @ApiPropertyOptional({ default: 12, minimum: -50, maximum: 100 })
  @Type(() => Number) @IsInt() @Min(-50) @Max(100)
  dr: number = 12;

  @ApiPropertyOptional({ default: false, description: 'A fate roll: no cards revealed.' })
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  fate: boolean = false;

  @ApiPropertyOptional({ minimum: -20, maximum: 20, description: 'The DR adjustments, summed: + raises the DR, − lowers it.' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(-20) @Max(20)
  drAdjustment?: number;

  @ApiPropertyOptional({
    type: [String],
    description: 'Cards burned for the roll, each `characterId:card:EFFECT` (`…:VANORI:amount` to conjure); repeat the parameter for more.',
    example: ['7a0c1e9e-0000-4000-8000-000000000001:QH:CALL_THE_GODS'],
  })
  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? value : [value]))
  @ArrayMaxSize(10) @IsString({ each: true }) @Matches(BURN_PATTERN, { each: true, message: 'each burn is characterId:card:EFFECT, or characterId:card:VANORI:amount' })
  burn?: string[];
}

/** The burns of a trial odds query string, as the rule reads them. */
export function queryBurns(burns: readonly string[] = []): TenthRealmRollBurnInput[] {
  return burns.map((burn) => {
    const [, characterId, cardId, effect, amount] = BURN_PATTERN.exec(burn) ?? [];
    if (!characterId) throw new BadUserInputError('each burn is characterId:card:EFFECT, or characterId:card:VANORI:amount', 'burn');
    return { characterId: characterId.toLowerCase(), cardId, effect: effect as TenthRealmRollBurnEffect, amount: amount === undefined ? undefined : Number(amount) };
  });
}

class BlackCardsChanceDto {
  @ApiProperty() black!: number;
  @ApiProperty() probability!: number;
}

export class TrialOddsDto {
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty({ description: 'How many cards the roll reveals: the risk rating (0 for a fate roll).' }) revealed!: number;
  @ApiProperty({ description: 'Whether the draw pile runs out during the reveal.' }) reshuffles!: boolean;
  @ApiProperty() attributeModifier!: number;
  @ApiProperty() bonus!: number;
  @ApiProperty() baseDr!: number;
  @ApiProperty() drBeforeCards!: number;
  @ApiProperty({ type: [BlackCardsChanceDto] }) blackCards!: BlackCardsChanceDto[];
  @ApiProperty({ description: 'P(success), a turned table included.' }) success!: number;
  @ApiProperty() setback!: number;
  @ApiProperty() turnedTheTable!: number;
  @ApiProperty() natural20!: number;
  @ApiProperty() natural1!: number;
  @ApiProperty() cardToHand!: number;
  @ApiProperty() redCardToHand!: number;
}

export function trialOddsDto(characterId: string, odds: TrialOdds): TrialOddsDto {
  return { characterId, ...odds, blackCards: odds.blackCards.map((chance) => ({ ...chance })) };
}
