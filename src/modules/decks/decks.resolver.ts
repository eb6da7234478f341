import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal, Public } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { Campaign } from '../campaigns/campaign.model.js';
import { Character } from '../characters/character.model.js';
import { CreateDeckInput, DrawCardsInput, EndSceneInput, MoveCardsInput, ShuffleDeckInput } from './deck.inputs.js';
import { Card, CardPreset, Deck, DeckChangePayload, DrawCardsPayload, EndScenePayload } from './deck.model.js';
import { DecksService } from './decks.service.js';

@Resolver(() => Deck)
export class DecksResolver {
  constructor(private readonly service: DecksService) {}

  @Query(() => Deck)
  deck(@CurrentPrincipal() principal: Principal, @Args('id', { type: () => ID }, new ParseIdPipe('id')) id: string) {
    return this.service.findDeck(principal, id);
  }

  @Public()
  @Query(() => CardPreset, { description: "A preset deck's cards, in canonical order. Needs no key." })
  cardPreset(@Args('id', { type: () => ID }) id: string) {
    const preset = this.service.findPreset(id);
    return { ...preset, cards: preset.cards.map((card) => ({ ...card, deckId: preset.id })) };
  }

  @Mutation(() => Deck, { description: 'GM: a deck from a preset or a card list, shuffled with the random stream.' })
  createDeck(@CurrentPrincipal() principal: Principal, @Args('input') input: CreateDeckInput) {
    return this.service.createDeck(principal, input);
  }

  @Mutation(() => DeckChangePayload, { description: 'GM: shuffle the draw pile, with the discard pile if asked.' })
  shuffleDeck(@CurrentPrincipal() principal: Principal, @Args('input') input: ShuffleDeckInput) {
    return this.service.shuffleDeck(principal, input);
  }

  @Mutation(() => DrawCardsPayload, {
    description: 'Draw into a hand (a PLAYER: their own), onto the discard pile or the table (GM).',
  })
  drawCards(@CurrentPrincipal() principal: Principal, @Args('input') input: DrawCardsInput) {
    return this.service.drawCards(principal, input);
  }

  @Mutation(() => DeckChangePayload, { description: 'Move cards in play; a PLAYER only out of their own hand.' })
  moveCards(@CurrentPrincipal() principal: Principal, @Args('input') input: MoveCardsInput) {
    return this.service.moveCards(principal, input);
  }

  @Mutation(() => EndScenePayload, { description: 'GM: discard piles and tables go back into their decks, reshuffled.' })
  endScene(@CurrentPrincipal() principal: Principal, @Args('input') input: EndSceneInput) {
    return this.service.endScene(principal, input.campaignId);
  }
}

@Resolver(() => Deck)
export class DeckCardsResolver {
  constructor(private readonly service: DecksService) {}

  @ResolveField(() => [Card], { nullable: true })
  cards(@CurrentPrincipal() principal: Principal, @Parent() deck: Deck) {
    return this.service.cardsFor(principal, deck);
  }
}

@Resolver(() => Campaign)
export class CampaignDecksResolver {
  constructor(private readonly service: DecksService) {}

  @ResolveField(() => [Deck])
  decks(@CurrentPrincipal() principal: Principal, @Parent() campaign: Campaign) {
    return this.service.listDecks(principal, campaign.id);
  }
}

@Resolver(() => Character)
export class CharacterHandResolver {
  constructor(private readonly service: DecksService) {}

  @ResolveField(() => Int, { description: 'Cards in hand over every deck: visible to everyone.' })
  handCount(@Parent() character: Character) {
    return this.service.handCount(character);
  }

  @ResolveField(() => [Card], { nullable: true, description: 'The cards in hand: for the owner and the GM; null for others.' })
  hand(@CurrentPrincipal() principal: Principal, @Parent() character: Character) {
    return this.service.handOf(principal, character);
  }
}
