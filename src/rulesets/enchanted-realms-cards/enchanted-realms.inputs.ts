import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsEnum, IsInt, IsOptional, IsString, IsUUID, Length, Max, Min, ValidateNested } from 'class-validator';
import { EnchantedRealmsAttribute, EnchantedRealmsDrawAction } from './enchanted-realms.model.js';
import { IsDisplayName } from '../../common/display-name.js';

const NAME = { min: 1, max: 100 };
/** Card ids are at most 40 characters (validateCardList). */
const CARD_ID = { min: 1, max: 40 };
/** A Challenge Number or a challenge's Force the Lead Player may set: any value, within reason. */
const NUMBER = { min: -100, max: 1000 };
/** Most cards one trade or one return may name. */
const MAX_CARDS = 20;

@InputType()
export class EnchantedRealmsCreateCharacterInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsDisplayName(NAME.min, NAME.max) name!: string;
  @Field(() => ID, { nullable: true, description: "The player's member id; a player's own by default. GM: none for an NPC." })
  @IsOptional() @IsUUID() memberId?: string;
  @Field({ description: 'A HERO card of the Adventure Deck, not held by anyone nor on another character.' })
  @IsString() @Length(CARD_ID.min, CARD_ID.max) heroCardId!: string;
  @Field({ description: 'A CREATURE card (the character\'s people), likewise available.' })
  @IsString() @Length(CARD_ID.min, CARD_ID.max) creatureCardId!: string;
}

@InputType({ description: 'Who makes the Counter Draw: exactly one of an opposing character, a card the Lead Player draws against for the game, and a group of foes.' })
export class EnchantedRealmsOpponentInput {
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID() characterId?: string;
  @Field({ nullable: true, description: 'The target card (the Crevice): the game adds its bonuses, or its Force Number when it lists none.' })
  @IsOptional() @IsString() @Length(CARD_ID.min, CARD_ID.max) forTheGameCardId?: string;
  @Field(() => ID, { nullable: true, description: 'A group of foes in the scene (enchantedRealmsAddFoes): the Lead Player draws for it.' })
  @IsOptional() @IsString() @Length(1, 40) foeId?: string;
}

@InputType({ description: 'The Lead Player calls for a Draw: a character, its action, and a Challenge Number or a target card the game draws against.' })
export class EnchantedRealmsCallDrawInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => ID, { description: 'The character whose player makes the Draw.' }) @IsUUID() actorId!: string;
  @Field(() => EnchantedRealmsDrawAction) @IsEnum(EnchantedRealmsDrawAction) action!: EnchantedRealmsDrawAction;
  @Field(() => EnchantedRealmsAttribute, { nullable: true, description: 'The attribute of ACTION_WITH_CARD and ACTION_WITHOUT_CARD.' })
  @IsOptional() @IsEnum(EnchantedRealmsAttribute) attribute?: EnchantedRealmsAttribute;
  @Field(() => Int, { nullable: true, description: 'Met when the Adjusted Draw Score is at least this. Exactly one of this and forTheGameCardId.' })
  @IsOptional() @IsInt() @Min(NUMBER.min) @Max(NUMBER.max) challengeNumber?: number;
  @Field(() => Int, { nullable: true, description: 'The Force a reward for meeting the Challenge Number may reach; the Challenge Number by default.' })
  @IsOptional() @IsInt() @Min(0) @Max(NUMBER.max) challengeForce?: number;
  @Field({ nullable: true, description: 'The target card the Lead Player draws against, for the game (the Crevice).' })
  @IsOptional() @IsString() @Length(CARD_ID.min, CARD_ID.max) forTheGameCardId?: string;
  @Field(() => EnchantedRealmsDrawAction, { nullable: true, description: "For the game: only the target card's bonuses that this action's formula uses count." })
  @IsOptional() @IsEnum(EnchantedRealmsDrawAction) opposingAction?: EnchantedRealmsDrawAction;
  @Field(() => EnchantedRealmsAttribute, { nullable: true }) @IsOptional() @IsEnum(EnchantedRealmsAttribute) opposingAttribute?: EnchantedRealmsAttribute;
}

