import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../../modules/auth/auth.guard.js';
import type { Principal } from '../../modules/auth/principal.js';
import { Campaign } from '../../modules/campaigns/campaign.model.js';
import { Character } from '../../modules/characters/character.model.js';
import * as inputs from './tenth-realm.inputs.js';
import * as models from './tenth-realm.model.js';
import { TenthRealmActions } from './tenth-realm-actions.service.js';
import { TenthRealmService, type PlayedCharacter } from './tenth-realm.service.js';
import { sheetOf } from './tenth-realm.tables.js';
import { campaignView, encounterView, sheetView } from './tenth-realm.views.js';

/** The Tenth Realm's mutations (tenth-realm.md). Each applies one rule in one transaction. */
@Resolver()
export class TenthRealmResolver {
  constructor(private readonly actions: TenthRealmActions) {}

  @Mutation(() => models.TenthRealmCreatedCharacter, { description: 'A draft character: one card revealed per attribute (♥ +2, ♦ +1, ♣ 0, ♠ −1).' })
  tenthRealmCreateCharacter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmCreateCharacterInput) {
    return this.actions.createCharacter(p, input);
  }

  @Mutation(() => models.TenthRealmRedrawnAttribute, { description: 'Reveal again for an attribute: at most two attributes, once each; the new result stands.' })
  tenthRealmRedrawAttribute(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmRedrawAttributeInput) {
    return this.actions.redrawAttribute(p, input);
  }

  @Mutation(() => models.TenthRealmResilienceRoll, { description: "The Vanori: its attribute increases, and max resilience = its die + 3. CUSTOM is the GM's." })
  tenthRealmChooseVanori(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmChooseVanoriInput) {
    return this.actions.chooseVanori(p, input);
  }

  @Mutation(() => models.TenthRealmResilienceRoll, { description: 'Reroll max resilience, once; the new result stands.' })
  tenthRealmRerollResilience(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmCharacterInput) {
    return this.actions.rerollResilience(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'Armor d4, the named weapon d6: the character is ACTIVE.' })
  tenthRealmFinishCharacter(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmFinishCharacterInput) {
    return this.actions.finishCharacter(p, input);
  }

  @Mutation(() => models.TenthRealmStartingRegion, { description: 'A d20 for the starting region.' })
  tenthRealmRollStartingRegion(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmCampaignInput) {
    return this.actions.rollStartingRegion(p, input);
  }

  @Mutation(() => models.TenthRealmRegionPayload, { description: 'Enter a hex; the first visit reveals its risk card.' })
  tenthRealmEnterRegion(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmEnterRegionInput) {
    return this.actions.enterRegion(p, input);
  }

  @Mutation(() => models.TenthRealmTravelPayload, {
    description: "A day's travel (walk 1 hex, mount 2, row 3, sail 4 with the GM's favourable winds): each hex passed is entered in order; a first visit reveals its risk card.",
  })
  tenthRealmTravel(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmTravelInput) {
    return this.actions.travel(p, input);
  }

  @Mutation(() => models.TenthRealmRegionPayload, { description: "GM: step a region's risk rating, 0–5." })
  tenthRealmSetRiskRating(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmSetRiskRatingInput) {
    return this.actions.setRiskRating(p, input);
  }

  @Mutation(() => models.TenthRealmTrialRoll, {
    description: "A trial roll (or a fate roll) with cards burned for it: a player answers the GM's call (callId); the GM may roll in one call with the DR and changes.",
  })
  tenthRealmTrialRoll(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmTrialRollInput) {
    return this.actions.trialRoll(p, input);
  }

  @Query(() => models.TenthRealmTrialOdds, { description: "A trial roll's chances before it is made, from the asker's view alone: writes nothing, draws nothing." })
  tenthRealmTrialOdds(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmTrialOddsInput) {
    return this.actions.trialOdds(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: "GM: the conjured Vanori leaves (or the character's form returns); the character's rolls are at the full DR again." })
  tenthRealmEndConjuring(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmCharacterInput) {
    return this.actions.endConjuring(p, input);
  }

  @Mutation(() => models.TenthRealmCallPayload, {
    description: "GM: a call for a trial — attribute (or the player's pick), DR, DR changes, feat die. The called character's player rolls it (tenthRealmTrialRoll, tenthRealmAttack, tenthRealmDefend or tenthRealmResilienceCheck with callId).",
  })
  tenthRealmCallTrial(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmCallTrialInput) {
    return this.actions.callTrial(p, input);
  }

  @Mutation(() => models.TenthRealmCallPayload, { description: "A call's risk cards, revealed before the roll: the player then chooses burns knowing the DR." })
  tenthRealmRevealRisk(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmRevealRiskInput) {
    return this.actions.revealRisk(p, input);
  }

  @Mutation(() => models.TenthRealmBurnPayload, { description: "Burn a card outside a roll: COME_PREPARED, AID_AN_ALLY ahead of the ally's roll, or the Vanori's ability." })
  tenthRealmBurnCard(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmBurnCardInput) {
    return this.actions.burnCard(p, input);
  }

  @Mutation(() => models.TenthRealmRestPayload, { description: 'SHORT, LONG (or repairing) or FULL rest.' })
  tenthRealmRest(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmRestInput) {
    return this.actions.rest(p, input);
  }

  @Mutation(() => models.TenthRealmResilienceCheck, { description: 'At resilience 0: a trial roll (answering a call, with burns). Success: 1; setback: incapacitated.' })
  tenthRealmResilienceCheck(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmResilienceCheckInput) {
    return this.actions.resilienceCheck(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'GM: a consequence costs resilience; at 0 a resilience check is due.' })
  tenthRealmLoseResilience(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmLoseResilienceInput) {
    return this.actions.loseResilience(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: "An incapacitated character's wounds are tended: resilience 1 and a new condition." })
  tenthRealmTendWounds(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmConditionInput) {
    return this.actions.tendWounds(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'A condition: it takes an inventory slot.' })
  tenthRealmAddCondition(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmConditionInput) {
    return this.actions.addCondition(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'GM: a condition ruled irrelevant is cleared.' })
  tenthRealmClearCondition(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmConditionInput) {
    return this.actions.clearCondition(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'An item into the inventory (it takes a slot).' })
  tenthRealmGainItem(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmItemInput) {
    return this.actions.gainItem(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'An item out of the inventory.' })
  tenthRealmDropItem(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmItemInput) {
    return this.actions.dropItem(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'GM: armor or a weapon steps down; a d4 breaks.' })
  tenthRealmDamageGear(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmGearInput) {
    return this.actions.damageGear(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'GM: the character gets armor or a weapon with its die rating, into a slot.' })
  tenthRealmGainGear(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmGainGearInput) {
    return this.actions.gainGear(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'Equip carried armor or a weapon; the one it replaces is carried.' })
  tenthRealmEquipGear(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmNamedGearInput) {
    return this.actions.equipGear(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: 'Drop carried armor or a weapon (not the equipped one).' })
  tenthRealmDropGear(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmNamedGearInput) {
    return this.actions.dropGear(p, input);
  }

  @Mutation(() => models.TenthRealmCharacterPayload, { description: "GM: an item's original die is restored." })
  tenthRealmRepairGear(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmGearInput) {
    return this.actions.repairGear(p, input);
  }

  @Mutation(() => models.TenthRealmReactionPayload, { description: "GM: an NPC's reaction card." })
  tenthRealmReaction(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmCampaignInput) {
    return this.actions.reaction(p, input);
  }

  @Mutation(() => models.TenthRealmOraclePayload, { description: 'A yes/no question: 1 card plus 1 per factor in favour.' })
  tenthRealmOracle(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmOracleInput) {
    return this.actions.oracle(p, input);
  }

  @Mutation(() => models.TenthRealmBlessing, { description: "The Vanori's blessing, when the XP track is full." })
  tenthRealmBlessing(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmCharacterInput) {
    return this.actions.blessing(p, input);
  }

  @Mutation(() => models.TenthRealmSessionPayload, { description: 'GM: a new session; once-per-session abilities are available again.' })
  tenthRealmStartSession(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmCampaignInput) {
    return this.actions.startSession(p, input);
  }

  @Mutation(() => models.TenthRealmEncounterPayload, { description: 'GM: a combat; the initiative card is revealed.' })
  tenthRealmStartCombat(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmStartCombatInput) {
    return this.actions.startCombat(p, input);
  }

  @Mutation(() => models.TenthRealmDamageEnemyGearPayload, { description: "A turn spent on the target's armor or weapon: on a success its die steps down (d4 armor breaks)." })
  tenthRealmDamageEnemyGear(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmDamageEnemyGearInput) {
    return this.actions.damageEnemyGear(p, input);
  }

  @Mutation(() => models.TenthRealmAttackPayload, { description: "A player's attack: a trial roll, then damage − the enemy's armor roll." })
  tenthRealmAttack(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmAttackInput) {
    return this.actions.attack(p, input);
  }

  @Mutation(() => models.TenthRealmDefendPayload, { description: "An enemy's attack: the targeted player defends with a trial roll." })
  tenthRealmDefend(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmDefendInput) {
    return this.actions.defend(p, input);
  }

  @Mutation(() => models.TenthRealmMoraleCheck, { description: 'GM: a morale check for one enemy or all still fighting.' })
  tenthRealmMorale(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmMoraleInput) {
    return this.actions.morale(p, input);
  }

  @Mutation(() => models.TenthRealmEncounterPayload, { description: 'GM: a side withdraws, or the GM calls the outcome.' })
  tenthRealmEndCombat(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmEndCombatInput) {
    return this.actions.endCombat(p, input);
  }

  @Mutation(() => models.TenthRealmEncounterPayload, { description: "The players' side withdraws: a player of a character in the fight ends it PLAYERS_WITHDREW." })
  tenthRealmWithdraw(@CurrentPrincipal() p: Principal, @Args('input') input: inputs.TenthRealmWithdrawInput) {
    return this.actions.withdraw(p, input);
  }

  @Query(() => models.Encounter, { description: 'A combat: initiative, enemies, status and the log of its turns.' })
  async encounter(@CurrentPrincipal() p: Principal, @Args('id', { type: () => ID }, new ParseIdPipe('id')) id: string) {
    return encounterView(await this.actions.findEncounter(p, id));
  }
}

@Resolver(() => Character)
export class TenthRealmCharacterResolver {
  constructor(private readonly table: TenthRealmService) {}

  @ResolveField(() => models.TenthRealmSheet, { nullable: true, description: 'The Tenth Realm sheet; null for other rulesets.' })
  async tenthRealm(@CurrentPrincipal() p: Principal, @Parent() character: PlayedCharacter) {
    const sheet = sheetOf(character);
    if (!sheet) return null;
    // A move's answer knows the session it was played in; a character read from the table reads it.
    const session = character.tenthRealmSession ?? (await this.table.campaignState(p, character.campaignId))?.world.session ?? 0;
    return sheetView(sheet, session);
  }
}

@Resolver(() => Campaign)
export class TenthRealmCampaignResolver {
  constructor(private readonly table: TenthRealmService) {}

  @ResolveField(() => models.TenthRealmCampaign, { nullable: true, description: "The Tenth Realm's deck, session and map; null for other rulesets." })
  async tenthRealm(@CurrentPrincipal() p: Principal, @Parent() campaign: Campaign) {
    const state = await this.table.campaignState(p, campaign.id);
    if (!state) return null;
    const active = await this.table.activeCombat(p, campaign.id);
    return campaignView(state, active?.id ?? null);
  }
}
