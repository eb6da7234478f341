import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError } from '../../common/errors.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { CharactersRepository } from '../../modules/characters/characters.repository.js';
import { attack } from '../../rules/enchanted-realms-d20/attack.js';
import { callCheck, check, type CheckCall } from '../../rules/enchanted-realms-d20/check.js';
import { endCombat, nextTurn, startCombat } from '../../rules/enchanted-realms-d20/combat.js';
import { createCombatant } from '../../rules/enchanted-realms-d20/combatant.js';
import { shortRest, treat } from '../../rules/enchanted-realms-d20/recovery.js';
import type { Combatant } from '../../rules/enchanted-realms-d20/state.js';
import type {
  EnchantedRealmsD20AttackInput,
  EnchantedRealmsD20CallCheckInput,
  EnchantedRealmsD20CheckInput,
  EnchantedRealmsD20CombatInput,
  EnchantedRealmsD20CreateCombatantInput,
  EnchantedRealmsD20ShortRestInput,
  EnchantedRealmsD20StartCombatInput,
  EnchantedRealmsD20TreatInput,
} from './enchanted-realms-d20.inputs.js';
import { EnchantedRealmsD20Service } from './enchanted-realms-d20.service.js';
import { combatantView, combatView } from './enchanted-realms-d20.views.js';

/** Ids as the table keeps them: the UUIDs the server made, in lower case. */
const id = (value: string): string => value.toLowerCase();

const describeCall = (call: Pick<CheckCall, 'kind' | 'targetValue'>): string => `${call.kind} against ${call.targetValue}`;

/**
 * The Enchanted Realms d20 mutations: who may do each (authority.ts), which rule it applies and
 * what it answers. A player acts for the combatant of their own character; the GM for anyone, for
 * every foe, and alone calls checks, runs the combat tracker and calls short rests.
 */
@Injectable()
export class EnchantedRealmsD20Actions {
  constructor(
    private readonly table: EnchantedRealmsD20Service,
    private readonly characters: CharactersRepository,
  ) {}

  /** A player adds the combatant of their own character; the GM adds anyone's, and foes. Immunities are the GM's. */
  async createCombatant(principal: Principal, input: EnchantedRealmsD20CreateCombatantInput) {
    const campaignId = id(input.campaignId);
    await this.table.campaignInReach(principal, campaignId);
    const characterId = input.characterId == null ? null : id(input.characterId);
    const gm = isGameMaster(principal, campaignId);
    if (characterId === null) {
      if (!gm) throw new ForbiddenError('Only the GM adds foes: a player adds the combatant of their own character (characterId)');
    } else {
      const owner = await this.characters.findOwner(characterId);
      if (owner?.campaignId !== campaignId) throw new NotFoundError('Character', characterId);
      if (!gm && owner.memberId !== principal.memberId) throw new ForbiddenError('A player adds the combatant of their own character only');
    }
    this.table.requireGmFor(principal, campaignId, { immunities: input.immunities.length > 0 });
    const combatantId = randomUUID();
    const result = await this.table.play(principal, campaignId, createCombatant, {
      campaignId,
      combatantId,
      characterId,
      name: input.name,
      defense: input.defense,
      armorWorn: input.armorWorn,
      armorValue: input.armorValue ?? null,
      skills: input.skills,
      immunities: input.immunities,
    });
    return { combatant: combatantView(campaignId, result.combatant), eventSeq: result.eventSeq };
  }

