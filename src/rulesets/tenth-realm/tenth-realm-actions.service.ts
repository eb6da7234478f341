import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ForbiddenError } from '../../common/errors.js';
import { requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { burnCard } from '../../rules/tenth-realm/burns.js';
import { callTrial, revealRisk } from '../../rules/tenth-realm/calls.js';
import { attack, damageEnemyGear, defend, endCombat, morale, startCombat, withdraw } from '../../rules/tenth-realm/combat.js';
import { chooseVanori, createCharacter, finishCharacter, redrawAttribute, rerollResilience } from '../../rules/tenth-realm/creation.js';
import { blessing } from '../../rules/tenth-realm/experience.js';
import { damageGear, dropGear, equipGear, gainGear, repairGear } from '../../rules/tenth-realm/gear.js';
import {
  addCondition,
  clearCondition,
  dropItem,
  gainItem,
  loseResilienceRule,
  rest,
  resilienceCheck,
  tendWounds,
} from '../../rules/tenth-realm/resilience.js';
import type { TrialInput, TrialResult } from '../../rules/tenth-realm/trial-roll.js';
import { trialRoll } from '../../rules/tenth-realm/trial-roll.js';
import { endConjuring } from '../../rules/tenth-realm/conjuring.js';
import { enterRegion, oracle, reaction, rollStartingRegion, setRiskRating, startSession, travel } from '../../rules/tenth-realm/world.js';
import type {
  TenthRealmAttackInput,
  TenthRealmBurnCardInput,
  TenthRealmCallTrialInput,
  TenthRealmCampaignInput,
  TenthRealmCharacterInput,
  TenthRealmChooseVanoriInput,
  TenthRealmConditionInput,
  TenthRealmCreateCharacterInput,
  TenthRealmDefendInput,
  TenthRealmEndCombatInput,
  TenthRealmEnterRegionInput,
  TenthRealmFinishCharacterInput,
  TenthRealmDamageEnemyGearInput,
  TenthRealmGainGearInput,
  TenthRealmGearInput,
  TenthRealmNamedGearInput,
  TenthRealmItemInput,
  TenthRealmLoseResilienceInput,
  TenthRealmMoraleInput,
  TenthRealmOracleInput,
  TenthRealmRedrawAttributeInput,
  TenthRealmResilienceCheckInput,
  TenthRealmRestInput,
  TenthRealmRevealRiskInput,
  TenthRealmRollFields,
  TenthRealmSetRiskRatingInput,
  TenthRealmStartCombatInput,
  TenthRealmTrialOddsInput,
  TenthRealmTrialRollInput,
  TenthRealmTravelInput,
  TenthRealmWithdrawInput,
} from './tenth-realm.inputs.js';
import type { EncounterRecord } from './tenth-realm.repository.js';
import { TenthRealmService, type PlayedCharacter, type Rule } from './tenth-realm.service.js';
import { callView, cardView, encounterView, regionView } from './tenth-realm.views.js';

type Played<R> = R & { eventSeq: number; characters: Map<string, PlayedCharacter>; encounter: EncounterRecord | null; after: unknown };

/** A roll's input for the rules: a call's id, or the attribute and difficulty as given. */
const trialInput = (input: TenthRealmRollFields & { fate?: boolean }): Omit<TrialInput, 'attribute'> & { attribute?: TrialInput['attribute']; callId?: string } => ({
  characterId: input.characterId,
  callId: input.callId ?? undefined,
  attribute: input.attribute ?? undefined,
  dr: input.dr ?? undefined,
  fate: input.fate ?? undefined,
  burns: input.burns.map((burn) => ({
    characterId: burn.characterId,
    cardId: burn.cardId,
    effect: burn.effect,
    amount: burn.amount ?? undefined,
    form: burn.form ?? undefined,
  })),
  drAdjustments: input.drAdjustments.map((adjustment) => ({ amount: adjustment.amount, reason: adjustment.reason })),
});

/** The GM's rulings on a blow, as the rules take them. */
const rulings = (input: { ignoreArmor?: boolean | null; consequenceInPlaceOfDamage?: string | null }) => ({
  ignoreArmor: input.ignoreArmor ?? undefined,
  consequenceInPlaceOfDamage: input.consequenceInPlaceOfDamage ?? undefined,
});

/**
 * The Tenth Realm's mutations: who may do each, which rule it applies and what it answers.
 * Players act for their own characters; the GM for anyone and alone for the world and combat.
 */
@Injectable()
export class TenthRealmActions {
  constructor(private readonly table: TenthRealmService) {}

  // ---- creation -----------------------------------------------------------------------------

  async createCharacter(principal: Principal, input: TenthRealmCreateCharacterInput) {
    const result = await this.table.createCharacter(principal, input, createCharacter);
    return {
      character: result.character,
      eventSeq: result.eventSeq,
      attributeCards: Object.entries(result.attributeCards).map(([attribute, card]) => ({
        attribute,
        card: cardView(card),
        value: result.attributes[attribute as keyof typeof result.attributes],
      })),
    };
  }

  async redrawAttribute(principal: Principal, input: TenthRealmRedrawAttributeInput) {
    const result = await this.onOwnCharacter(principal, 'tenthRealmRedrawAttribute', input, redrawAttribute, { characterId: input.characterId, attribute: input.attribute });
    return { ...result, card: cardView(result.card) };
  }

  async chooseVanori(principal: Principal, input: TenthRealmChooseVanoriInput) {
    const character = await this.table.ownCharacter(principal, input.characterId);
    if (input.vanori === 'CUSTOM') requireGmApproval(principal, character.campaignId);
    return this.characterPayload(
      await this.table.playAsCharacter(
        principal,
        character,
        chooseVanori,
        { characterId: input.characterId, vanori: input.vanori, custom: input.custom ?? undefined },
        { authority: { action: 'tenthRealmChooseVanori', input } },
      ),
      input.characterId,
    );
  }

  async rerollResilience(principal: Principal, input: TenthRealmCharacterInput) {
    return this.onOwnCharacter(principal, 'tenthRealmRerollResilience', input, rerollResilience, { characterId: input.characterId });
  }

  async finishCharacter(principal: Principal, input: TenthRealmFinishCharacterInput) {
    return this.onOwnCharacter(principal, 'tenthRealmFinishCharacter', input, finishCharacter, { characterId: input.characterId, weaponName: input.weaponName });
  }

  // ---- regions, NPCs, oracle ----------------------------------------------------------------

  async rollStartingRegion(principal: Principal, input: TenthRealmCampaignInput) {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const { d20, hex, eventSeq } = await this.table.play(principal, input.campaignId, rollStartingRegion, {}, { authority: { action: 'tenthRealmRollStartingRegion', input } });
    return { d20, hex, eventSeq };
  }

  async enterRegion(principal: Principal, input: TenthRealmEnterRegionInput) {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const result = await this.table.play(principal, input.campaignId, enterRegion, { hex: input.hex, notes: input.notes ?? undefined }, { authority: { action: 'tenthRealmEnterRegion', input } });
    return { region: await this.region(principal, input.campaignId, input.hex), firstVisit: result.firstVisit, eventSeq: result.eventSeq };
  }

  /** A day's travel: the hexes in order, in one event (world.ts, travel). */
  async travel(principal: Principal, input: TenthRealmTravelInput) {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const result = await this.table.play(
      principal,
      input.campaignId,
      travel,
      { mode: input.mode, hexes: input.hexes, favourableWinds: input.favourableWinds ?? undefined },
      { authority: { action: 'tenthRealmTravel', input } },
    );
    const { regions } = result.after.world;
    return {
      mode: input.mode,
      from: result.from,
      entered: result.entered.map((hex) => ({ region: regionView(regions[hex.hex]), firstVisit: hex.firstVisit })),
      currentHex: result.currentHex!,
      eventSeq: result.eventSeq,
    };
  }

  async setRiskRating(principal: Principal, input: TenthRealmSetRiskRatingInput) {
    requireCampaignRole(principal, input.campaignId, 'GM');
    const result = await this.table.play(principal, input.campaignId, setRiskRating, { hex: input.hex, riskRating: input.riskRating }, { authority: { action: 'tenthRealmSetRiskRating', input } });
    return { region: await this.region(principal, input.campaignId, input.hex), firstVisit: false, eventSeq: result.eventSeq };
  }

  async reaction(principal: Principal, input: TenthRealmCampaignInput) {
    requireCampaignRole(principal, input.campaignId, 'GM');
    const result = await this.table.play(principal, input.campaignId, reaction, {}, { authority: { action: 'tenthRealmReaction', input } });
    return { card: cardView(result.card), reaction: result.reaction, eventSeq: result.eventSeq };
  }

  async oracle(principal: Principal, input: TenthRealmOracleInput) {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const result = await this.table.play(principal, input.campaignId, oracle, { question: input.question, factors: input.factors }, { authority: { action: 'tenthRealmOracle', input } });
    return { answer: result.answer, cards: result.cards.map(cardView), eventSeq: result.eventSeq };
  }

  async startSession(principal: Principal, input: TenthRealmCampaignInput) {
    requireCampaignRole(principal, input.campaignId, 'GM');
    const { session, eventSeq } = await this.table.play(principal, input.campaignId, startSession, {}, { authority: { action: 'tenthRealmStartSession', input } });
    return { session, eventSeq };
  }

  // ---- rolls and burns ----------------------------------------------------------------------

  async trialRoll(principal: Principal, input: TenthRealmTrialRollInput) {
    const character = await this.table.ownCharacter(principal, input.characterId);
    await this.table.checkBurners(principal, character.campaignId, input.burns.map((burn) => burn.characterId));
    const result = await this.table.playAsCharacter(principal, character, trialRoll, trialInput(input), { authority: { action: 'tenthRealmTrialRoll', input } });
    return this.rollView(result, result, input.characterId);
  }

  /** The odds of the trial roll `tenthRealmTrialRoll` would make with this input: read only. */
  trialOdds(principal: Principal, input: TenthRealmTrialOddsInput) {
    return this.table.trialOdds(principal, { ...trialInput(input), attribute: input.attribute, dr: input.dr });
  }

  /** GM: a call for a trial, kept on the table until the called character's player rolls it. */
  async callTrial(principal: Principal, input: TenthRealmCallTrialInput) {
    const character = await this.table.ownCharacter(principal, input.characterId);
    const callId = randomUUID();
    const result = await this.table.play(
      principal,
      character.campaignId,
      callTrial,
      {
        callId,
        characterId: input.characterId,
        attribute: input.attribute ?? undefined,
        dr: input.dr,
        drAdjustments: input.drAdjustments.map((adjustment) => ({ amount: adjustment.amount, reason: adjustment.reason })),
        featDie: input.featDie ?? undefined,
        fate: input.fate,
        ignoreArmor: input.ignoreArmor ?? undefined,
        consequenceInPlaceOfDamage: input.consequenceInPlaceOfDamage ?? undefined,
        conjuringAmount: input.conjuringAmount ?? undefined,
      },
      { authority: { action: 'tenthRealmCallTrial', input } },
    );
    return { call: callView(result.call), eventSeq: result.eventSeq };
  }

  /** The risk cards of a call, revealed before the player chooses burns and rolls. */
  async revealRisk(principal: Principal, input: TenthRealmRevealRiskInput) {
    const character = await this.table.ownCharacter(principal, input.characterId);
    const result = await this.table.play(principal, character.campaignId, revealRisk, { callId: input.callId, characterId: input.characterId }, { authority: { action: 'tenthRealmRevealRisk', input } });
    const call = result.after.world.calls![input.callId];
    return { call: callView(call), eventSeq: result.eventSeq };
  }

  async burnCard(principal: Principal, input: TenthRealmBurnCardInput) {
    const character = await this.table.ownCharacter(principal, input.characterId);
    const result = await this.table.play(
      principal,
      character.campaignId,
      burnCard,
      {
        characterId: input.characterId,
        cardId: input.cardId,
        effect: input.effect,
        item: input.item ?? undefined,
        targetEnemyId: input.targetEnemyId ?? undefined,
        targetCharacterId: input.targetCharacterId ?? undefined,
      },
      { combat: 'ACTIVE', authority: { action: 'tenthRealmBurnCard', input } },
    );
    return { ...this.characterPayload(result, input.characterId), setUp: result.setUp,
      aid: result.aid,
      morale: result.morale && { ...result.morale, card: cardView(result.morale.card) }, };
  }

  /** GM: ends a character's conjured Vanori (conjuring.ts). */
  async endConjuring(principal: Principal, input: TenthRealmCharacterInput) {
    return this.onCharacterAsGm(principal, 'tenthRealmEndConjuring', input, endConjuring, { characterId: input.characterId });
  }

  async blessing(principal: Principal, input: TenthRealmCharacterInput) {
    const result = await this.onOwnCharacter(principal, 'tenthRealmBlessing', input, blessing, { characterId: input.characterId });
    return { ...result, attributes: result.attributes.map((entry) => ({ ...entry, card: cardView(entry.card) })),
      resilienceCard: cardView(result.resilienceCard), };
  }

  // ---- resilience, conditions, gear, rest ---------------------------------------------------

  async rest(principal: Principal, input: TenthRealmRestInput) {
    const result = await this.onOwnCharacter(principal, 'tenthRealmRest', input, rest, {
      characterId: input.characterId,
      kind: input.kind,
      repair: input.repair ?? undefined,
      clearCondition: input.clearCondition ?? undefined,
    });
    return { ...result, card: result.card === null ? null : cardView(result.card) };
  }

  async resilienceCheck(principal: Principal, input: TenthRealmResilienceCheckInput) {
    const character = await this.table.ownCharacter(principal, input.characterId);
    await this.table.checkBurners(principal, character.campaignId, input.burns.map((burn) => burn.characterId));
    // In a fight, the check settles it (combat is lost only once the fallen have made theirs).
    const result = await this.table.playAsCharacter(principal, character, resilienceCheck, trialInput(input), {
      combat: 'ACTIVE',
      authority: { action: 'tenthRealmResilienceCheck', input },
    });
    return { ...this.characterPayload(result, input.characterId), roll: this.rollView(result.roll, result, input.characterId), incapacitated: result.incapacitated };
  }

  /** GM: a consequence costs resilience. */
  async loseResilience(principal: Principal, input: TenthRealmLoseResilienceInput) {
    return this.onCharacterAsGm(principal, 'tenthRealmLoseResilience', input, loseResilienceRule, { characterId: input.characterId, amount: input.amount });
  }

  async tendWounds(principal: Principal, input: TenthRealmConditionInput) {
    return this.onOwnCharacter(principal, 'tenthRealmTendWounds', input, tendWounds, { characterId: input.characterId, condition: input.condition });
  }

  async addCondition(principal: Principal, input: TenthRealmConditionInput) {
    return this.onOwnCharacter(principal, 'tenthRealmAddCondition', input, addCondition, { characterId: input.characterId, condition: input.condition });
  }

  /** GM: conditions clear when the GM rules them irrelevant (a full rest clears one too). */
  async clearCondition(principal: Principal, input: TenthRealmConditionInput) {
    return this.onCharacterAsGm(principal, 'tenthRealmClearCondition', input, clearCondition, { characterId: input.characterId, condition: input.condition });
  }

  async gainItem(principal: Principal, input: TenthRealmItemInput) {
    return this.onOwnCharacter(principal, 'tenthRealmGainItem', input, gainItem, { characterId: input.characterId, item: input.item });
  }

  async dropItem(principal: Principal, input: TenthRealmItemInput) {
    return this.onOwnCharacter(principal, 'tenthRealmDropItem', input, dropItem, { characterId: input.characterId, item: input.item });
  }

  async damageGear(principal: Principal, input: TenthRealmGearInput) {
    return this.onCharacterAsGm(principal, 'tenthRealmDamageGear', input, damageGear, { characterId: input.characterId, gear: input.gear });
  }

  async gainGear(principal: Principal, input: TenthRealmGainGearInput) {
    return this.onCharacterAsGm(principal, 'tenthRealmGainGear', input, gainGear, { characterId: input.characterId, gear: input.gear, name: input.name, die: input.die });
  }

  async equipGear(principal: Principal, input: TenthRealmNamedGearInput) {
    return this.onOwnCharacter(principal, 'tenthRealmEquipGear', input, equipGear, { characterId: input.characterId, gear: input.gear, name: input.name });
  }

  async dropGear(principal: Principal, input: TenthRealmNamedGearInput) {
    return this.onOwnCharacter(principal, 'tenthRealmDropGear', input, dropGear, { characterId: input.characterId, gear: input.gear, name: input.name });
  }

  async repairGear(principal: Principal, input: TenthRealmGearInput) {
    return this.onCharacterAsGm(principal, 'tenthRealmRepairGear', input, repairGear, { characterId: input.characterId, gear: input.gear });
  }

  // ---- combat -------------------------------------------------------------------------------

  async startCombat(principal: Principal, input: TenthRealmStartCombatInput) {
    requireCampaignRole(principal, input.campaignId, 'GM');
    const result = await this.table.play(
      principal,
      input.campaignId,
      startCombat,
      {
        encounterId: randomUUID(),
        characterIds: input.characterIds,
        enemies: input.enemies.map((enemy) => ({ name: enemy.name, resilience: enemy.resilience, armorDie: enemy.armorDie ?? null, weaponDie: enemy.weaponDie })),
      },
      { combat: 'ACTIVE', authority: { action: 'tenthRealmStartCombat', input } },
    );
    return { encounter: encounterView(result.encounter!), eventSeq: result.eventSeq };
  }

  async attack(principal: Principal, input: TenthRealmAttackInput) {
    return this.combatTurn(principal, input, 'tenthRealmAttack', attack, {
      ...trialInput(input),
      ...rulings(input),
      encounterId: input.encounterId,
      enemyId: input.enemyId,
      mode: input.mode,
      featDie: input.featDie ?? undefined,
    });
  }

  async damageEnemyGear(principal: Principal, input: TenthRealmDamageEnemyGearInput) {
    return this.combatTurn(principal, input, 'tenthRealmDamageEnemyGear', damageEnemyGear, {
      ...trialInput(input),
      encounterId: input.encounterId,
      enemyId: input.enemyId,
      gear: input.gear,
    });
  }

  /** A character's turn against an enemy of a combat: the roll, then the combat and that enemy as it left them. */
  private async combatTurn<I, R extends { roll: TrialResult }>(
    principal: Principal,
    input: { encounterId: string; characterId: string; enemyId: string; burns: Array<{ characterId: string }> },
    action: string,
    rule: Rule<I, R>,
    ruleInput: I,
  ) {
    const campaignId = await this.table.encounterCampaign(principal, input.encounterId);
    await this.table.ownCharacter(principal, input.characterId);
    await this.table.checkBurners(principal, campaignId, input.burns.map((burn) => burn.characterId));
    const result = await this.table.play(principal, campaignId, rule, ruleInput, {
      combat: { encounterId: input.encounterId },
      authority: { action, input },
    });
    const view = encounterView(result.encounter!);
    return { ...result, roll: this.rollView(result.roll, result, input.characterId), encounter: view, enemy: view.enemies.find((enemy) => enemy.id === input.enemyId)! };
  }

  async defend(principal: Principal, input: TenthRealmDefendInput) {
    const campaignId = await this.table.encounterCampaign(principal, input.encounterId);
    await this.table.ownCharacter(principal, input.characterId);
    await this.table.checkBurners(principal, campaignId, input.burns.map((burn) => burn.characterId));
    const result = await this.table.play(
      principal,
      campaignId,
      defend,
      { ...trialInput(input), ...rulings(input), encounterId: input.encounterId, enemyId: input.enemyId },
      { combat: { encounterId: input.encounterId }, authority: { action: 'tenthRealmDefend', input } },
    );
    return {
      roll: this.rollView(result.roll, result, input.characterId),
      hit: result.hit,
      consequence: result.consequence,
      character: result.characters.get(input.characterId)!,
      encounter: encounterView(result.encounter!),
      eventSeq: result.eventSeq,
    };
  }

  async morale(principal: Principal, input: TenthRealmMoraleInput) {
    const campaignId = await this.table.encounterCampaign(principal, input.encounterId);
    requireCampaignRole(principal, campaignId, 'GM');
    const result = await this.table.play(principal, campaignId, morale, { encounterId: input.encounterId, enemyId: input.enemyId ?? undefined }, {
      combat: { encounterId: input.encounterId },
      authority: { action: 'tenthRealmMorale', input },
    });
    return { card: cardView(result.card), morale: result.morale, enemyIds: result.enemyIds, encounter: encounterView(result.encounter!), eventSeq: result.eventSeq };
  }

  async endCombat(principal: Principal, input: TenthRealmEndCombatInput) {
    const campaignId = await this.table.encounterCampaign(principal, input.encounterId);
    requireCampaignRole(principal, campaignId, 'GM');
    const result = await this.table.play(principal, campaignId, endCombat, { encounterId: input.encounterId, outcome: input.outcome }, {
      combat: { encounterId: input.encounterId },
      authority: { action: 'tenthRealmEndCombat', input },
    });
    return { encounter: encounterView(result.encounter!), eventSeq: result.eventSeq };
  }

  /** The players' side withdraws: a player of a character in the fight speaks for it. */
  async withdraw(principal: Principal, input: TenthRealmWithdrawInput) {
    const campaignId = await this.table.encounterCampaign(principal, input.encounterId);
    await this.table.ownCharacter(principal, input.characterId);
    const result = await this.table.play(principal, campaignId, withdraw, { encounterId: input.encounterId, characterId: input.characterId }, {
      combat: { encounterId: input.encounterId },
      authority: { action: 'tenthRealmWithdraw', input },
    });
    return { encounter: encounterView(result.encounter!), eventSeq: result.eventSeq };
  }

  findEncounter(principal: Principal, id: string): Promise<EncounterRecord> {
    return this.table.encounter(principal, id);
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** A rule on the caller's own character (or any, for the GM), answered with the character. */
  private async onOwnCharacter<I, R extends object>(
    principal: Principal,
    action: string,
    input: { characterId: string },
    rule: Rule<I, R>,
    ruleInput: I,
  ) {
    const character = await this.table.ownCharacter(principal, input.characterId);
    return this.characterPayload(await this.table.playAsCharacter(principal, character, rule, ruleInput, { authority: { action, input } }), input.characterId);
  }

  /** A rule the GM applies to a character of their campaign, answered with the character. */
  private async onCharacterAsGm<I, R extends object>(principal: Principal, action: string, input: { characterId: string }, rule: Rule<I, R>, ruleInput: I) {
    const character = await this.table.gmCharacter(principal, input.characterId);
    return this.characterPayload(await this.table.playAsCharacter(principal, character, rule, ruleInput, { authority: { action, input } }), input.characterId);
  }

  private characterPayload<R extends object>(result: Played<R>, characterId: string) {
    const { characters, encounter: _encounter, after: _after, ...rest } = result;
    return { ...rest, character: characters.get(characterId)! };
  }

  private rollView(roll: TrialResult, result: Played<object>, characterId: string) {
    // The rule names the kept card by its code; the API shows it as every revealed card, with its colour.
    const cardKept = roll.cardKept === null ? null : cardView(roll.cardKept.code);
    return { ...roll, cardKept, eventSeq: result.eventSeq, character: result.characters.get(characterId)! };
  }

  private async region(principal: Principal, campaignId: string, hex: string) {
    const state = await this.table.campaignState(principal, campaignId);
    return regionView(state!.world.regions[hex]);
  }
}

function requireGmApproval(principal: Principal, campaignId: string): void {
  if (principal.role === 'ADMIN') return;
  if (principal.role !== 'GM' || principal.campaignId !== campaignId) {
    throw new ForbiddenError('A custom Vanori needs the GM\'s approval: the GM chooses it');
  }
}
