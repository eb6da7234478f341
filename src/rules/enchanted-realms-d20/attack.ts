/** The attack of one combatant on another (enchanted-realms-d20.md, "Dice pools", "Raw dice values", "Crits"). */
import { rule } from '../kernel/outcome.js';
import { copyData } from '../plain-data.js';
import { ATTACK_KINDS, MAX_SKILL_DICE, poolFromSkills, rollAttack, type AttackKind, type AttackRoll, type AttackSetup } from './attack-roll.js';
import { CRIT_ENABLING_SKILLS, requireId, requireSkills } from './combatant.js';
import { landCrits } from './conditions.js';
import {
  activeCombatOf,
  combatantOf,
  D20_EVENTS,
  MAX_SCORE,
  offBalanceFor,
  optionalFlag,
  refuse,
  requireInteger,
  standingOf,
  type Combatant,
  type D20State,
} from './state.js';

export interface AttackInput {
  attackerId: string;
  targetId: string;
  kind: AttackKind;
  /** The attacker's skills that apply to this attack: one d20 each, at most 5 count. */
  skills: string[];
  advantage?: boolean;
  disadvantage?: boolean;
  /** Added to every die; default 0. */
  modifier?: number;
  /** The weapon's damage for each hitting die; default 1 (enchanted-realms-d20.md, "Dice pools", **Decision**). */
  damagePerHit?: number;
  /** An effect (skill, spell) grants crits without a crit-enabling style (seed 004, line 47). */
  grantsCrit?: boolean;
}

/** Where the attack's advantage or disadvantage came from. */
export type AdvantageSource = 'INPUT' | 'OFF_BALANCE';
export type DisadvantageSource = 'INPUT' | 'HEAVY_BLOW';

export interface AttackResult extends AttackRoll {
  /** The numbers the dice were rolled with; the event carries them so the roll can be replayed. */
  setup: AttackSetup;
  advantageFrom: AdvantageSource[];
  disadvantageFrom: DisadvantageSource[];
  /** The target after the damage and the crits. */
  target: Combatant;
}

/** Most damage one hitting die deals. */
export const MAX_DAMAGE_PER_HIT = 1000;


/**
 * Works out the numbers of an attack from the state, or refuses (enchanted-realms-d20.md, "Dice
 * pools"; seed 004, lines 47–49):
 * - one d20 per skill used (skills the attacker has), at most 5 from skills; advantage +1,
 *   disadvantage −1, from the input or the conditions (Off Balance against this target on the
 *   attacker's turn; Heavy Blow on the attacker). **Decision**: advantage and disadvantage are
 *   one die each however many sources give them, and they cancel out; advantage may take a pool
 *   of 5 skills to 6 (the limit is on dice from skills).
 * - a ranged pool of 0 cannot be rolled; a melee pool of 0 is the untrained roll.
 * - crits are enabled by a style among the skills used, or by `grantsCrit`.
 * **Decision**: a combatant does not attack itself; attacker and target are in the same active
 * combat or both out of combat; attacks are not limited to the attacker's turn (reactions exist:
 * the tracker only times conditions). A confused combatant, on its turn, attacks the target drawn
 * for it.
 */
export function attackSetup(state: D20State, input: AttackInput): Pick<AttackResult, 'setup' | 'advantageFrom' | 'disadvantageFrom'> {
  const attacker = combatantOf(state, requireId(input.attackerId, 'attackerId'));
  const target = combatantOf(state, requireId(input.targetId, 'targetId'));
  if (attacker.id === target.id) refuse('SAME_COMBATANT', 'a combatant cannot attack itself');
  if (!ATTACK_KINDS.includes(input.kind)) refuse('INVALID_KIND', 'an attack is MELEE or RANGED');
  const attackerCombat = activeCombatOf(state, attacker.id);
  const targetCombat = activeCombatOf(state, target.id);
  if ((attackerCombat || targetCombat) && attackerCombat?.id !== targetCombat?.id) {
    refuse('NOT_IN_SAME_COMBAT', `${attacker.name} and ${target.name} are not fighting in the same combat`);
  }
  const skills = requireSkills(input.skills, 'skills');
  const unknown = skills.find((skill) => !attacker.skills.includes(skill));
  if (unknown !== undefined) refuse('SKILL_NOT_KNOWN', `${attacker.name} does not have the skill ${unknown}`);
  const modifier = requireInteger(input.modifier ?? 0, -MAX_SCORE, MAX_SCORE, 'modifier');
  const damagePerHit = requireInteger(input.damagePerHit ?? 1, 0, MAX_DAMAGE_PER_HIT, 'damagePerHit');
  const attackerStanding = standingOf(attacker);
  if (attackerStanding.mustAttack !== null && attackerStanding.mustAttack !== target.id) {
    const drawn = state.combatants[attackerStanding.mustAttack]?.name ?? attackerStanding.mustAttack;
    refuse('CONFUSED', `${attacker.name} is confused: this turn it attacks ${drawn}, the random target drawn for it`);
  }

  const advantageFrom: AdvantageSource[] = [];
  if (optionalFlag(input.advantage, 'advantage')) advantageFrom.push('INPUT');
  if (offBalanceFor(target, attacker.id)) advantageFrom.push('OFF_BALANCE');
  const disadvantageFrom: DisadvantageSource[] = [];
  if (optionalFlag(input.disadvantage, 'disadvantage')) disadvantageFrom.push('INPUT');
  if (attackerStanding.disadvantageOnAllRolls) disadvantageFrom.push('HEAVY_BLOW');
  const grantsCrit = optionalFlag(input.grantsCrit, 'grantsCrit');

  const setup: AttackSetup = {
    kind: input.kind,
    skillDice: Math.min(skills.length, MAX_SKILL_DICE),
    advantage: advantageFrom.length > 0,
    disadvantage: disadvantageFrom.length > 0,
    modifier,
    defense: standingOf(target).defense,
    damagePerHit,
    critEnabled: grantsCrit || skills.some((skill) => CRIT_ENABLING_SKILLS.includes(skill)),
    targetImmunities: [...target.immunities],
    targetArmorWorn: target.armorWorn,
  };
  if (setup.kind === 'RANGED' && poolFromSkills(setup) === 0) {
    refuse('EMPTY_POOL', 'a pool of 0 dice cannot be rolled: only an untrained melee fighter rolls without a skill');
  }
  return { setup, advantageFrom, disadvantageFrom };
}

/**
 * `enchantedRealmsD20Attack`: rolls the attack ({@link rollAttack}), deals the damage of every
 * hitting die and of the Hard Hits to the target, and lands each crit's effect on it
 * (enchanted-realms-d20.md, "Crits").
 */
export const attack = rule<D20State, AttackInput, AttackResult>(D20_EVENTS.attack, (play, input) => {
  const { setup, advantageFrom, disadvantageFrom } = attackSetup(play.state, input);
  const roll = rollAttack(setup, play.rng);
  const target = play.state.combatants[input.targetId];
  target.damageTaken += roll.damage;
  landCrits(target, input.attackerId, roll.crits);
  return { setup, advantageFrom, disadvantageFrom, ...roll, target: copyData(target) };
});
