/**
 * The combat tracker (enchanted-realms-d20.md, after the crit table): turns in order, rounds, and
 * the conditions they time.
 */
import { rule } from '../kernel/outcome.js';
import { copyData } from '../plain-data.js';
import { requireId } from './combatant.js';
import { beginTurn, endConditions, endTurn, type ConditionEnded, type TurnStart } from './conditions.js';
import { activeCombatOf, clockOf, combatantOf, D20_EVENTS, refuse, turnOf, type D20Combat, type D20State } from './state.js';

/** Most combatants in one combat. */
export const MAX_COMBATANTS = 100;

export interface StartCombatInput {
  campaignId?: string;
  /** A new id, made by the service: the encounter row's. */
  encounterId: string;
  /** In turn order. */
  combatantIds: string[];
}

export interface StartCombatResult {
  combat: D20Combat;
  /** The first turn, begun at once: Bleeding and Confusion apply to it. */
  started: TurnStart;
}

function activeCombat(state: D20State, encounterId: string): D20Combat {
  const combat = Object.hasOwn(state.encounters, encounterId) ? state.encounters[encounterId] : undefined;
  if (combat === undefined) refuse('UNKNOWN_ENCOUNTER', 'there is no such combat in this campaign');
  if (combat.status !== 'ACTIVE') refuse('COMBAT_OVER', 'that combat is over');
  return combat;
}

/**
 * `enchantedRealmsD20StartCombat`: the combat tracker of enchanted-realms-d20.md (after the crit
 * table) for the named combatants in the order given, round 1, the first one's turn begun — so a
 * Bleeding first combatant bleeds at once. **Decision**: the GM gives the turn order (how initiative is rolled
 * is outside the seed); a combat has at least two combatants; a combatant fights in one combat at
 * a time.
 */
export const startCombat = rule<D20State, StartCombatInput, StartCombatResult>(D20_EVENTS.combatStarted, (play, input) => {
  const encounterId = requireId(input.encounterId, 'encounterId');
  if (Object.hasOwn(play.state.encounters, encounterId)) refuse('ENCOUNTER_EXISTS', `an encounter '${encounterId}' already exists`);
  if (!Array.isArray(input.combatantIds) || input.combatantIds.length < 2 || input.combatantIds.length > MAX_COMBATANTS) {
    refuse('TOO_FEW_COMBATANTS', `a combat has 2 to ${MAX_COMBATANTS} combatants`);
  }
  const order = input.combatantIds.map((id) => combatantOf(play.state, requireId(id, 'combatantIds')).id);
  const twice = order.find((id, index) => order.indexOf(id) !== index);
  if (twice !== undefined) refuse('TOO_FEW_COMBATANTS', `${play.state.combatants[twice].name} is listed twice`);
  for (const id of order) {
    if (activeCombatOf(play.state, id)) refuse('ALREADY_IN_COMBAT', `${play.state.combatants[id].name} is already fighting in another combat`);
  }
  const combat: D20Combat = { id: encounterId, status: 'ACTIVE', order, turnIndex: 0, round: 1 };
  play.state.encounters[encounterId] = combat;
  const started = beginTurn(play.state, combat, play.rng);
  return { combat: copyData(combat), started };
});

export interface NextTurnInput {
  encounterId: string;
}

export interface NextTurnResult {
  /** Whose turn ended, and the conditions that ended with it. */
  endedTurnOf: string;
  expired: ConditionEnded[];
  started: TurnStart;
  combat: D20Combat;
}

/**
 * `enchantedRealmsD20NextTurn`: ends the current turn — the conditions that last until the end of
 * this combatant's next turn (or, for Off Balance, its attacker's) expire — and begins the next
 * combatant's, a new round after the last (enchanted-realms-d20.md, after the table). **Decision**:
 * the tracker skips no one; whether a combatant still fights is the GM's call.
 */
export const nextTurn = rule<D20State, NextTurnInput, NextTurnResult>(D20_EVENTS.turnAdvanced, (play, input) => {
  const combat = activeCombat(play.state, requireId(input.encounterId, 'encounterId'));
  const endedTurnOf = turnOf(combat);
  const expired = endTurn(play.state, combat);
  combat.turnIndex = (combat.turnIndex + 1) % combat.order.length;
  if (combat.turnIndex === 0) combat.round += 1;
  const started = beginTurn(play.state, combat, play.rng);
  return { endedTurnOf, expired, started, combat: copyData(combat) };
});

export interface EndCombatInput {
  encounterId: string;
}

/**
 * `enchantedRealmsD20EndCombat`: the combat tracker of enchanted-realms-d20.md (after the crit
 * table) needs an end, which the seed does not describe: the combat is over.
 * **Decision**: the turn-bound conditions its combatants' turns time end with it, since the turn
 * they wait for will not come in this fight; the others stay.
 */
export const endCombat = rule<D20State, EndCombatInput, { expired: ConditionEnded[]; combat: D20Combat }>(D20_EVENTS.combatEnded, (play, input) => {
  const combat = activeCombat(play.state, requireId(input.encounterId, 'encounterId'));
  combat.status = 'ENDED';
  const fighting = new Set(combat.order);
  const expired = endConditions(play.state, (holderId, condition) => fighting.has(clockOf(holderId, condition) ?? ''));
  return { expired, combat: copyData(combat) };
});
