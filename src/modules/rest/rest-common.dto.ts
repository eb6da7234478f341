import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorCode } from '../../common/errors.js';
import type { CardView, DeckView } from '../decks/decks.service.js';
import { CardColorEnum, SuitEnum } from '../decks/deck.model.js';
import type { GameEvent } from '../events/event.model.js';

/**
 * The REST answers, field by field. Each is built by picking the fields of its DTO — never by
 * passing on what a service returned — so that nothing reaches a client that the GraphQL types
 * would not show (services return whole records, e.g. a deck with its draw pile).
 */

const ERROR_CODES: ErrorCode[] = [
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RULE_VIOLATION',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
];

class RestErrorExtensions {
  @ApiProperty({ enum: ERROR_CODES, enumName: 'ErrorCode' }) code!: ErrorCode;
  @ApiPropertyOptional({ description: 'RULE_VIOLATION: what the rules refused, for programs (e.g. CARD_NOT_IN_YOUR_HAND).' }) reason?: string;
  @ApiPropertyOptional({ description: 'BAD_USER_INPUT: the field at fault.' }) field?: string;
}

class RestError {
  @ApiProperty({ description: 'A sentence for people; safe to show.' }) message!: string;
  @ApiProperty({ type: RestErrorExtensions, description: 'The code, and what else the error says (as in GraphQL `extensions`).' })
  extensions!: RestErrorExtensions;
}

export class RestErrorBody {
  @ApiProperty({ type: [RestError], description: 'One error, shaped as a GraphQL error.' }) errors!: RestError[];
}

export class CardDto {
  @ApiProperty({ description: 'Unique within its deck.' }) id!: string;
  @ApiProperty({ format: 'uuid' }) deckId!: string;
  @ApiProperty({ example: 'QH' }) code!: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional({ enum: SuitEnum, enumName: 'Suit' }) suit?: string;
  @ApiPropertyOptional() rank?: string;
  @ApiPropertyOptional({ enum: CardColorEnum, enumName: 'CardColor' }) color?: string;
  @ApiPropertyOptional({ description: "A ruleset's own card kind." }) type?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) attributes?: Record<string, string | number | boolean>;
}

export function cardDto(card: CardView): CardDto {
  return {
    id: card.id,
    deckId: card.deckId,
    code: card.code,
    name: card.name,
    suit: card.suit,
    rank: card.rank,
    color: card.color,
    type: card.type,
    attributes: card.attributes,
  };
}

class HandSizeDto {
  @ApiProperty({ format: 'uuid' }) characterId!: string;
  @ApiProperty() count!: number;
}

export class DeckDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) campaignId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Cards in the deck, wherever they are.' }) cardCount!: number;
  @ApiProperty({ description: 'Its order is never shown.' }) drawPileCount!: number;
  @ApiProperty({ type: [CardDto], description: 'Face up, index 0 on top.' }) discardPile!: CardDto[];
  @ApiProperty({ type: [CardDto], description: 'Face-up cards in play.' }) table!: CardDto[];
  @ApiProperty({ type: [HandSizeDto], description: 'How many cards of this deck each character holds.' }) hands!: HandSizeDto[];
}

export function deckDto(deck: DeckView): DeckDto {
  return {
    id: deck.id,
    campaignId: deck.campaignId,
    name: deck.name,
    cardCount: deck.cardCount,
    drawPileCount: deck.drawPileCount,
    discardPile: deck.discardPile.map(cardDto),
    table: deck.table.map(cardDto),
    hands: deck.hands.map(({ characterId, count }) => ({ characterId, count })),
  };
}

class RandomDrawDto {
  @ApiProperty() bound!: number;
  @ApiProperty() value!: number;
}

class EventRandomnessDto {
  @ApiProperty({ description: 'The seq whose stream was used: the first event of the same mutation.' }) streamSeq!: number;
  @ApiProperty() seedEpoch!: number;
  @ApiProperty({ description: '32-bit words of the stream consumed.' }) words!: number;
  @ApiProperty({ type: [RandomDrawDto] }) draws!: RandomDrawDto[];
}

export class GameEventDto {
  @ApiProperty({ description: 'Gap-free per campaign, from 1.' }) seq!: number;
  @ApiProperty({ format: 'uuid' }) campaignId!: string;
  @ApiProperty({ example: 'dice.rolled' }) type!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The member who acted; null for the ADMIN.' }) actorMemberId!: string | null;
  @ApiProperty({ example: 'PLAYER' }) actorRole!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload!: object;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Hidden details (cards into a hand): for the GM and the owner only.' })
  secret!: object | null;
  @ApiProperty({ type: EventRandomnessDto, nullable: true, description: 'Null until rotateSeed reveals the seed the event used.' })
  random!: EventRandomnessDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: Date;
}

export function gameEventDto(event: GameEvent): GameEventDto {
  return {
    seq: event.seq,
    campaignId: event.campaignId,
    type: event.type,
    actorMemberId: event.actorMemberId,
    actorRole: event.actorRole,
    payload: event.payload,
    secret: event.secret,
    random: event.random && {
      streamSeq: event.random.streamSeq,
      seedEpoch: event.random.seedEpoch,
      words: event.random.words,
      draws: event.random.draws.map(({ bound, value }) => ({ bound, value })),
    },
    createdAt: event.createdAt,
  };
}

/**
 * A list in a query string: the parameter repeated (`skills=A&skills=B`), or one JSON list
 * (`skills=["A","B"]`, as a GraphQL client would write it). Anything else is left for validation.
 */
export function queryList({ value }: { value: unknown }): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return value;
  if (value.startsWith('[')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return [value];
}
