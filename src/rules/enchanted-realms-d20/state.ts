/**
 * What an Enchanted Realms d20 rule sees (enchanted-realms-d20.md): the combatants with their
 * conditions, and the combats that time those conditions. Plain JSON data, stored in jsonb.
 */
import { refuse as refuseRule } from '../kernel/outcome.js';
import type { CheckCall } from './check.js';
import { ARMOR_EFFECT_DEFENSE_PENALTY, ARMOR_EFFECTS, TURN_BOUND, type CritEffect, type ImmunityKind, type LastsUntil } from './crit-table.js';

/** The ruleset's id in the registry. */
export const RULESET_ID = 'enchanted-realms-d20';

/** The `kind` of this ruleset's encounter rows. */
export const COMBAT_KIND = 'enchanted-realms-d20.combat';

/** A crit effect that stays on a combatant until its duration ends (enchanted-realms-d20.md, after the table). */
export interface Condition {
  name: CritEffect;
  lastsUntil: LastsUntil;
  /** The combatant whose crit set it. */
  inflictedBy: string;
  /**
   * For a turn-bound condition: how many turns of its clock (the holder, or for Off Balance the
   * attacker) have begun since it was set. It ends at the end of that combatant's turn once this is
   * at least 1, so one set during the holder's own turn outlasts that turn and ends with the next.
   */
  turnsBegun: number;
  /** Confusion: the combatant it must attack on its turn, drawn when that turn begins; else null. */
  randomTarget: string | null;
}

/**
 * A player character or a foe: both crit and are critted by the same rules (seed 004, line 50).
 * Stored in the campaign's ruleset state: see {@link D20State}.
 */
export interface Combatant {
  /** Given by the caller (a UUID the service made). */
  id: string;
  name: string;
  /** The character it is, or null for a foe of the GM's. */
  characterId: string | null;
  /** Defense without the conditions: what attack dice are read against. */
  defense: number;
  armorWorn: boolean;
  /** The armor's value, for Wardrobe Malfunction's repair cost; null when not recorded. */
  armorValue: number | null;
  /** Skills it has (UPPER_SNAKE names); an attack uses some of them, one d20 each. */
  skills: string[];
  immunities: ImmunityKind[];
  conditions: Condition[];
  /** Damage taken from hits, Hard Hits and Bleeding, over its life. */
  damageTaken: number;
  /** Tallies the instant crit effects raise (Agony, Unnerved, Smote). */
  pain: number;
  anxiety: number;
  spite: number;
  /** The check the GM called for it and it has not rolled yet, or null (see check.ts, callCheck). */
  calledCheck: CheckCall | null;
}

export type CombatStatus = 'ACTIVE' | 'ENDED';

/** A combat tracker: who acts in which order, whose turn it is, which round. */
export interface D20Combat {
  id: string;
  status: CombatStatus;
  /** Combatant ids in turn order, as the GM gave them. */
  order: string[];
  /** Index in `order` of the combatant whose turn it is. */
  turnIndex: number;
  /** 1 for the first pass through `order`. */
  round: number;
}

/**
 * Everything a d20 rule reads or changes.
 *
 * - `combatants` is kept in the campaign's ruleset state (`campaigns.ruleset_state.combatants`):
 *   conditions outlive a combat (until a short rest, until bandaged, until repaired, a permanent
 *   scar), combatants exist before any combat starts, and an attack names no combat, so they
 *   belong to the campaign rather than to one encounter.
 * - `encounters` are encounter rows of kind {@link COMBAT_KIND}: `id` and `status` are the row's
 *   columns, the rest is its `state`. The service loads the campaign's ACTIVE ones (a combatant
 *   fights in one combat at a time, which rules check) and the one an input names; rules add the
 *   rows they create.
 */
export interface D20State {
  combatants: Record<string, Combatant>;
  encounters: Record<string, D20Combat>;
}

/** Why a d20 rule refused. */
export type D20ViolationReason =
  | 'UNKNOWN_COMBATANT'
  | 'COMBATANT_EXISTS'
  | 'CHARACTER_ALREADY_COMBATANT'
  | 'INVALID_NAME'
  | 'INVALID_ID'
  | 'INVALID_NUMBER'
  | 'INVALID_SKILL'
  | 'DUPLICATE_SKILL'
  | 'SKILL_NOT_KNOWN'
  | 'UNKNOWN_IMMUNITY'
  | 'INVALID_KIND'
  | 'SAME_COMBATANT'
  | 'NOT_IN_SAME_COMBAT'
  | 'EMPTY_POOL'
  | 'CONFUSED'
  | 'UNKNOWN_ENCOUNTER'
  | 'ENCOUNTER_EXISTS'
  | 'COMBAT_OVER'
  | 'TOO_FEW_COMBATANTS'
  | 'ALREADY_IN_COMBAT'
  | 'IN_COMBAT'
  | 'NO_SUCH_CONDITION'
  | 'NOT_TREATABLE'
  | 'TREATMENT_DOES_NOT_WORK'
  | 'UNKNOWN_TREATMENT'
  | 'INVALID_SUB_ATTRIBUTE'
  | 'NO_CHECK_CALLED'
  | 'NOT_THE_CHECK_CALLED';

/** Stops the rule with a reason of this ruleset: nothing it changed is kept. */
export function refuse(reason: D20ViolationReason, message: string): never {
  return refuseRule(reason, message);
}

/** The combatant, or a refusal naming the field. */
export function combatantOf(state: D20State, id: string): Combatant {
  const found = Object.hasOwn(state.combatants, id) ? state.combatants[id] : undefined;
  if (found === undefined) refuse('UNKNOWN_COMBATANT', `there is no combatant '${id}' in this campaign`);
  return found;
}

