import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { IsDisplayName } from '../../common/display-name.js';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsBoolean,
  IsEnum,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_ENEMIES } from '../../rules/tenth-realm/combat.js';
import { MAX_ORACLE_FACTORS, MAX_RISK_RATING, MIN_RISK_RATING } from '../../rules/tenth-realm/world.js';
import {
  TenthRealmAttackMode,
  TenthRealmAttribute,
  TenthRealmBurnEffect,
  TenthRealmCombatEnding,
  TenthRealmGearSlot,
  TenthRealmRestKind,
  TenthRealmRollBurnEffect,
  TenthRealmTravelMode,
  TenthRealmVanoriChoice,
  TenthRealmVanoriForm,
} from './tenth-realm.model.js';

const NAME = { min: 1, max: 100 };
const TEXT = { min: 1, max: 2000 };
/** A DR the GM may set: any value, within reason. */
const DR = { min: -50, max: 100 };
const DICE = [4, 6, 8, 10, 12];

@InputType()
export class TenthRealmCreateCharacterInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsDisplayName(NAME.min, NAME.max) name!: string;
  @Field(() => ID, { nullable: true, description: "The player's member id; a player's own by default. GM: none for an NPC." })
  @IsOptional() @IsUUID() memberId?: string;
}

@InputType()
export class TenthRealmCharacterInput {
  @Field(() => ID) @IsUUID() characterId!: string;
}

@InputType()
export class TenthRealmRedrawAttributeInput extends TenthRealmCharacterInput {
  @Field(() => TenthRealmAttribute) @IsEnum(TenthRealmAttribute) attribute!: TenthRealmAttribute;
}

@InputType({ description: 'A Vanori invented with the GM: it raises one attribute by 2 and another by 1.' })
export class TenthRealmCustomVanoriInput {
  @Field() @IsDisplayName(NAME.min, NAME.max) name!: string;
  @Field() @IsString() @Length(TEXT.min, TEXT.max) ability!: string;
  @Field(() => TenthRealmAttribute) @IsEnum(TenthRealmAttribute) majorAttribute!: TenthRealmAttribute;
  @Field(() => TenthRealmAttribute) @IsEnum(TenthRealmAttribute) minorAttribute!: TenthRealmAttribute;
  @Field(() => Int, { description: 'd6, d8, d10 or d12: max resilience is this die + 3.' }) @IsInt() @IsIn([6, 8, 10, 12]) resilienceDie!: number;
}

@InputType()
export class TenthRealmChooseVanoriInput extends TenthRealmCharacterInput {
  @Field(() => TenthRealmVanoriChoice) @IsEnum(TenthRealmVanoriChoice) vanori!: TenthRealmVanoriChoice;
  @Field(() => TenthRealmCustomVanoriInput, { nullable: true, description: 'For CUSTOM.' })
  @IsOptional() @ValidateNested() @Type(() => TenthRealmCustomVanoriInput) custom?: TenthRealmCustomVanoriInput;
}

@InputType()
export class TenthRealmFinishCharacterInput extends TenthRealmCharacterInput {
  @Field() @IsString() @Length(NAME.min, NAME.max) weaponName!: string;
}

@InputType()
export class TenthRealmCampaignInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
}

