/**
 * Rolling an attack once its numbers are known (enchanted-realms-d20.md, "Dice pools", "Raw dice
 * values", "Crits"): the pool read die by die, the crit chain, and a d100 per crit. The attack rule
 * works the numbers out from the state; the replayer rolls the same numbers from an event; the
 * odds add up the same cases. Pure: everything random comes from the rng, in the order below.
 */
import type { Rng } from '../random/random-stream.js';
import { ARMOR_EFFECTS, critRowFor, type CritEffect, type ImmunityKind, type LastsUntil } from './crit-table.js';

export type AttackKind = 'MELEE' | 'RANGED';
export const ATTACK_KINDS: readonly AttackKind[] = ['MELEE', 'RANGED'];

/** Dice a pool takes from skills, at most (enchanted-realms-d20.md, "Dice pools"). */
export const MAX_SKILL_DICE = 5;

/** The natural faces that override the math on an attack (seed 004, line 16). */
export const NATURAL_HIT = 20;
export const NATURAL_MISS = 1;

/** Everything an attack roll depends on; events carry it so the roll can be replayed. */
export interface AttackSetup {
  kind: AttackKind;
  /** d20s from skills: one per applicable skill, at most {@link MAX_SKILL_DICE}. */
  skillDice: number;
  /** After the input and the conditions (Off Balance gives it, Heavy Blow takes one away). */
  advantage: boolean;
  disadvantage: boolean;
  modifier: number;
  /** The target's Defense, with its armor effects, when the attack began. */
  defense: number;
  damagePerHit: number;
  /** A crit-enabling style among the skills used, or an effect that grants crits. */
  critEnabled: boolean;
  targetImmunities: ImmunityKind[];
  targetArmorWorn: boolean;
}

/** One d20 of an attack, read on its own. */
export interface AttackDie {
  /** The natural face (for the untrained roll, the lower of its two). */
  value: number;
  /** value + modifier. */
  total: number;
  hit: boolean;
  natural20: boolean;
  natural1: boolean;
  /** This die's natural 20 is a crit. */
  crit: boolean;
  /** An award of the crit chain, not a die of the pool. */
  awarded: boolean;
  /** The untrained roll: both faces of the 2d20 whose lower one is kept; else null. */
  keptLowerOf: number[] | null;
}

/** Why a crit effect did not land (or, for Rolled, one of its two parts). */
export type IgnoredBecause = `IMMUNE_TO_${ImmunityKind}` | 'NO_ARMOR_WORN';

/** One roll on the crit-effect table. */
export interface CritResult {
  /** The index in `dice` of the die whose natural 20 was this crit. */
  dieIndex: number;
  /** The d100; 00 reads 100. */
  roll: number;
  effect: CritEffect;
  name: string;
  lastsUntil: LastsUntil;
  /** False when the target ignored the whole effect; true when all or part of it landed. */
  applied: boolean;
  /** Why it, or a part of it, was ignored; null when it landed whole. */
  ignoredBecause: IgnoredBecause | null;
  /** Every kind of the effect the target is immune to. */
  ignoredKinds: ImmunityKind[];
  /** Hard Hit's extra damage or Agony's Pain (a d3), Unnerved's Anxiety or Smote's Spite (1); else null. */
  amount: number | null;
}

export interface AttackRoll {
  /** Dice in the primary pool (the untrained 2d20-keep-lower counts as one). */
  poolSize: number;
  /** A melee pool of 0: 2d20, keep the lower as a single die. */
  untrainedRoll: boolean;
  /** The pool in roll order, then the awarded dice of the chain. */
  dice: AttackDie[];
  hits: number;
  /** hits × damagePerHit. */
  hitDamage: number;
  /** What Hard Hits added. */
  critDamage: number;
  damage: number;
  crits: CritResult[];
}

/** Dice in the primary pool before the untrained rule: skills, +1 advantage, −1 disadvantage, never below 0. */
export function poolFromSkills(setup: Pick<AttackSetup, 'skillDice' | 'advantage' | 'disadvantage'>): number {
  return Math.max(0, setup.skillDice + (setup.advantage ? 1 : 0) - (setup.disadvantage ? 1 : 0));
}

/**
 * Reads one attack die (seed 004, lines 6–9, 16, 45): a natural 20 always hits, a natural 1
 * always misses, any other face hits when face + modifier meets the Defense (**Decision**: meeting
 * it hits).
 */