/** The active combat the combatant fights in, if any. */
export function activeCombatOf(state: D20State, combatantId: string): D20Combat | null {
  return Object.values(state.encounters).find((combat) => combat.status === 'ACTIVE' && combat.order.includes(combatantId)) ?? null;
}

/** The combatant whose turns time a turn-bound condition, or null for any other duration. */
export function clockOf(holderId: string, condition: Condition): string | null {
  if (!TURN_BOUND.includes(condition.lastsUntil)) return null;
  return condition.lastsUntil === 'ATTACKERS_NEXT_TURN' ? condition.inflictedBy : holderId;
}

/** The id of the combatant whose turn it is. */
export function turnOf(combat: D20Combat): string {
  return combat.order[combat.turnIndex];
}

const has = (combatant: Combatant, name: CritEffect): boolean => combatant.conditions.some((condition) => condition.name === name);

/**
 * The Defense attack dice are read against: −2 for each armor effect it holds, while it wears armor
 * (seed 004, line 44: "if armor is not worn, this has no effect"). **Decision**: Garb Issue and
 * Wardrobe Malfunction add up (−4); the same one twice does not.
 */
export function effectiveDefense(combatant: Combatant): number {
  if (!combatant.armorWorn) return combatant.defense;
  const armorEffects = ARMOR_EFFECTS.filter((effect) => has(combatant, effect)).length;
  return combatant.defense - ARMOR_EFFECT_DEFENSE_PENALTY * armorEffects;
}

/**
 * Whether the attacker has advantage against this target from an Off Balance it crit: only during
 * the attacker's next turn (seed 004, line 25: "gains advantage against same target next turn").
 */
export function offBalanceFor(target: Combatant, attackerId: string): boolean {
  return target.conditions.some((condition) => condition.name === 'OFF_BALANCE' && condition.inflictedBy === attackerId && condition.turnsBegun >= 1);
}

/** What a combatant's conditions mean right now, for views and for the rules that consult them. */
export interface Standing {
  /** Defense with the armor effects. */
  defense: number;
  /** Heavy Blow: every roll at disadvantage. */
  disadvantageOnAllRolls: boolean;
  /** Beaten. */
  disadvantageOnResilienceSaves: boolean;
  /** Shocked. */
  disadvantageOnJudgmentSaves: boolean;
  /** Marked: social interactions at disadvantage. */
  disadvantageOnSocial: boolean;
  /** Stuck: cannot move… */
  canMove: boolean;
  /** …or use the dodge reaction. */
  canDodge: boolean;
  /** Leg Strike. */
  movementPenaltyFeet: number;
  blind: boolean;
  deafened: boolean;
  frightened: boolean;
  stunned: boolean;
  scarred: boolean;
  bleeding: boolean;
  /** Confusion, on its turn: whom its attacks must go to. */
  mustAttack: string | null;
  /** Off Balance: the attackers that have advantage against it now. */
  offBalanceAgainst: string[];
}

/** Reads a combatant's conditions (enchanted-realms-d20.md, "Crit-effect table"). */
export function standingOf(combatant: Combatant): Standing {
  return {
    defense: effectiveDefense(combatant),
    disadvantageOnAllRolls: has(combatant, 'HEAVY_BLOW'),
    disadvantageOnResilienceSaves: has(combatant, 'BEATEN'),
    disadvantageOnJudgmentSaves: has(combatant, 'SHOCKED'),
    disadvantageOnSocial: has(combatant, 'MARKED'),
    canMove: !has(combatant, 'STUCK'),
    canDodge: !has(combatant, 'STUCK'),
    movementPenaltyFeet: has(combatant, 'LEG_STRIKE') ? 10 : 0,
    blind: has(combatant, 'MY_EYES'),
    deafened: has(combatant, 'EAR_SPLIT'),
    frightened: has(combatant, 'AWE_STRUCK'),
    stunned: has(combatant, 'CRUSHED'),
    scarred: has(combatant, 'MARKED'),
    bleeding: has(combatant, 'BLEEDING'),
    mustAttack: combatant.conditions.find((condition) => condition.name === 'CONFUSION')?.randomTarget ?? null,
    offBalanceAgainst: combatant.conditions
      .filter((condition) => condition.name === 'OFF_BALANCE' && condition.turnsBegun >= 1)
      .map((condition) => condition.inflictedBy),
  };
}

/** Largest magnitude of a modifier, Defense or Target Value the rules accept. */
export const MAX_SCORE = 1000;

/** Refuses unless `value` is an integer in [min, max]. */
export function requireInteger(value: unknown, min: number, max: number, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    refuse('INVALID_NUMBER', `${field} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** The event types the d20 rules record, one per mutation. */
export const D20_EVENTS = {
  combatantCreated: 'enchanted-realms-d20.combatant.created',
  attack: 'enchanted-realms-d20.attack',
  check: 'enchanted-realms-d20.check',
  checkCalled: 'enchanted-realms-d20.check.called',
  combatStarted: 'enchanted-realms-d20.combat.started',
  turnAdvanced: 'enchanted-realms-d20.turn.advanced',
  combatEnded: 'enchanted-realms-d20.combat.ended',
  shortRest: 'enchanted-realms-d20.short-rest',
  conditionTreated: 'enchanted-realms-d20.condition.treated',
} as const;

/** An optional flag of an input: false when absent; refused when not a boolean. */
export function optionalFlag(value: unknown, field: string): boolean {
  if (value == null) return false;
  if (typeof value !== 'boolean') refuse('INVALID_NUMBER', `${field} must be true or false`);
  return value;
}
