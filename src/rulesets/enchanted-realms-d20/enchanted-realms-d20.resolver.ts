import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { Campaign } from '../../modules/campaigns/campaign.model.js';
import { Character } from '../../modules/characters/character.model.js';
import * as inputs from './enchanted-realms-d20.inputs.js';
import * as models from './enchanted-realms-d20.model.js';
import { EnchantedRealmsD20Actions } from './enchanted-realms-d20-actions.service.js';
import { EnchantedRealmsD20Service } from './enchanted-realms-d20.service.js';

/** Enchanted Realms, d20 edition (enchanted-realms-d20.md). Each mutation applies one rule in one transaction. */
@Resolver()
export class EnchantedRealmsD20Resolver {
  constructor(
    private readonly actions: EnchantedRealmsD20Actions,
    private readonly table: EnchantedRealmsD20Service,
  ) {}

  @Mutation(() => models.EnchantedRealmsD20CombatantPayload, { description: "A combatant: a player's character (its player or the GM) or a foe (the GM)." })
  enchantedRealmsD20CreateCombatant(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20CreateCombatantInput) {
    return this.actions.createCombatant(p, input);
  }

  @Mutation(() => models.EnchantedRealmsD20AttackPayload, {
    description: 'An attack: a pool of d20s read die by die against the Defense; melee crits award a d20 (the chain explodes on 20s) and roll the d100 crit table each.',
  })
  enchantedRealmsD20Attack(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20AttackInput) {
    return this.actions.attack(p, input);
  }

  @Query(() => models.EnchantedRealmsD20AttackOdds, { description: "An attack's chances before it is rolled: hits, crits, expected damage with the crit chain. Writes nothing, draws nothing." })
  enchantedRealmsD20AttackOdds(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20AttackOddsInput) {
    return this.actions.attackOdds(p, input);
  }

  @Mutation(() => models.EnchantedRealmsD20CombatantPayload, { description: "GM: calls for a check of a combatant; its player rolls it (`calledCheck` shows it)." })
  enchantedRealmsD20CallCheck(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20CallCheckInput) {
    return this.actions.callCheck(p, input);
  }

  @Mutation(() => models.EnchantedRealmsD20CheckPayload, { description: 'A check, save or competition roll, die by die against the Target Value, by the raw-values table.' })
  enchantedRealmsD20Check(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20CheckInput) {
    return this.actions.check(p, input);
  }

  @Mutation(() => models.EnchantedRealmsD20StartCombatPayload, { description: 'GM: a combat tracker, in the turn order given; the first turn begins at once.' })
  enchantedRealmsD20StartCombat(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20StartCombatInput) {
    return this.actions.startCombat(p, input);
  }

  @Mutation(() => models.EnchantedRealmsD20NextTurnPayload, {
    description: "GM: the turn ends — conditions that last to its end expire — and the next begins: Bleeding deals 1, Confusion draws a target.",
  })
  enchantedRealmsD20NextTurn(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20CombatInput) {
    return this.actions.nextTurn(p, input);
  }

  @Mutation(() => models.EnchantedRealmsD20EndCombatPayload, { description: "GM: the combat is over; the turn-bound conditions its turns timed end." })
  enchantedRealmsD20EndCombat(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20CombatInput) {
    return this.actions.endCombat(p, input);
  }

  @Mutation(() => models.EnchantedRealmsD20ShortRestPayload, { description: 'GM: a short rest ends Beaten, Shocked, Ear-split and Leg Strike (and turn-bound conditions).' })
  enchantedRealmsD20ShortRest(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20ShortRestInput) {
    return this.actions.shortRest(p, input);
  }

  @Mutation(() => models.EnchantedRealmsD20TreatPayload, { description: 'A condition ends with the treatment the crit table names: bandage, salve, spell, correction or repair.' })
  enchantedRealmsD20Treat(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.EnchantedRealmsD20TreatInput) {
    return this.actions.treat(p, input);
  }

  @Query(() => models.EnchantedRealmsD20Combat, { description: 'A combat tracker of Enchanted Realms (d20 edition), with its combatants in turn order.' })
  enchantedRealmsD20Combat(@CurrentPrincipal() p: Principal, @Args('id', { type: () => ID }, new ParseIdPipe('id')) id: string) {
    return this.table.combat(p, id);
  }
}

@Resolver(() => Campaign)
export class EnchantedRealmsD20CampaignResolver {
  constructor(private readonly table: EnchantedRealmsD20Service) {}

  @ResolveField(() => models.EnchantedRealmsD20Campaign, { nullable: true, description: 'Its combatants and combats (d20 edition); null for other rulesets.' })
  enchantedRealmsD20(@CurrentPrincipal() p: Principal, @Parent() campaign: Campaign) {
    return this.table.campaign(p, campaign.id);
  }
}

@Resolver(() => Character)
export class EnchantedRealmsD20CharacterResolver {
  constructor(private readonly table: EnchantedRealmsD20Service) {}

  @ResolveField(() => models.EnchantedRealmsD20Combatant, { nullable: true, description: 'The combatant it fights as (d20 edition); null when it has none.' })
  enchantedRealmsD20(@CurrentPrincipal() p: Principal, @Parent() character: Character) {
    return this.table.characterCombatant(p, character);
  }
}
