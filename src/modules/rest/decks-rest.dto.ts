import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { DrawCardsInput } from '../decks/deck.inputs.js';
import { DrawFrom, DrawTo } from '../decks/deck.model.js';
import type { DecksService } from '../decks/decks.service.js';
import { CardDto, cardDto, DeckDto, deckDto } from './rest-common.dto.js';

/** drawCards' input without the deck, which is in the path; validated by the same rules, with the same defaults. */
export class DrawCardsBody extends OmitType(DrawCardsInput, ['deckId'] as const) {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: 1000 }) override count: number = 1;
  @ApiPropertyOptional({ enum: DrawFrom, enumName: 'DrawFrom', default: DrawFrom.TOP }) override from: DrawFrom = DrawFrom.TOP;
  @ApiPropertyOptional({
    enum: DrawTo,
    enumName: 'DrawTo',
    default: DrawTo.HAND,
    description: 'HAND (needs characterId; a player: their own character), DISCARD (face up) or TABLE (face up): those two for the GM.',
  })
  override to: DrawTo = DrawTo.HAND;
  @ApiPropertyOptional({ format: 'uuid', description: 'Whose hand, when drawing to HAND.' }) override characterId?: string;
  @ApiPropertyOptional({ description: "GM: draw from a deck a ruleset owns (the Adventure Deck, the Tenth Realm's deck) anyway; the event records it." })
  override override?: boolean;
}

export class DrawCardsDto {
  @ApiProperty({ type: [CardDto], description: 'The cards drawn, in the order drawn.' }) cards!: CardDto[];
  @ApiProperty({ type: DeckDto }) deck!: DeckDto;
  @ApiProperty({ description: 'True when the discard pile had to be shuffled back in to finish the draw.' }) reshuffled!: boolean;
  @ApiProperty() eventSeq!: number;
}

export function drawCardsDto(drawn: Awaited<ReturnType<DecksService['drawCards']>>): DrawCardsDto {
  return { cards: drawn.cards.map(cardDto), deck: deckDto(drawn.deck), reshuffled: drawn.reshuffled, eventSeq: drawn.eventSeq };
}