/** Hexes are the client's own coordinates or numbers, stored as strings. */
const HEX = /^[\p{L}\p{N} ,.:;()#_+-]{1,40}$/u;

@InputType()
export class TenthRealmEnterRegionInput extends TenthRealmCampaignInput {
  @Field() @IsString() @Matches(HEX, { message: 'hex must be 1–40 letters, digits, spaces or , . : ; ( ) # _ + -' }) hex!: string;
  @Field({ nullable: true, description: 'Key details of the hex, kept with it.' }) @IsOptional() @IsString() @Length(TEXT.min, TEXT.max) notes?: string;
}

@InputType({ description: "A day's travel: the hexes passed, in order; each is entered as tenthRealmEnterRegion does." })
export class TenthRealmTravelInput extends TenthRealmCampaignInput {
  @Field(() => TenthRealmTravelMode) @IsEnum(TenthRealmTravelMode) mode!: TenthRealmTravelMode;
  @Field(() => [String], { description: 'The hexes passed, in order (1 walking, 2 mounted, 3 rowing, 4 sailing); the last is where the group ends the day.' })
  @ArrayMinSize(1) @ArrayMaxSize(4) @IsString({ each: true }) @Matches(HEX, { each: true, message: 'each hex must be 1–40 letters, digits, spaces or , . : ; ( ) # _ + -' })
  hexes!: string[];
  @Field({ nullable: true, description: 'GM: the winds favour sailing (SAIL needs them).' }) @IsOptional() @IsBoolean() favourableWinds?: boolean;
}

@InputType()
export class TenthRealmSetRiskRatingInput extends TenthRealmCampaignInput {
  @Field() @IsString() @Matches(HEX) hex!: string;
  @Field(() => Int) @IsInt() @Min(MIN_RISK_RATING) @Max(MAX_RISK_RATING) riskRating!: number;
}

@InputType()
export class TenthRealmRollBurnInput {
  @Field(() => ID, { description: 'Whose hand the card comes from.' }) @IsUUID() characterId!: string;
  @Field() @IsString() @Length(1, 40) cardId!: string;
  @Field(() => TenthRealmRollBurnEffect) @IsEnum(TenthRealmRollBurnEffect) effect!: TenthRealmRollBurnEffect;
  @Field(() => Int, {
    nullable: true,
    description: "VANORI (conjuring): by how much the DR is lowered from then on. The GM's (or a player's when the campaign sets playersSetDifficulty); answering a call, the call's conjuringAmount.",
  })
  @IsOptional() @IsInt() @Min(1) @Max(20) amount?: number;
  @Field(() => TenthRealmVanoriForm, { nullable: true, description: 'VANORI: the Vanori conjured (the default) or its form taken.' })
  @IsOptional() @IsEnum(TenthRealmVanoriForm) form?: TenthRealmVanoriForm;
}

@InputType()
export class TenthRealmDrAdjustmentInput {
  @Field(() => Int, { description: 'Signed: + raises the DR, − lowers it.' }) @IsInt() @Min(-20) @Max(20) amount!: number;
  @Field() @IsString() @Length(TEXT.min, 200) reason!: string;
}

@InputType()
export class TenthRealmRollFields {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => ID, { nullable: true, description: "The GM's call this roll answers (tenthRealmCallTrial): its DR, changes and feat die are used." })
  @IsOptional() @IsUUID() callId?: string;
  @Field(() => TenthRealmAttribute, { nullable: true, description: "The player's pick; required unless the call names it." })
  @IsOptional() @IsEnum(TenthRealmAttribute) attribute?: TenthRealmAttribute;
  @Field(() => Int, { nullable: true, description: "GM (or a player when the campaign sets playersSetDifficulty), without a call: Easy 9, Normal 12 (the default), Challenging 15, or any other value." })
  @IsOptional() @IsInt() @Min(DR.min) @Max(DR.max) dr?: number;
  @Field(() => [TenthRealmRollBurnInput], { defaultValue: [] })
  @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => TenthRealmRollBurnInput) burns!: TenthRealmRollBurnInput[];
  @Field(() => [TenthRealmDrAdjustmentInput], { defaultValue: [], description: 'GM (or a player when the campaign sets playersSetDifficulty), without a call.' })
  @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => TenthRealmDrAdjustmentInput) drAdjustments!: TenthRealmDrAdjustmentInput[];
}

@InputType()
export class TenthRealmTrialRollInput extends TenthRealmRollFields {
  @Field({ nullable: true, description: 'A fate roll: no cards revealed, none kept, no XP. GM, without a call.' }) @IsOptional() @IsBoolean() fate?: boolean;
}

@InputType({ description: "The GM's call for a trial: the called character's player then rolls it with their own burns." })
export class TenthRealmCallTrialInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => TenthRealmAttribute, { nullable: true, description: 'Left out: the player picks it when rolling.' })
  @IsOptional() @IsEnum(TenthRealmAttribute) attribute?: TenthRealmAttribute;
  @Field(() => Int, { defaultValue: 12, description: 'Easy 9, Normal 12, Challenging 15, or any other value.' }) @IsInt() @Min(DR.min) @Max(DR.max) dr!: number;
  @Field(() => [TenthRealmDrAdjustmentInput], { defaultValue: [], description: 'The changes the group agreed, GM having the final say.' })
  @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => TenthRealmDrAdjustmentInput) drAdjustments!: TenthRealmDrAdjustmentInput[];
  @Field(() => Int, { nullable: true, description: 'For a FEAT attack: the damage die, d4 to d12.' }) @IsOptional() @IsInt() @IsIn(DICE) featDie?: number;
  @Field({ defaultValue: false, description: 'A fate roll: no risk revealed, no card kept, no XP.' }) @IsBoolean() fate!: boolean;
  @Field({ nullable: true, description: "GM: the blow ignores armor (the GM's discretion)." }) @IsOptional() @IsBoolean() ignoreArmor?: boolean;
  @Field({ nullable: true, description: 'GM: on a setback, this consequence in place of the damage (no damage die).' })
  @IsOptional() @IsString() @Length(TEXT.min, 200) consequenceInPlaceOfDamage?: string;
  @Field(() => Int, { nullable: true, description: 'If the player conjures their Vanori for the roll (a VANORI burn): by how much it lowers the DR, from then on.' })
  @IsOptional() @IsInt() @Min(1) @Max(20) conjuringAmount?: number;
}