export function readAttackDie(value: number, setup: Pick<AttackSetup, 'modifier' | 'defense'>): Pick<AttackDie, 'total' | 'hit' | 'natural20' | 'natural1'> {
  const total = value + setup.modifier;
  const natural20 = value === NATURAL_HIT;
  const natural1 = value === NATURAL_MISS;
  return { total, hit: natural20 || (!natural1 && total >= setup.defense), natural20, natural1 };
}

/**
 * Rolls one crit on the table and what of it lands on the target (enchanted-realms-d20.md,
 * "Crits"): no save; an immune target ignores the effect's kind; an armor effect does nothing
 * without armor. Draws a d100, then a d3 when a Hard Hit or an Agony lands. **Decision**: an
 * ignored effect rolls no d3.
 */
export function rollCrit(dieIndex: number, target: { immunities: readonly ImmunityKind[]; armorWorn: boolean }, rng: Rng): CritResult {
  const roll = rng.die(100);
  const row = critRowFor(roll);
  const ignoredKinds = row.kinds.filter((kind) => target.immunities.includes(kind));
  let ignoredBecause: IgnoredBecause | null = ignoredKinds.length > 0 ? `IMMUNE_TO_${ignoredKinds[0]}` : null;
  if (ARMOR_EFFECTS.includes(row.effect) && !target.armorWorn) ignoredBecause = 'NO_ARMOR_WORN';
  // Rolled on a target immune to one of its parts still lands the other (seed 004, line 30).
  const applied = ignoredBecause === null || (ignoredKinds.length > 0 && ignoredKinds.length < row.kinds.length);
  let amount: number | null = null;
  if (applied && (row.effect === 'HARD_HIT' || row.effect === 'AGONY')) amount = rng.die(3);
  else if (applied && (row.effect === 'UNNERVED' || row.effect === 'SMOTE')) amount = 1;
  return { dieIndex, roll, effect: row.effect, name: row.name, lastsUntil: row.lastsUntil, applied, ignoredBecause, ignoredKinds, amount };
}

/**
 * Rolls an attack (enchanted-realms-d20.md, "Dice pools", "Raw dice values", "Crits"; seed 004,
 * lines 47–50). In draw order:
 * 1. The pool, die by die: one d20 per die; a melee pool of 0 is the untrained roll, 2d20 of
 *    which the lower is kept as a single die.
 * 2. If any die of the pool crit (melee, a natural 20, at least two dice in the pool, crits
 *    enabled): one awarded d20, however many crit; while an awarded die shows a natural 20, that
 *    is another crit and another awarded d20 (unlimited).
 * 3. One d100 per crit, in the order of the dice, each followed by its d3 if it needs one.
 *
 * @throws RangeError when a ranged pool is empty (the rule refuses that before rolling).
 */
export function rollAttack(setup: AttackSetup, rng: Rng): AttackRoll {
  const fromSkills = poolFromSkills(setup);
  const untrainedRoll = setup.kind === 'MELEE' && fromSkills === 0;
  if (fromSkills === 0 && !untrainedRoll) throw new RangeError('a ranged pool of 0 dice cannot be rolled');
  const poolSize = untrainedRoll ? 1 : fromSkills;
  const canCrit = setup.kind === 'MELEE' && poolSize >= 2 && setup.critEnabled;

  const dice: AttackDie[] = [];
  const pushDie = (value: number, awarded: boolean, keptLowerOf: number[] | null) => {
    const read = readAttackDie(value, setup);
    dice.push({ value, ...read, crit: awarded ? read.natural20 : canCrit && read.natural20, awarded, keptLowerOf });
  };
  for (let i = 0; i < poolSize; i += 1) {
    if (untrainedRoll) {
      const faces = [rng.die(20), rng.die(20)];
      pushDie(Math.min(...faces), false, faces);
    } else {
      pushDie(rng.die(20), false, null);
    }
  }
  // One award however many dice of the pool crit; each awarded natural 20 awards the next.
  if (dice.some((die) => die.crit)) {
    do pushDie(rng.die(20), true, null);
    while (dice.at(-1)!.crit);
  }

  const target = { immunities: setup.targetImmunities, armorWorn: setup.targetArmorWorn };
  const crits = dice.flatMap((die, index) => (die.crit ? [rollCrit(index, target, rng)] : []));
  const hits = dice.filter((die) => die.hit).length;
  const hitDamage = hits * setup.damagePerHit;
  const critDamage = crits.reduce((sum, crit) => (crit.effect === 'HARD_HIT' && crit.applied ? sum + crit.amount! : sum), 0);
  return { poolSize, untrainedRoll, dice, hits, hitDamage, critDamage, damage: hitDamage + critDamage, crits };
}