  /** The attacker's player or the GM (the GM alone for a foe); advantage, disadvantage and grantsCrit are the GM's. */
  async attack(principal: Principal, input: EnchantedRealmsD20AttackInput) {
    const attackerId = id(input.attackerId);
    const targetId = id(input.targetId);
    const { campaignId, combatant, state } = await this.table.combatantInReach(principal, attackerId);
    this.table.requireCombatantsOf(state, [targetId]);
    await this.table.requireActingFor(principal, campaignId, combatant, 'attacks');
    this.table.requireGmFor(principal, campaignId, { advantage: input.advantage, disadvantage: input.disadvantage, grantsCrit: input.grantsCrit });
    const result = await this.table.play(principal, campaignId, attack, {
      attackerId,
      targetId,
      kind: input.kind,
      skills: input.skills,
      advantage: input.advantage,
      disadvantage: input.disadvantage,
      modifier: input.modifier,
      damagePerHit: input.damagePerHit,
      grantsCrit: input.grantsCrit,
    });
    const { after: _after, eventSeq, target, ...roll } = result;
    return { ...roll, target: combatantView(campaignId, target), eventSeq };
  }

  /** The odds of the attack `enchantedRealmsD20Attack` would roll, with the same checks of who may ask what: read only. */
  async attackOdds(principal: Principal, input: EnchantedRealmsD20AttackInput) {
    const attackerId = id(input.attackerId);
    const targetId = id(input.targetId);
    const { campaignId, combatant, state } = await this.table.combatantInReach(principal, attackerId);
    this.table.requireCombatantsOf(state, [targetId]);
    await this.table.requireActingFor(principal, campaignId, combatant, 'asks attack odds');
    this.table.requireGmFor(principal, campaignId, { advantage: input.advantage, disadvantage: input.disadvantage, grantsCrit: input.grantsCrit });
    const odds = await this.table.attackOdds(principal, campaignId, {
      attackerId,
      targetId,
      kind: input.kind,
      skills: input.skills,
      advantage: input.advantage,
      disadvantage: input.disadvantage,
      modifier: input.modifier,
      damagePerHit: input.damagePerHit,
      grantsCrit: input.grantsCrit,
    });
    return { ...odds, expectedEffects: Object.entries(odds.expectedEffects).map(([effect, expected]) => ({ effect, expected })) };
  }

  /** GM: a check called for a combatant, which its player rolls. */
  async callCheck(principal: Principal, input: EnchantedRealmsD20CallCheckInput) {
    const combatantId = id(input.combatantId);
    const { campaignId } = await this.table.combatantInReach(principal, combatantId);
    requireCampaignRole(principal, campaignId, 'GM');
    const result = await this.table.play(principal, campaignId, callCheck, {
      combatantId,
      kind: input.kind,
      targetValue: input.targetValue,
      advantage: input.advantage,
      disadvantage: input.disadvantage,
      subAttribute: input.subAttribute ?? null,
      social: input.social,
    });
    return { combatant: combatantView(campaignId, result.combatant), eventSeq: result.eventSeq };
  }

  /**
   * The GM rolls any check. A player rolls their own combatant's as the GM called it: its kind and
   * Target Value the call's, its circumstances the call's (those of the input are the GM's).
   */
  async check(principal: Principal, input: EnchantedRealmsD20CheckInput) {
    const combatantId = id(input.combatantId);
    const { campaignId, combatant } = await this.table.combatantInReach(principal, combatantId);
    await this.table.requireActingFor(principal, campaignId, combatant, 'rolls');
    const gm = isGameMaster(principal, campaignId);
    this.table.requireGmFor(principal, campaignId, {
      advantage: input.advantage,
      disadvantage: input.disadvantage,
      subAttribute: input.subAttribute != null,
      social: input.social,
    });
    if (!gm) this.requireCalled(combatant, input);
    const result = await this.table.play(principal, campaignId, check, {
      combatantId,
      kind: input.kind,
      dice: input.dice,
      modifier: input.modifier,
      targetValue: input.targetValue,
      advantage: input.advantage,
      disadvantage: input.disadvantage,
      subAttribute: input.subAttribute ?? null,
      social: input.social,
      // The rule checks the call again inside the move: it may have changed since it was read here.
      asCalled: input.asCalled || !gm,
    });
    const { after, eventSeq, ...roll } = result;
    return { ...roll, combatant: combatantView(campaignId, after.combatants[combatantId]), eventSeq };
  }