@InputType()
export class TenthRealmRevealRiskInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => ID) @IsUUID() callId!: string;
}

@InputType({ description: 'A trial (or fate) roll as it would be made: nothing is rolled, written or drawn.' })
export class TenthRealmTrialOddsInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => TenthRealmAttribute) @IsEnum(TenthRealmAttribute) attribute!: TenthRealmAttribute;
  @Field(() => Int, { defaultValue: 12, description: 'Easy 9, Normal 12, Challenging 15, or any other value.' })
  @IsInt() @Min(DR.min) @Max(DR.max) dr!: number;
  @Field(() => [TenthRealmRollBurnInput], { defaultValue: [] })
  @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => TenthRealmRollBurnInput) burns!: TenthRealmRollBurnInput[];
  @Field(() => [TenthRealmDrAdjustmentInput], { defaultValue: [] })
  @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => TenthRealmDrAdjustmentInput) drAdjustments!: TenthRealmDrAdjustmentInput[];
  @Field({ defaultValue: false, description: 'A fate roll: no risk revealed, no card kept, no XP.' }) @IsBoolean() fate!: boolean;
}

@InputType()
export class TenthRealmBurnCardInput extends TenthRealmCharacterInput {
  @Field() @IsString() @Length(1, 40) cardId!: string;
  @Field(() => TenthRealmBurnEffect) @IsEnum(TenthRealmBurnEffect) effect!: TenthRealmBurnEffect;
  @Field({ nullable: true, description: 'COME_PREPARED: the item.' }) @IsOptional() @IsString() @Length(NAME.min, NAME.max) item?: string;
  @Field(() => ID, { nullable: true, description: 'WOLF, RAVEN: the enemy of the combat under way.' })
  @IsOptional() @IsString() @Length(1, 10) targetEnemyId?: string;
  @Field(() => ID, { nullable: true, description: "AID_AN_ALLY: the ally whose next roll gets the aid." })
  @IsOptional() @IsUUID() targetCharacterId?: string;
}

@InputType()
export class TenthRealmLoseResilienceInput extends TenthRealmCharacterInput {
  @Field(() => Int) @IsInt() @Min(1) @Max(1000) amount!: number;
}

@InputType()
export class TenthRealmRestInput extends TenthRealmCharacterInput {
  @Field(() => TenthRealmRestKind) @IsEnum(TenthRealmRestKind) kind!: TenthRealmRestKind;
  @Field(() => TenthRealmGearSlot, { nullable: true, description: "LONG, or SHORT with an OX's long-rest benefits: spend it repairing this (short recovery)." })
  @IsOptional() @IsEnum(TenthRealmGearSlot) repair?: TenthRealmGearSlot;
  @Field({ nullable: true, description: 'FULL: the condition it clears.' }) @IsOptional() @IsString() @Length(NAME.min, NAME.max) clearCondition?: string;
}

@InputType({ description: 'Attribute left out: willpower (unless the group picks another).' })
export class TenthRealmResilienceCheckInput extends TenthRealmRollFields {}

@InputType()
export class TenthRealmConditionInput extends TenthRealmCharacterInput {
  @Field() @IsString() @Length(NAME.min, NAME.max) condition!: string;
}

@InputType()
export class TenthRealmItemInput extends TenthRealmCharacterInput {
  @Field() @IsString() @Length(NAME.min, NAME.max) item!: string;
}

@InputType()
export class TenthRealmGearInput extends TenthRealmCharacterInput {
  @Field(() => TenthRealmGearSlot) @IsEnum(TenthRealmGearSlot) gear!: TenthRealmGearSlot;
}

@InputType({ description: 'A carried armor or weapon, by its slot and name.' })
export class TenthRealmNamedGearInput extends TenthRealmGearInput {
  @Field() @IsString() @Length(NAME.min, NAME.max) name!: string;
}

@InputType({ description: 'GM: armor (d4 or d6) or a weapon (d4–d12) the character gets.' })
export class TenthRealmGainGearInput extends TenthRealmNamedGearInput {
  @Field(() => Int, { description: 'The die rating: 4, 6 for armor; 4, 6, 8, 10, 12 for a weapon.' }) @IsInt() @IsIn(DICE) die!: number;
}