@InputType({
  description:
    "A Draw: the Draw the Lead Player called for (callSeq alone), or a contest against an opposing character. The GM may also draw against a Challenge Number or for the game directly.",
})
export class EnchantedRealmsDrawInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => ID, { description: 'The character who draws and initiates the action (a tie goes to it).' }) @IsUUID() actorId!: string;
  @Field(() => Int, { nullable: true, description: 'The call (enchantedRealmsCallDraw) this Draw answers: its terms are the call\'s, and no other term is given.' })
  @IsOptional() @IsInt() @Min(1) callSeq?: number;
  @Field(() => EnchantedRealmsDrawAction, { nullable: true, description: 'Needed unless callSeq is given.' })
  @IsOptional() @IsEnum(EnchantedRealmsDrawAction) action?: EnchantedRealmsDrawAction;
  @Field(() => EnchantedRealmsAttribute, { nullable: true, description: 'The attribute of ACTION_WITH_CARD and ACTION_WITHOUT_CARD.' })
  @IsOptional() @IsEnum(EnchantedRealmsAttribute) attribute?: EnchantedRealmsAttribute;
  @Field(() => EnchantedRealmsOpponentInput, { nullable: true })
  @IsOptional() @ValidateNested() @Type(() => EnchantedRealmsOpponentInput) opponent?: EnchantedRealmsOpponentInput;
  @Field(() => EnchantedRealmsDrawAction, {
    nullable: true,
    description:
      "The Counter Draw's action, the defender's to choose (its player's, or the GM's): DEFEND against ATTACK, DEFEND_SPELL against SPELL (and back), " +
      'an action with or without a card against either. Left out: the usual answer. For the game (GM): the target card\'s bonuses this formula uses are the relevant ones (the usual answer\'s when left out).',
  })
  @IsOptional() @IsEnum(EnchantedRealmsDrawAction) opposingAction?: EnchantedRealmsDrawAction;
  @Field(() => EnchantedRealmsAttribute, { nullable: true, description: 'The attribute of an opposing action with or without a card; `attribute` by default.' })
  @IsOptional() @IsEnum(EnchantedRealmsAttribute) opposingAttribute?: EnchantedRealmsAttribute;
  @Field(() => Int, { nullable: true, description: 'GM (the Lead Player): met when the Adjusted Draw Score is at least this.' })
  @IsOptional() @IsInt() @Min(NUMBER.min) @Max(NUMBER.max) challengeNumber?: number;
  @Field(() => Int, { nullable: true, description: 'Set by the Lead Player: the Force a reward for meeting the Challenge Number may reach; the Challenge Number by default.' })
  @IsOptional() @IsInt() @Min(0) @Max(NUMBER.max) challengeForce?: number;
}

@InputType({ description: 'A Draw as it would be made: nothing is drawn, written or taken from the stream.' })
export class EnchantedRealmsDrawOddsInput extends EnchantedRealmsDrawInput {}

@InputType()
export class EnchantedRealmsCountCreaturesInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field({ description: 'The CREATURE card whose Force divides the sum.' }) @IsString() @Length(CARD_ID.min, CARD_ID.max) creatureCardId!: string;
  @Field(() => Int, { defaultValue: 3, description: 'How many cards to draw: 3 unless the Lead Player says otherwise.' })
  @IsInt() @Min(1) @Max(20) draws!: number;
}

@InputType()
export class EnchantedRealmsAddFoesInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field({ description: 'The CREATURE card the foes are.' }) @IsString() @Length(CARD_ID.min, CARD_ID.max) creatureCardId!: string;
  @Field(() => Int, { description: 'How many: e.g. the count enchantedRealmsCountCreatures gave.' }) @IsInt() @Min(1) @Max(1000) count!: number;
}

