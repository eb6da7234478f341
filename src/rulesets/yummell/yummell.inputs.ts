import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { GraphQLJSONObject } from 'graphql-scalars';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsBoolean,
  IsEnum,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_CHARACTERISTIC, MIN_CHARACTERISTIC } from '../../rules/yummell/characters.js';
import { MAX_DECK_CARDS, MAX_SQUARES } from '../../rules/yummell/validation.js';
import { YummellAbility, YummellCharacteristic } from './yummell.model.js';
import { IsDisplayName } from '../../common/display-name.js';

const NAME = { min: 1, max: 100 };
/** Card ids are at most 40 characters (validateYummellDeck). */
const CARD_ID = { min: 1, max: 40 };
/** An Advantage's name and bonus, as validateAdvantages checks them. */
const ADVANTAGE_NAME = { min: 1, max: 60 };
const ADVANTAGE_BONUS = { min: 1, max: 10 };
/** More Advantages than a character could hold in front of it. */
const MAX_ADVANTAGES = 20;

@InputType({ description: 'A board and a deck: each either your own (checked square by square, card by card) or a preset; the example ones by default.' })
export class YummellSetUpInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: '{ name, squares: [{ terrain, capacity, impassable, name }], extraTerrains: { DESERT: 3 } }' })
  @IsOptional() @IsObject() board?: Record<string, unknown>;
  @Field({ nullable: true, description: 'A board preset id (`yummellPresets`).' }) @IsOptional() @IsString() @Length(1, 60) boardPreset?: string;
  @Field(() => [GraphQLJSONObject], { nullable: true, description: 'CREATURE, ARTEFACT and EVENT cards with values 1–8 and effects as data.' })
  @IsOptional() @ArrayMaxSize(MAX_DECK_CARDS) @IsObject({ each: true }) cards?: Record<string, unknown>[];
  @Field({ nullable: true, description: 'A deck preset id (`yummellPresets`).' }) @IsOptional() @IsString() @Length(1, 60) deckPreset?: string;
}

@InputType({ description: `Each a whole number from ${MIN_CHARACTERISTIC} to ${MAX_CHARACTERISTIC}.` })
export class YummellCharacteristicsInput {
  @Field(() => Int) @IsInt() @Min(MIN_CHARACTERISTIC) @Max(MAX_CHARACTERISTIC) strength!: number;
  @Field(() => Int) @IsInt() @Min(MIN_CHARACTERISTIC) @Max(MAX_CHARACTERISTIC) charm!: number;
  @Field(() => Int) @IsInt() @Min(MIN_CHARACTERISTIC) @Max(MAX_CHARACTERISTIC) agility!: number;
  @Field(() => Int) @IsInt() @Min(MIN_CHARACTERISTIC) @Max(MAX_CHARACTERISTIC) magic!: number;
}

@InputType({ description: 'An Advantage card: e.g. Heroism, +4 to every Characteristic in challenges, kept after use.' })
export class YummellAdvantageInput {
  @Field() @IsDisplayName(ADVANTAGE_NAME.min, ADVANTAGE_NAME.max) name!: string;
  @Field(() => Int) @IsInt() @Min(ADVANTAGE_BONUS.min) @Max(ADVANTAGE_BONUS.max) bonus!: number;
  @Field(() => [YummellCharacteristic], { description: 'The Characteristics whose challenges it adds to.' })
  @ArrayMinSize(1) @ArrayMaxSize(4) @ArrayUnique() @IsEnum(YummellCharacteristic, { each: true }) characteristics!: YummellCharacteristic[];
  @Field({ defaultValue: false, description: 'Whether using it discards it.' }) @IsBoolean() discardOnUse!: boolean;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 300) text?: string;
}

@InputType()
export class YummellCreateCharacterInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsDisplayName(NAME.min, NAME.max) name!: string;
  @Field(() => ID, { nullable: true, description: 'The player who plays it; none for a character the GM plays.' }) @IsOptional() @IsUUID() memberId?: string;
  @Field(() => YummellCharacteristicsInput) @ValidateNested() @Type(() => YummellCharacteristicsInput) characteristics!: YummellCharacteristicsInput;
  @Field(() => [YummellAbility], { defaultValue: [] }) @ArrayMaxSize(10) @ArrayUnique() @IsEnum(YummellAbility, { each: true }) abilities!: YummellAbility[];
  @Field(() => [YummellAdvantageInput], { defaultValue: [] })
  @ArrayMaxSize(MAX_ADVANTAGES) @ValidateNested({ each: true }) @Type(() => YummellAdvantageInput) advantages!: YummellAdvantageInput[];
}

@InputType({ description: 'A use of an Ability: CLEPTOMANIA names the character robbed and, when it has several Artefacts, which one.' })
export class YummellAbilityUseInput {
  @Field(() => YummellAbility) @IsEnum(YummellAbility) ability!: YummellAbility;
  @Field(() => ID) @IsUUID() targetCharacterId!: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(CARD_ID.min, CARD_ID.max) artefactCardId?: string;
}

@InputType()
export class YummellMoveInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field({ description: 'A card of the hand: its value is the movement points.' }) @IsString() @Length(CARD_ID.min, CARD_ID.max) cardId!: string;
  @Field(() => Int, { nullable: true, description: 'Stop after entering this many squares, even with points left.' })
  @IsOptional() @IsInt() @Min(1) @Max(MAX_SQUARES) stopAfter?: number;
  @Field(() => [YummellAbilityUseInput], { defaultValue: [], description: 'Abilities used at the end of the movement, before the encounter.' })
  @ArrayMaxSize(5) @ValidateNested({ each: true }) @Type(() => YummellAbilityUseInput) abilitiesBeforeEncounter!: YummellAbilityUseInput[];
}

@InputType()
export class YummellResolveChallengeInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field({ nullable: true, description: 'A card of the hand: required while the hand holds any.' }) @IsOptional() @IsString() @Length(CARD_ID.min, CARD_ID.max) cardId?: string;
  @Field(() => [String], { defaultValue: [], description: 'Names of the character’s Advantages to use.' })
  @ArrayMaxSize(MAX_ADVANTAGES) @IsString({ each: true }) @Length(ADVANTAGE_NAME.min, ADVANTAGE_NAME.max, { each: true }) advantages!: string[];
}

@InputType({ description: 'A pending challenge to preview: nothing is played, written or drawn.' })
export class YummellChallengeOddsInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => [String], { defaultValue: [], description: 'Names of the character’s Advantages the player would use.' })
  @ArrayMaxSize(MAX_ADVANTAGES) @IsString({ each: true }) @Length(ADVANTAGE_NAME.min, ADVANTAGE_NAME.max, { each: true }) advantages!: string[];
}

@InputType()
export class YummellCharacterInput {
  @Field(() => ID) @IsUUID() characterId!: string;
}

@InputType()
export class YummellUseAbilityInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => YummellAbility) @IsEnum(YummellAbility) ability!: YummellAbility;
  @Field(() => ID) @IsUUID() targetCharacterId!: string;
  @Field({ nullable: true, description: 'The Artefact to take, when the target has several.' }) @IsOptional() @IsString() @Length(CARD_ID.min, CARD_ID.max) artefactCardId?: string;
}
