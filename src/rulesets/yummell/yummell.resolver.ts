import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { isGameMaster } from '../../modules/auth/auth.service.js';
import { CurrentPrincipal, Public } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { Campaign } from '../../modules/campaigns/campaign.model.js';
import { Character } from '../../modules/characters/character.model.js';
import { YUMMELL_BOARD_PRESETS, YUMMELL_DECK_PRESETS } from '../../rules/yummell/index.js';
import * as inputs from './yummell.inputs.js';
import * as models from './yummell.model.js';
import { YummellActions } from './yummell-actions.service.js';
import { YummellService, type PlayedCharacter } from './yummell.service.js';
import { sheetOf } from './yummell.tables.js';
import { boardView, campaignView, cardView, characterView } from './yummell.views.js';

/** Yummell (yummell.md): a race along a track. Each mutation plays one rule in one move of the campaign. */
@Resolver()
export class YummellResolver {
  constructor(private readonly actions: YummellActions) {}

  @Public()
  @Query(() => models.YummellPresets, { description: 'The example board and deck a Yummell campaign may start from. Needs no key.' })
  yummellPresets(): models.YummellPresets {
    return {
      boards: Object.values(YUMMELL_BOARD_PRESETS).map(({ id, name, description, board }) => ({ id, name, description, board: boardView(board) })),
      decks: Object.values(YUMMELL_DECK_PRESETS).map(({ id, name, description, cards }) => ({ id, name, description, cards: cards.map(cardView) })),
    };
  }

  @Mutation(() => models.YummellSetUpPayload, { description: 'GM: load another board or deck (yours, checked, or a preset) and shuffle the deck, before any character joins.' })
  yummellSetUp(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YummellSetUpInput) {
    return this.actions.setUp(p, input);
  }

  @Mutation(() => models.YummellCharacterPayload, {
    description: 'GM: a character joins the race before the first square, with a hand of 4 its player and the GM alone see; it plays after those who joined before it.',
  })
  yummellCreateCharacter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YummellCreateCharacterInput) {
    return this.actions.createCharacter(p, input);
  }

  @Mutation(() => models.YummellMovePayload, {
    description: 'The current character plays a card and walks its value in movement points; if it advanced, it draws its encounter (a Creature leaves a pending challenge).',
  })
  yummellMove(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YummellMoveInput) {
    return this.actions.move(p, input);
  }

  @Mutation(() => models.YummellChallengePayload, {
    description: 'The pending challenge: Characteristic + a card of the hand (required while it holds any) + Advantages, strictly higher than the Creature’s number wins.',
  })
  yummellResolveChallenge(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YummellResolveChallengeInput) {
    return this.actions.resolveChallenge(p, input);
  }

  @Query(() => models.YummellChallengeOdds, { description: 'A pending challenge before it is resolved: which cards of the hand win, from the player’s view alone. Writes nothing, draws nothing.' })
  yummellChallengeOdds(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YummellChallengeOddsInput) {
    return this.actions.challengeOdds(p, input);
  }

  @Mutation(() => models.YummellRestPayload, { description: 'The current character rests instead of moving: no card, no encounter.' })
  yummellRest(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YummellCharacterInput) {
    return this.actions.rest(p, input);
  }

  @Mutation(() => models.YummellAbilityPayload, { description: 'An Ability after the encounter (CLEPTOMANIA: an active Artefact of a character in the square where the movement ended).' })
  yummellUseAbility(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YummellUseAbilityInput) {
    return this.actions.useAbility(p, input);
  }

  @Mutation(() => models.YummellEndTurnPayload, { description: 'The current character’s hand is refilled to 4 and the next character plays.' })
  yummellEndTurn(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YummellCharacterInput) {
    return this.actions.endTurn(p, input);
  }
}

@Resolver(() => Character)
export class YummellCharacterResolver {
  constructor(private readonly table: YummellService) {}

  @ResolveField(() => models.YummellCharacter, { nullable: true, description: 'The Yummell character; null for other rulesets. Its hand: for its player and the GM.' })
  async yummell(@CurrentPrincipal() p: Principal, @Parent() character: PlayedCharacter): Promise<models.YummellCharacter | null> {
    const sheet = sheetOf(character);
    if (!sheet) return null;
    // A move's answer knows the deck it left; a character read from the table reads it.
    const deck = character.yummellDeck ?? (await this.table.encounterDeck(p, character.campaignId))?.deck;
    if (!deck) return null;
    const mayLook = isGameMaster(p, character.campaignId) || (character.memberId !== null && character.memberId === p.memberId);
    return characterView(character.id, sheet, this.table.cardsOf(deck), deck.piles, mayLook);
  }
}

@Resolver(() => Campaign)
export class YummellCampaignResolver {
  constructor(private readonly table: YummellService) {}

  @ResolveField(() => models.YummellCampaign, { nullable: true, description: 'The Yummell race; null for other rulesets.' })
  async yummell(@CurrentPrincipal() p: Principal, @Parent() campaign: Campaign): Promise<models.YummellCampaign | null> {
    const found = await this.table.encounterDeck(p, campaign.id);
    return found && campaignView(found.deck.id, found.state.race, this.table.cardsOf(found.deck), found.deck.piles);
  }
}