@InputType()
export class EnchantedRealmsAwardInput {
  @Field(() => ID) @IsUUID() characterId!: string;
  @Field({ description: "An ITEM or ENHANCEMENT card in the character's hand." }) @IsString() @Length(CARD_ID.min, CARD_ID.max) cardId!: string;
  @Field(() => Int, { description: "The eventSeq of the Draw that overcame the creature or challenge: the reward's Force may reach the challenge's, as the server recorded it." })
  @IsInt() @Min(1) challengeSeq!: number;
  @Field({ defaultValue: false, description: 'An ITEM found during this encounter: no Force limit.' }) @IsBoolean() acquiredDuringEncounter!: boolean;
  @Field({ defaultValue: false, description: 'Set the card aside until the quest completes (enchantedRealmsCompleteQuest), instead of onto the character.' })
  @IsBoolean() setAside!: boolean;
}

@InputType()
export class EnchantedRealmsCompleteQuestInput {
  @Field(() => ID, { description: "The character whose rewards set aside now go onto it." }) @IsUUID() characterId!: string;
}

@InputType({ description: 'ITEM cards from hand for ITEM cards from hand.' })
export class EnchantedRealmsBarterInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => ID, { description: 'The character who gives `give` and receives `take`.' }) @IsUUID() from!: string;
  @Field(() => ID, { nullable: true, description: 'The other character; left out for a trade with the Lead Player (GM only).' })
  @IsOptional() @IsUUID() to?: string;
  @Field(() => [String], { defaultValue: [] })
  @ArrayMaxSize(MAX_CARDS) @IsString({ each: true }) @Length(CARD_ID.min, CARD_ID.max, { each: true }) give!: string[];
  @Field(() => [String], { defaultValue: [] })
  @ArrayMaxSize(MAX_CARDS) @IsString({ each: true }) @Length(CARD_ID.min, CARD_ID.max, { each: true }) take!: string[];
}

@InputType({ description: 'The Lead Player lays a WORLD card face up on the table and SUPPORT cards face down under it.' })
export class EnchantedRealmsLayWorldInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field({ description: "A WORLD card from the Lead Player's hand or lying unclaimed (draw pile, discard pile, table); one already on the table takes more SUPPORT cards." })
  @IsString() @Length(CARD_ID.min, CARD_ID.max) worldCardId!: string;
  @Field(() => [String], { defaultValue: [], description: "SUPPORT cards from the Lead Player's hand or lying unclaimed: they go to the Lead Player's hand when the characters move there." })
  @ArrayMaxSize(MAX_CARDS) @IsString({ each: true }) @Length(CARD_ID.min, CARD_ID.max, { each: true }) supportCardIds!: string[];
}

@InputType({ description: "The characters move to a WORLD card on the table: the SUPPORT cards under it go to the Lead Player's hand." })
export class EnchantedRealmsMoveToWorldInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field({ description: 'A WORLD card on the table (enchantedRealmsLayWorld).' }) @IsString() @Length(CARD_ID.min, CARD_ID.max) worldCardId!: string;
  @Field(() => [String], {
    nullable: true,
    description: "When the SUPPORT cards take the Lead Player's hand over 5: the cards it gives back to the bottom of the Adventure Deck, exactly the excess; the newest when left out.",
  })
  @IsOptional() @ArrayMaxSize(MAX_CARDS) @IsString({ each: true }) @Length(CARD_ID.min, CARD_ID.max, { each: true }) returns?: string[];
}

@InputType({ description: 'The cards a hand over 5 gives back; its newest cards when left out.' })
export class EnchantedRealmsReturnInput {
  @Field(() => ID, { nullable: true, description: "The character whose hand it is; left out for the Lead Player's." })
  @IsOptional() @IsUUID() characterId?: string;
  @Field(() => [String]) @ArrayMaxSize(100) @IsString({ each: true }) @Length(CARD_ID.min, CARD_ID.max, { each: true }) cardIds!: string[];
}

@InputType()
export class EnchantedRealmsReconcileInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field(() => [EnchantedRealmsReturnInput], { defaultValue: [] })
  @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => EnchantedRealmsReturnInput) returns!: EnchantedRealmsReturnInput[];
  @Field({ defaultValue: false, description: "End the scene first, in the same move: its discard pile and the table are shuffled back into the Adventure Deck." })
  @IsOptional() @IsBoolean() endScene?: boolean;
}
