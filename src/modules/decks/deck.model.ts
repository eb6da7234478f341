import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { GraphQLJSONObject } from 'graphql-scalars';

export enum SuitEnum {
  C = 'C',
  D = 'D',
  H = 'H',
  S = 'S',
}
registerEnumType(SuitEnum, { name: 'Suit', description: 'Clubs, diamonds, hearts, spades.' });

export enum CardColorEnum {
  RED = 'RED',
  BLACK = 'BLACK',
}
registerEnumType(CardColorEnum, { name: 'CardColor' });

export enum DrawFrom {
  TOP = 'TOP',
  BOTTOM = 'BOTTOM',
  RANDOM = 'RANDOM',
}
registerEnumType(DrawFrom, { name: 'DrawFrom' });

export enum DrawTo {
  HAND = 'HAND',
  DISCARD = 'DISCARD',
  TABLE = 'TABLE',
}
registerEnumType(DrawTo, { name: 'DrawTo', description: 'Where drawn cards go; DISCARD reveals them face up.' });

export enum MoveTo {
  DRAW_PILE_TOP = 'DRAW_PILE_TOP',
  DRAW_PILE_BOTTOM = 'DRAW_PILE_BOTTOM',
  DISCARD = 'DISCARD',
  HAND = 'HAND',
  TABLE = 'TABLE',
}
registerEnumType(MoveTo, { name: 'MoveTo' });

@ObjectType({ description: 'A card, as its deck defines it.' })
export class Card {
  @Field(() => ID, { description: 'Unique within its deck.' }) id!: string;
  @Field(() => ID) deckId!: string;
  @Field() code!: string;
  @Field({ nullable: true }) name?: string;
  @Field(() => SuitEnum, { nullable: true }) suit?: SuitEnum;
  @Field({ nullable: true }) rank?: string;
  @Field(() => CardColorEnum, { nullable: true }) color?: CardColorEnum;
  @Field({ nullable: true, description: "A ruleset's own card kind." }) type?: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) attributes?: Record<string, string | number | boolean>;
}

@ObjectType()
export class HandSize {
  @Field(() => ID) characterId!: string;
  @Field(() => Int) count!: number;
}

@ObjectType({ description: 'A deck. The order of its draw pile is secret and never returned.' })
export class Deck {
  @Field(() => ID) id!: string;
  @Field(() => ID) campaignId!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'Cards in the deck, wherever they are.' }) cardCount!: number;
  @Field(() => [Card], {
    nullable: true,
    description:
      'For the GM: every card of the deck in the order it was defined, which its shuffles start from (a verifier replays the deck from it). Null for players: a card list would name the cards in hidden hands.',
  })
  cards!: Card[] | null;
  @Field(() => Int) drawPileCount!: number;
  @Field(() => [Card], { description: 'Face up, index 0 on top.' }) discardPile!: Card[];
  @Field(() => [Card], { description: 'Face-up cards in play.' }) table!: Card[];
  @Field(() => [HandSize], { description: 'How many cards of this deck each character holds.' }) hands!: HandSize[];
}

@ObjectType()
export class DrawCardsPayload {
  @Field(() => [Card], { description: 'The cards drawn, in the order drawn.' }) cards!: Card[];
  @Field(() => Deck) deck!: Deck;
  @Field({ description: 'True when the discard pile had to be shuffled back in to finish the draw.' }) reshuffled!: boolean;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class DeckChangePayload {
  @Field(() => Deck) deck!: Deck;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EndScenePayload {
  @Field(() => [Deck]) decks!: Deck[];
  @Field(() => Int, { nullable: true, description: 'The last event written; null when there were no decks.' })
  eventSeq!: number | null;
}

@ObjectType({ description: 'A deck anyone can start from.' })
export class CardPreset {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field(() => [Card], { description: 'In canonical order: the order a new deck is shuffled from.' }) cards!: Card[];
}
