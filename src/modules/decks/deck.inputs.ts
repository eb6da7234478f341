import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';
import { CardColorEnum, DrawFrom, DrawTo, MoveTo, SuitEnum } from './deck.model.js';
import { IsDisplayName } from '../../common/display-name.js';

/** Checked field by field by the card rules (validateCardList), which name the offending card. */
@InputType()
export class CardInput {
  @Field({ nullable: true, description: "Unique within the deck; defaults to the code." }) id?: string;
  @Field() code!: string;
  @Field({ nullable: true }) name?: string;
  @Field(() => SuitEnum, { nullable: true }) suit?: SuitEnum;
  @Field({ nullable: true }) rank?: string;
  @Field(() => CardColorEnum, { nullable: true }) color?: CardColorEnum;
  @Field({ nullable: true }) type?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) attributes?: Record<string, unknown>;
}

@InputType()
export class CreateDeckInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
  @Field() @IsDisplayName() name!: string;
  @Field({ nullable: true, description: 'A preset id (see cardPreset), e.g. "standard-52".' })
  @IsOptional() @IsString() @Length(1, 60) preset?: string;
  @Field(() => [CardInput], { nullable: true, description: 'A deck of your own, instead of a preset.' })
  @IsOptional() @ArrayMinSize(1) @ArrayMaxSize(1000) cards?: CardInput[];
}

@InputType()
export class ShuffleDeckInput {
  @Field(() => ID) @IsUUID() deckId!: string;
  @Field({ defaultValue: false, description: 'Mix the discard pile back in first.' }) @IsBoolean() includeDiscard!: boolean;
}

@InputType()
export class DrawCardsInput {
  @Field(() => ID) @IsUUID() deckId!: string;
  @Field(() => Int, { defaultValue: 1 }) @IsInt() @Min(1) @Max(1000) count!: number;
  @Field(() => DrawFrom, { defaultValue: DrawFrom.TOP }) @IsEnum(DrawFrom) from!: DrawFrom;
  @Field(() => DrawTo, { defaultValue: DrawTo.HAND }) @IsEnum(DrawTo) to!: DrawTo;
  @Field(() => ID, { nullable: true, description: 'Whose hand, when drawing to HAND.' })
  @IsOptional() @IsUUID() characterId?: string;
  @Field({ nullable: true, description: "GM: move a deck a ruleset owns (the Adventure Deck, the Tenth Realm's deck) anyway, past its ruleset's rules; the event records it." })
  @IsOptional() @IsBoolean() override?: boolean;
}

@InputType()
export class MoveCardsInput {
  @Field(() => ID) @IsUUID() deckId!: string;
  @Field(() => [ID]) @ArrayMinSize(1) @ArrayMaxSize(1000) @IsString({ each: true }) @Length(1, 40, { each: true }) cardIds!: string[];
  @Field(() => MoveTo) @IsEnum(MoveTo) to!: MoveTo;
  @Field(() => ID, { nullable: true, description: 'Whose hand, when moving to HAND.' })
  @IsOptional() @IsUUID() characterId?: string;
  @Field({ nullable: true, description: "GM: move a deck a ruleset owns (the Adventure Deck, the Tenth Realm's deck) anyway, past its ruleset's rules; the event records it." })
  @IsOptional() @IsBoolean() override?: boolean;
}

@InputType()
export class EndSceneInput {
  @Field(() => ID) @IsUUID() campaignId!: string;
}
