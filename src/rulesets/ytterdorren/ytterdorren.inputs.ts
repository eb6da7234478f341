import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsObject, IsOptional, IsString, IsUUID, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { MAX_AMOUNT, MAX_ITEM_NAME, MAX_ITEMS, SHEET_LIMITS } from '../../rules/ytterdorren/characters.js';
import { MAX_CREATURE_CARDS } from '../../rules/ytterdorren/creatures.js';
import { MAX_FOE_DAMAGE, MAX_FOES } from '../../rules/ytterdorren/encounter.js';
import { MAX_SKIRMISH_CREATURES } from '../../rules/ytterdorren/skirmish.js';
import { MAX_PLAYERS } from '../../rules/ytterdorren/state.js';
import { YtterdorrenStance } from './ytterdorren.model.js';
import { IsDisplayName } from '../../common/display-name.js';

const NAME = { min: 1, max: 100 };
/** Creature card ids are at most 40 characters (validateCreatureCards); difficulties 20. */
const CREATURE_ID = { min: 1, max: 40 };
const DIFFICULTY = { min: 1, max: 20 };
/** Foe ids are `f1` … `f20`. */
const FOE_ID = { min: 1, max: 10 };
const NOT_BLANK = /\S/;

@InputType({ description: "A character: the GM vouches for its Vita, Defense and Might (from its hero's board)." })
export class YtterdorrenCreateCharacterInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsDisplayName(NAME.min, NAME.max) name!: string;
  @Field(() => ID, { nullable: true, description: "The player's member id; none for an NPC." }) @IsOptional() @IsUUID() memberId?: string;
  @Field(() => Int, { description: `Max and current Vita, ${SHEET_LIMITS.vita.join('–')}.` })
  @IsInt() @Min(SHEET_LIMITS.vita[0]) @Max(SHEET_LIMITS.vita[1]) vita!: number;
  @Field(() => Int, { description: `${SHEET_LIMITS.defense.join('–')}.` })
  @IsInt() @Min(SHEET_LIMITS.defense[0]) @Max(SHEET_LIMITS.defense[1]) defense!: number;
  @Field(() => Int, { description: `Added to the character's d100 attack rolls, ${SHEET_LIMITS.might[0]} to ${SHEET_LIMITS.might[1]}.` })
  @IsInt() @Min(SHEET_LIMITS.might[0]) @Max(SHEET_LIMITS.might[1]) might!: number;
}

@InputType({ description: 'Creature cards, each replacing the campaign’s card of the same id or added to them.' })
export class YtterdorrenLoadCreaturesInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => [GraphQLJSONObject], { description: 'Cards in the shape docs/rulesets/ytterdorren.md shows (that of the `creatures` setting).' })
  @ArrayMinSize(1) @ArrayMaxSize(MAX_CREATURE_CARDS) @IsObject({ each: true }) creatures!: Array<Record<string, unknown>>;
}

@InputType()
export class YtterdorrenStartSkirmishInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => [ID], { description: `1 to ${MAX_PLAYERS} characters: their number is the number of players.` })
  @ArrayMinSize(1) @ArrayMaxSize(MAX_PLAYERS) @IsUUID('all', { each: true }) characterIds!: string[];
  @Field(() => [String], { description: 'Creature card ids; a creature listed twice fights twice.' })
  @ArrayMinSize(1) @ArrayMaxSize(MAX_SKIRMISH_CREATURES) @IsString({ each: true }) @Length(CREATURE_ID.min, CREATURE_ID.max, { each: true }) creatureIds!: string[];
}

@InputType()
export class YtterdorrenChooseStanceInput {
  @Field(() => ID) @IsUUID() skirmishId!: string;
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => YtterdorrenStance) @IsEnum(YtterdorrenStance) stance!: YtterdorrenStance;
  @Field({ nullable: true, description: 'The creature to attack: needed when creatures of more than one card fight.' })
  @IsOptional() @IsString() @Length(CREATURE_ID.min, CREATURE_ID.max) targetCreatureId?: string;
}