  /** GM: the combat tracker starts, the first combatant's turn begun. */
  async startCombat(principal: Principal, input: EnchantedRealmsD20StartCombatInput) {
    const campaignId = id(input.campaignId);
    const state = await this.table.campaignInReach(principal, campaignId);
    requireCampaignRole(principal, campaignId, 'GM');
    const combatantIds = input.combatantIds.map(id);
    this.table.requireCombatantsOf(state, combatantIds);
    const encounterId = randomUUID();
    const result = await this.table.play(principal, campaignId, startCombat, { campaignId, encounterId, combatantIds });
    return { combat: combatView(campaignId, result.after.encounters[encounterId], result.after.combatants), started: result.started, eventSeq: result.eventSeq };
  }

  /** GM: the current turn ends (its conditions expire), the next begins (Bleeding bites). */
  async nextTurn(principal: Principal, input: EnchantedRealmsD20CombatInput) {
    const encounterId = id(input.encounterId);
    const campaignId = await this.table.combatCampaign(principal, encounterId);
    requireCampaignRole(principal, campaignId, 'GM');
    const result = await this.table.play(principal, campaignId, nextTurn, { encounterId }, encounterId);
    return {
      endedTurnOf: result.endedTurnOf,
      expired: result.expired,
      started: result.started,
      combat: combatView(campaignId, result.after.encounters[encounterId], result.after.combatants),
      eventSeq: result.eventSeq,
    };
  }

  /** GM: the combat is over. */
  async endCombat(principal: Principal, input: EnchantedRealmsD20CombatInput) {
    const encounterId = id(input.encounterId);
    const campaignId = await this.table.combatCampaign(principal, encounterId);
    requireCampaignRole(principal, campaignId, 'GM');
    const result = await this.table.play(principal, campaignId, endCombat, { encounterId }, encounterId);
    return { expired: result.expired, combat: combatView(campaignId, result.after.encounters[encounterId], result.after.combatants), eventSeq: result.eventSeq };
  }

  /** GM: the named combatants rest. */
  async shortRest(principal: Principal, input: EnchantedRealmsD20ShortRestInput) {
    const campaignId = id(input.campaignId);
    const state = await this.table.campaignInReach(principal, campaignId);
    requireCampaignRole(principal, campaignId, 'GM');
    const combatantIds = input.combatantIds.map(id);
    this.table.requireCombatantsOf(state, combatantIds);
    const result = await this.table.play(principal, campaignId, shortRest, { campaignId, combatantIds });
    return {
      ended: result.ended,
      combatants: combatantIds.map((combatantId) => combatantView(campaignId, result.after.combatants[combatantId])),
      eventSeq: result.eventSeq,
    };
  }

  /** The treated combatant's player or the GM (who treats foes) records the treatment, whoever applies it. */
  async treat(principal: Principal, input: EnchantedRealmsD20TreatInput) {
    const combatantId = id(input.combatantId);
    const { campaignId, combatant } = await this.table.combatantInReach(principal, combatantId);
    await this.table.requireActingFor(principal, campaignId, combatant, 'records treatments');
    const result = await this.table.play(principal, campaignId, treat, {
      combatantId,
      condition: input.condition,
      treatment: input.treatment,
      spellStrength: input.spellStrength ?? null,
    });
    return { repairCost: result.repairCost, combatant: combatantView(campaignId, result.combatant), eventSeq: result.eventSeq };
  }

  /** A player's check is the one the GM called: FORBIDDEN, saying which, when it is not. */
  private requireCalled(combatant: Combatant, input: EnchantedRealmsD20CheckInput): void {
    const call = combatant.calledCheck;
    if (call === null) throw new ForbiddenError(`The GM calls for checks and sets their Target Value: no check of ${combatant.name} is called`);
    if (call.kind !== input.kind || call.targetValue !== input.targetValue) {
      throw new ForbiddenError(`The GM called for ${describeCall(call)} of ${combatant.name}, not ${describeCall(input)}`);
    }
  }
}
