import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { Campaign } from '../../modules/campaigns/campaign.model.js';
import { Character } from '../../modules/characters/character.model.js';
import * as inputs from './enchanted-realms.inputs.js';
import * as models from './enchanted-realms.model.js';
import { EnchantedRealmsActions } from './enchanted-realms-actions.service.js';
import { EnchantedRealmsService, type PlayedCharacter } from './enchanted-realms.service.js';
import { sheetOf } from './enchanted-realms.tables.js';
import { campaignView, characterView } from './enchanted-realms.views.js';

/** Enchanted Realms, card edition (enchanted-realms-cards.md). Each mutation makes one move in one transaction. */
@Resolver()
export class EnchantedRealmsResolver {
  constructor(private readonly actions: EnchantedRealmsActions) {}

  @Mutation(() => models.EnchantedRealmsCharacterPayload, {
    description: 'A character: a HERO card plus a CREATURE card, taken from the Adventure Deck onto the table in front of it.',
  })
  enchantedRealmsCreateCharacter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsCreateCharacterInput) {
    return this.actions.createCharacter(p, input);
  }

  @Mutation(() => models.EnchantedRealmsCallDrawPayload, {
    description: "GM (the Lead Player): calls for a Draw — a character, its action, and a Challenge Number or a target card the game draws against. The character's player makes it with enchantedRealmsDraw(callSeq).",
  })
  enchantedRealmsCallDraw(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsCallDrawInput) {
    return this.actions.callDraw(p, input);
  }

  @Mutation(() => models.EnchantedRealmsDrawPayload, {
    description:
      'A Draw: the top card face up plus the modifiers — the Draw the Lead Player called for, or a contest against an opposing character; the GM may also draw against a Challenge Number or for the game directly.',
  })
  enchantedRealmsDraw(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsDrawInput) {
    return this.actions.draw(p, input);
  }

  @Query(() => models.EnchantedRealmsDrawOdds, { description: "A Draw's chances before it is made, from the asker's view alone: writes nothing, draws nothing." })
  enchantedRealmsDrawOdds(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsDrawOddsInput) {
    return this.actions.drawOdds(p, input);
  }

  @Mutation(() => models.EnchantedRealmsCreatureCount, { description: "GM: how many creatures appear: ⌈drawn Force ÷ the creature's Force⌉, at least 1." })
  enchantedRealmsCountCreatures(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsCountCreaturesInput) {
    return this.actions.countCreatures(p, input);
  }

  @Mutation(() => models.EnchantedRealmsFoesAdded, { description: 'GM: a group of foes of one CREATURE card, count of them, that a Draw may target as opponent { foeId }.' })
  enchantedRealmsAddFoes(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsAddFoesInput) {
    return this.actions.addFoes(p, input);
  }

  @Mutation(() => models.EnchantedRealmsAwardPayload, {
    description: "GM: a reward for a challenge overcome (its Draw's eventSeq): an ITEM or ENHANCEMENT card from the character's hand onto the character, Force at most the challenge's; one per character per challenge.",
  })
  enchantedRealmsAward(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsAwardInput) {
    return this.actions.award(p, input);
  }

  @Mutation(() => models.EnchantedRealmsCharacterPayload, { description: "GM: the quest completes; the character's rewards set aside go onto it." })
  enchantedRealmsCompleteQuest(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsCompleteQuestInput) {
    return this.actions.completeQuest(p, input);
  }

  @Mutation(() => models.EnchantedRealmsBarterPayload, {
    description: 'ITEM cards for ITEM cards: with the Lead Player (GM) when the Force offered ≥ the Force asked; between characters when both sides accept.',
  })
  enchantedRealmsBarter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsBarterInput) {
    return this.actions.barter(p, input);
  }

  @Mutation(() => models.EnchantedRealmsWorldLaid, {
    description: "GM (the Lead Player): lays a WORLD card face up on the table and SUPPORT cards face down under it, from the Lead Player's hand or the deck.",
  })
  enchantedRealmsLayWorld(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsLayWorldInput) {
    return this.actions.layWorld(p, input);
  }

  @Mutation(() => models.EnchantedRealmsWorldReached, {
    description: "GM (the Lead Player): the characters move to a WORLD card on the table; the SUPPORT cards under it go to the Lead Player's hand, which holds at most 5.",
  })
  enchantedRealmsMoveToWorld(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsMoveToWorldInput) {
    return this.actions.moveToWorld(p, input);
  }

  @Mutation(() => models.EnchantedRealmsReconcilePayload, {
    description:
      "GM: RECONCILE — every player character's hand back to 5 cards, the Lead Player's to at most 5; with endScene, the scene's cards are shuffled back first, in the same move, and its groups of foes leave.",
  })
  enchantedRealmsReconcile(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsReconcileInput) {
    return this.actions.reconcile(p, input);
  }
}

@Resolver(() => Character)
export class EnchantedRealmsCharacterResolver {
  constructor(private readonly table: EnchantedRealmsService) {}

  @ResolveField(() => models.EnchantedRealmsCharacter, { nullable: true, description: 'The Enchanted Realms character, stacked; null for other rulesets.' })
  async enchantedRealms(@CurrentPrincipal() p: Principal, @Parent() character: PlayedCharacter) {
    const sheet = sheetOf(character);
    if (!sheet) return null;
    // A move's answer knows the deck it left; a character read from the table reads it.
    const deck = character.adventureDeck ?? (await this.table.adventureDeck(p, character.campaignId));
    return deck && characterView(deck, character.id, sheet);
  }
}

@Resolver(() => Campaign)
export class EnchantedRealmsCampaignResolver {
  constructor(private readonly table: EnchantedRealmsService) {}

  @ResolveField(() => models.EnchantedRealmsCampaign, {
    nullable: true,
    description: "The Adventure Deck, the Lead Player's hand, the groups of foes and the world laid out; null for other rulesets.",
  })
  async enchantedRealms(@CurrentPrincipal() p: Principal, @Parent() campaign: Campaign) {
    const [state, deck] = await Promise.all([this.table.campaignState(p, campaign.id), this.table.adventureDeck(p, campaign.id)]);
    return deck && campaignView(deck, this.table.leadHandFor(p, deck), state?.foes ?? []);
  }
}