@InputType()
export class YtterdorrenSkirmishInput {
  @Field(() => ID) @IsUUID() skirmishId!: string;
}

@InputType()
export class YtterdorrenFoeInput {
  @Field() @IsString() @Length(CREATURE_ID.min, CREATURE_ID.max) creatureId!: string;
  @Field({ description: 'One of the difficulties the card gives a Might for, e.g. NORMAL.' }) @IsString() @Length(DIFFICULTY.min, DIFFICULTY.max) difficulty!: string;
}

@InputType()
export class YtterdorrenStartEncounterInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => [ID], { description: `1 to ${MAX_PLAYERS} characters: their number is the number of players.` })
  @ArrayMinSize(1) @ArrayMaxSize(MAX_PLAYERS) @IsUUID('all', { each: true }) characterIds!: string[];
  @Field(() => [YtterdorrenFoeInput])
  @ArrayMinSize(1) @ArrayMaxSize(MAX_FOES) @ValidateNested({ each: true }) @Type(() => YtterdorrenFoeInput) foes!: YtterdorrenFoeInput[];
}

@InputType()
export class YtterdorrenEncounterInput {
  @Field(() => ID) @IsUUID() encounterId!: string;
}

@InputType()
export class YtterdorrenFoeAttackInput extends YtterdorrenEncounterInput {
  @Field(() => ID) @IsString() @Length(FOE_ID.min, FOE_ID.max) foeId!: string;
  @Field(() => ID) @IsUUID() targetCharacterId!: string;
}

@InputType()
export class YtterdorrenCharacterAttackInput extends YtterdorrenEncounterInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => ID) @IsString() @Length(FOE_ID.min, FOE_ID.max) foeId!: string;
}

@InputType()
export class YtterdorrenDamageFoeInput extends YtterdorrenEncounterInput {
  @Field(() => ID) @IsString() @Length(FOE_ID.min, FOE_ID.max) foeId!: string;
  @Field(() => Int) @IsInt() @Min(1) @Max(MAX_FOE_DAMAGE) amount!: number;
}

@InputType()
export class YtterdorrenCharacterAmountInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => Int) @IsInt() @Min(1) @Max(MAX_AMOUNT) amount!: number;
}

@InputType()
export class YtterdorrenItemInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field() @IsString() @Length(1, MAX_ITEM_NAME) @Matches(NOT_BLANK, { message: 'item must not be blank' }) item!: string;
}

@InputType({ description: "What the item does is on its card: the GM says whether it is used up and the Vita it gives." })
export class YtterdorrenUseItemInput extends YtterdorrenItemInput {
  @Field({ nullable: true, description: 'GM: whether the item is used up (true when left out).' }) @IsOptional() @IsBoolean() consumed?: boolean;
  @Field(() => Int, { nullable: true, description: 'GM: the Vita it gives back, never above the maximum (0 when left out).' })
  @IsOptional() @IsInt() @Min(0) @Max(MAX_AMOUNT) vitaGained?: number;
}

@InputType()
export class YtterdorrenEquipWeaponInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field(() => String, { nullable: true, description: 'One of the character’s items; null to equip none.' })
  @IsOptional() @IsString() @Length(1, MAX_ITEM_NAME) @Matches(NOT_BLANK, { message: 'weapon must not be blank' }) weapon?: string | null;
}

@InputType({ description: 'One character gives items and coins to another.' })
export class YtterdorrenTradeInput {
  @Field(() => ID, { description: 'The giving character: its player, or the GM, trades.' }) @IsUUID() fromCharacterId!: string;
  @Field(() => ID) @IsUUID() toCharacterId!: string;
  @Field(() => [String], { defaultValue: [], description: 'One entry per item given.' })
  @ArrayMaxSize(MAX_ITEMS) @IsString({ each: true }) @Length(1, MAX_ITEM_NAME, { each: true }) @Matches(NOT_BLANK, { each: true, message: 'items must not be blank' }) items!: string[];
  @Field(() => Int, { defaultValue: 0 }) @IsInt() @Min(0) @Max(MAX_AMOUNT) coins!: number;
}
