/**
 * Conditions on combatants and their clocks (enchanted-realms-d20.md, "Crit-effect table" and the
 * paragraph after it): crit effects land, the combat tracker ends turn-bound ones at the end of the
 * named turn, and Bleeding bites when the bleeding combatant's turn starts.
 */
import type { Rng } from '../random/random-stream.js';
import type { CritResult } from './attack-roll.js';
import type { CritEffect, LastsUntil } from './crit-table.js';
import { clockOf, turnOf, type Combatant, type Condition, type D20Combat, type D20State } from './state.js';

/** A condition that ended, and on whom. */
export interface ConditionEnded {
  combatantId: string;
  condition: CritEffect;
  inflictedBy: string;
}

/** Damage Bleeding deals when the bleeding combatant's turn starts (seed 004, line 42: "−1 damage"). */
export const BLEEDING_DAMAGE = 1;

/**
 * Sets a condition on a combatant. **Decision**: conditions do not stack: a crit that sets one the
 * combatant already has starts it afresh (its clock back to 0, Confusion's target undrawn). Off
 * Balance is kept once per attacker, since each attacker has its own advantage.
 */
export function setCondition(combatant: Combatant, name: CritEffect, lastsUntil: LastsUntil, inflictedBy: string): void {
  const fresh: Condition = { name, lastsUntil, inflictedBy, turnsBegun: 0, randomTarget: null };
  const same = (condition: Condition) => condition.name === name && (name !== 'OFF_BALANCE' || condition.inflictedBy === inflictedBy);
  const index = combatant.conditions.findIndex(same);
  if (index === -1) combatant.conditions.push(fresh);
  else combatant.conditions[index] = fresh;
}

/**
 * Lands an attack's crits on its target, without a save (seed 004, line 50): Agony, Unnerved and
 * Smote raise the target's tallies; an effect with a duration stays as a condition; the other
 * instant ones (Hard Hit's damage is in the attack's; pushed, prone) leave nothing to track.
 * **Decision**: prone and pushed are not tracked (the table marks them instant).
 */
export function landCrits(target: Combatant, attackerId: string, crits: readonly CritResult[]): void {
  for (const crit of crits) {
    if (!crit.applied) continue;
    if (crit.effect === 'AGONY') target.pain += crit.amount!;
    else if (crit.effect === 'UNNERVED') target.anxiety += crit.amount!;
    else if (crit.effect === 'SMOTE') target.spite += crit.amount!;
    else if (crit.lastsUntil !== 'INSTANT') setCondition(target, crit.effect, crit.lastsUntil, attackerId);
  }
}

/**
 * Removes the conditions `ends` picks from every combatant, in id order so the list does not depend
 * on how the storage ordered the keys. Returns what ended.
 */
export function endConditions(state: D20State, ends: (holderId: string, condition: Condition) => boolean): ConditionEnded[] {
  const ended: ConditionEnded[] = [];
  for (const holderId of Object.keys(state.combatants).sort()) {
    const combatant = state.combatants[holderId];
    combatant.conditions = combatant.conditions.filter((condition) => {
      if (!ends(holderId, condition)) return true;
      ended.push({ combatantId: holderId, condition: condition.name, inflictedBy: condition.inflictedBy });
      return false;
    });
  }
  return ended;
}

/** What happened when a turn began. */
export interface TurnStart {
  combatantId: string;
  round: number;
  /** Bleeding's damage this turn (0 when not bleeding). */
  bleedingDamage: number;
  /** Confusion: the others it might attack, in turn order, and the one drawn; null when not confused. */
  confusion: { candidates: string[]; target: string } | null;
}

/**
 * Begins the turn of `turnOf(combat)` (enchanted-realms-d20.md, after the table): every condition
 * this combatant's turns time counts the turn; Bleeding deals {@link BLEEDING_DAMAGE}; a Confusion
 * whose turn this is draws the target it will attack, uniformly among the other combatants of the
 * combat in turn order (`rng.uniform(n)`, the only draw). **Decision**: "a random target" is any
 * other combatant of the combat, friend or foe.
 */
export function beginTurn(state: D20State, combat: D20Combat, rng: Rng): TurnStart {
  const combatantId = turnOf(combat);
  for (const holderId of Object.keys(state.combatants).sort()) {
    for (const condition of state.combatants[holderId].conditions) {
      if (clockOf(holderId, condition) === combatantId) condition.turnsBegun += 1;
    }
  }
  const combatant = state.combatants[combatantId];
  const bleedingDamage = combatant.conditions.some((condition) => condition.name === 'BLEEDING') ? BLEEDING_DAMAGE : 0;
  combatant.damageTaken += bleedingDamage;
  let confusion: TurnStart['confusion'] = null;
  const confused = combatant.conditions.find((condition) => condition.name === 'CONFUSION' && condition.turnsBegun === 1);
  if (confused !== undefined) {
    const candidates = combat.order.filter((id) => id !== combatantId);
    confused.randomTarget = candidates[rng.uniform(candidates.length)];
    confusion = { candidates, target: confused.randomTarget };
  }
  return { combatantId, round: combat.round, bleedingDamage, confusion };
}

/**
 * Ends the turn of `turnOf(combat)`: the turn-bound conditions it times end if their named turn
 * (one that began after they were set) is this one.
 */
export function endTurn(state: D20State, combat: D20Combat): ConditionEnded[] {
  const combatantId = turnOf(combat);
  return endConditions(state, (holderId, condition) => clockOf(holderId, condition) === combatantId && condition.turnsBegun >= 1);
}
