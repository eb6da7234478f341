import { Body, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiParam } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { DecksService } from '../decks/decks.service.js';
import { DrawCardsBody, DrawCardsDto, drawCardsDto } from './decks-rest.dto.js';
import { RestAction, RestController } from './rest.decorators.js';

/** Card draws for plain HTTP callers: the `drawCards` mutation. */
@RestController('decks', 'decks')
@ApiParam({ name: 'deckId', format: 'uuid' })
export class DecksRestController {
  constructor(private readonly decks: DecksService) {}

  @Post(':deckId/draw')
  @RestAction('Draw cards', 'Into a hand (a player: of their own character), onto the discard pile or the table (GM). Cards into a hand are secret in the log.')
  @ApiOkResponse({ type: DrawCardsDto })
  async drawCards(
    @CurrentPrincipal() principal: Principal,
    @Param('deckId', new ParseIdPipe('deckId')) deckId: string,
    @Body() body: DrawCardsBody,
  ): Promise<DrawCardsDto> {
    const { count, from, to, characterId, override } = body;
    return drawCardsDto(await this.decks.drawCards(principal, { deckId, count, from, to, characterId, override }));
  }
}
