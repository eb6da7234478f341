import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { Campaign } from '../../modules/campaigns/campaign.model.js';
import { Character } from '../../modules/characters/character.model.js';
import type { CharacterRecord } from '../../modules/characters/characters.repository.js';
import { YtterdorrenActions } from './ytterdorren-actions.service.js';
import * as inputs from './ytterdorren.inputs.js';
import * as models from './ytterdorren.model.js';
import { sheetOf } from './ytterdorren.tables.js';
import { sheetView } from './ytterdorren.views.js';

/** Ytterdörren (ytterdorren.md). Each mutation plays one rule in one move of the campaign. */
@Resolver()
export class YtterdorrenResolver {
  constructor(private readonly actions: YtterdorrenActions) {}

  @Mutation(() => models.YtterdorrenCharacterPayload, { description: "GM: a character at full Vita, with the Vita, Defense and Might of its hero's board." })
  ytterdorrenCreateCharacter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenCreateCharacterInput) {
    return this.actions.createCharacter(p, input);
  }

  @Mutation(() => models.YtterdorrenCreaturesPayload, { description: "GM: the campaign's own creature cards, each replacing the card of the same id or added." })
  ytterdorrenLoadCreatures(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenLoadCreaturesInput) {
    return this.actions.loadCreatures(p, input);
  }

  @Mutation(() => models.YtterdorrenSkirmishPayload, { description: "GM: a skirmish; the counter starts at the sum of the creatures' strength rolls for the number of players." })
  ytterdorrenStartSkirmish(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenStartSkirmishInput) {
    return this.actions.startSkirmish(p, input);
  }

  @Mutation(() => models.YtterdorrenStancePayload, { description: 'ATTACK or DEFEND for the round under way: the character’s player, or the GM.' })
  ytterdorrenChooseStance(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenChooseStanceInput) {
    return this.actions.chooseStance(p, input);
  }

  @Mutation(() => models.YtterdorrenRound, {
    description: "GM: the round — each creature attacks every standing character, then each attacks; the counter falls by the hits. Refused until every standing character has a stance.",
  })
  ytterdorrenResolveRound(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenSkirmishInput) {
    return this.actions.resolveRound(p, input);
  }

  @Mutation(() => models.YtterdorrenEncounterPayload, { description: 'GM: an encounter; each foe with the Vita for the number of players and the Might for its difficulty.' })
  ytterdorrenStartEncounter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenStartEncounterInput) {
    return this.actions.startEncounter(p, input);
  }

  @Mutation(() => models.YtterdorrenFoeAttack, { description: "GM: a foe's attack roll — black + white die, the white die picks the power — against a character's Defense." })
  ytterdorrenFoeAttack(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenFoeAttackInput) {
    return this.actions.foeAttack(p, input);
  }

  @Mutation(() => models.YtterdorrenAttackRoll, { description: "A character's attack roll on a foe: d100 + Might against the foe's Defense." })
  ytterdorrenCharacterAttack(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenCharacterAttackInput) {
    return this.actions.characterAttack(p, input);
  }

  @Mutation(() => models.YtterdorrenFoeDamage, { description: "GM: Vita off a foe; at 0 it is defeated and awards each character its Lore and Coins." })
  ytterdorrenDamageFoe(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenDamageFoeInput) {
    return this.actions.damageFoe(p, input);
  }

  @Mutation(() => models.YtterdorrenEncounterPayload, { description: 'GM: the encounter ends (the map decided it).' })
  ytterdorrenEndEncounter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenEncounterInput) {
    return this.actions.endEncounter(p, input);
  }

  @Mutation(() => models.YtterdorrenVitaPayload, { description: "GM: Vita lost outside a skirmish round (a foe's power); never below 0." })
  ytterdorrenDamageCharacter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenCharacterAmountInput) {
    return this.actions.damageCharacter(p, input);
  }

  @Mutation(() => models.YtterdorrenVitaPayload, { description: 'GM: Vita regained (rest, a healer); never above the maximum.' })
  ytterdorrenHealCharacter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenCharacterAmountInput) {
    return this.actions.healCharacter(p, input);
  }

  @Mutation(() => models.YtterdorrenCharacterPayload, { description: 'GM: an item the story gives a character.' })
  ytterdorrenGainItem(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenItemInput) {
    return this.actions.gainItem(p, input);
  }

  @Mutation(() => models.YtterdorrenVitaPayload, { description: 'An item used, also during a skirmish; the GM says whether it is used up and the Vita it gives.' })
  ytterdorrenUseItem(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenUseItemInput) {
    return this.actions.useItem(p, input);
  }

  @Mutation(() => models.YtterdorrenWeaponPayload, { description: 'One of the character’s items as its weapon, or none; refused during a skirmish.' })
  ytterdorrenEquipWeapon(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenEquipWeaponInput) {
    return this.actions.equipWeapon(p, input);
  }

  @Mutation(() => models.YtterdorrenTradePayload, { description: 'Items and coins from one character to another; refused while either is in a skirmish.' })
  ytterdorrenTrade(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenTradeInput) {
    return this.actions.trade(p, input);
  }

  @Query(() => models.YtterdorrenSkirmishOdds, { description: "A skirmish's odds from where it stands: each character's chance to hit and be hit, and P(victory). Writes nothing, draws nothing." })
  ytterdorrenSkirmishOdds(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.YtterdorrenSkirmishInput) {
    return this.actions.skirmishOdds(p, input);
  }

  @Query(() => models.YtterdorrenSkirmish, { description: 'A Ytterdörren skirmish: counter, strength rolls, stances, defeated characters and loot.' })
  skirmish(@CurrentPrincipal() p: Principal, @Args('id', { type: () => ID }, new ParseIdPipe('id')) id: string) {
    return this.actions.findSkirmish(p, id);
  }

  @Query(() => models.YtterdorrenEncounter, { description: 'A Ytterdörren encounter and its foes (`encounter(id)` is the Tenth Realm’s combat).' })
  ytterdorrenEncounter(@CurrentPrincipal() p: Principal, @Args('id', { type: () => ID }, new ParseIdPipe('id')) id: string) {
    return this.actions.findEncounter(p, id);
  }
}

@Resolver(() => Character)
export class YtterdorrenCharacterResolver {
  @ResolveField(() => models.YtterdorrenSheet, { nullable: true, description: 'The Ytterdörren sheet; null for other rulesets.' })
  ytterdorren(@Parent() character: CharacterRecord) {
    const sheet = sheetOf(character);
    return sheet && sheetView(sheet);
  }
}

@Resolver(() => Campaign)
export class YtterdorrenCampaignResolver {
  constructor(private readonly actions: YtterdorrenActions) {}

  @ResolveField(() => models.YtterdorrenCampaign, { nullable: true, description: 'The creature cards and the skirmishes and encounters under way; null for other rulesets.' })
  ytterdorren(@CurrentPrincipal() p: Principal, @Parent() campaign: Campaign) {
    return this.actions.campaign(p, campaign.id);
  }
}