@InputType()
export class TenthRealmOracleInput extends TenthRealmCampaignInput {
  @Field() @IsString() @Length(TEXT.min, 500) question!: string;
  @Field(() => Int, { defaultValue: 0, description: 'Factors in favour: one more card each.' })
  @IsInt() @Min(0) @Max(MAX_ORACLE_FACTORS) factors!: number;
}

@InputType()
export class TenthRealmEnemyInput {
  @Field() @IsDisplayName(NAME.min, NAME.max) name!: string;
  @Field(() => Int) @IsInt() @Min(1) @Max(1000) resilience!: number;
  @Field(() => Int, { nullable: true, description: 'd4 or d6; none for no armor.' }) @IsOptional() @IsInt() @IsIn([4, 6]) armorDie?: number;
  @Field(() => Int, { description: 'd4 to d12.' }) @IsInt() @IsIn(DICE) weaponDie!: number;
}

@InputType()
export class TenthRealmStartCombatInput extends TenthRealmCampaignInput {
  @Field(() => [ID]) @ArrayMaxSize(20) @ArrayMinSize(1, { message: 'characterIds must name at least one character who fights' })
  @ArrayUnique({ message: 'characterIds must name each character once' }) @IsUUID('all', { each: true }) characterIds!: string[];
  @Field(() => [TenthRealmEnemyInput])
  @ArrayMaxSize(MAX_ENEMIES) @ArrayMinSize(1, { message: 'enemies must list at least one enemy' }) @ValidateNested({ each: true }) @Type(() => TenthRealmEnemyInput) enemies!: TenthRealmEnemyInput[];
}

@InputType()
export class TenthRealmAttackInput extends TenthRealmRollFields {
  @Field(() => ID) @IsUUID() encounterId!: string;
  @Field(() => ID) @IsString() @Length(1, 10) enemyId!: string;
  @Field(() => TenthRealmAttackMode, { defaultValue: TenthRealmAttackMode.WEAPON }) @IsEnum(TenthRealmAttackMode) mode!: TenthRealmAttackMode;
  @Field(() => Int, { nullable: true, description: 'FEAT: the damage die the GM assigns, d4 to d12.' }) @IsOptional() @IsInt() @IsIn(DICE) featDie?: number;
  @Field({ nullable: true, description: "GM: the blow ignores armor (the GM's discretion)." }) @IsOptional() @IsBoolean() ignoreArmor?: boolean;
  @Field({ nullable: true, description: 'GM: on a setback, this consequence in place of the damage (no damage die).' })
  @IsOptional() @IsString() @Length(TEXT.min, 200) consequenceInPlaceOfDamage?: string;
}

@InputType({ description: "A turn spent on the target's armor or weapon: a trial roll; a success steps its die down." })
export class TenthRealmDamageEnemyGearInput extends TenthRealmRollFields {
  @Field(() => ID) @IsUUID() encounterId!: string;
  @Field(() => ID) @IsString() @Length(1, 10) enemyId!: string;
  @Field(() => TenthRealmGearSlot) @IsEnum(TenthRealmGearSlot) gear!: TenthRealmGearSlot;
}

@InputType()
export class TenthRealmDefendInput extends TenthRealmRollFields {
  @Field(() => ID) @IsUUID() encounterId!: string;
  @Field(() => ID) @IsString() @Length(1, 10) enemyId!: string;
  @Field({ nullable: true, description: "GM: the blow ignores armor (the GM's discretion)." }) @IsOptional() @IsBoolean() ignoreArmor?: boolean;
  @Field({ nullable: true, description: 'GM: on a setback, this consequence in place of the damage (no damage die).' })
  @IsOptional() @IsString() @Length(TEXT.min, 200) consequenceInPlaceOfDamage?: string;
}

@InputType()
export class TenthRealmMoraleInput {
  @Field(() => ID) @IsUUID() encounterId!: string;
  @Field(() => ID, { nullable: true, description: 'One enemy; every enemy still fighting when left out.' })
  @IsOptional() @IsString() @Length(1, 10) enemyId?: string;
}

@InputType()
export class TenthRealmEndCombatInput {
  @Field(() => ID) @IsUUID() encounterId!: string;
  @Field(() => TenthRealmCombatEnding) @IsEnum(TenthRealmCombatEnding) outcome!: TenthRealmCombatEnding;
}

@InputType()
export class TenthRealmWithdrawInput {
  @Field(() => ID) @IsUUID() encounterId!: string;
  @Field(() => ID, { description: 'A character of the fight, whose player speaks for the side.' }) @IsUUID() characterId!: string;
}
