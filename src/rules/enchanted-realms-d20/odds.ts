/**
 * The exact odds of an attack before it is rolled (enchanted-realms-d20.md, "Dice pools", "Raw dice
 * values", "Crits"), for the same numbers {@link rollAttack} rolls with. Expectations are exact over
 * the unbounded crit chain (geometric series); the distributions of hits and crits are exact up to
 * `chainDepth` awarded dice, and `beyondDepth` is the probability of the longer chains left out.
 */
import { rule, type Violation } from '../kernel/outcome.js';
import type { Rng } from '../random/random-stream.js';
import { NATURAL_HIT, NATURAL_MISS, poolFromSkills, type AttackSetup } from './attack-roll.js';
import { attackSetup, type AttackInput } from './attack.js';
import { ARMOR_EFFECTS, CRIT_EFFECTS, CRIT_TABLE, type CritEffect } from './crit-table.js';
import type { D20State } from './state.js';

/** Awarded dice the distributions follow by default: a longer chain has probability below 20^-30 ≈ 1e-39. */
export const DEFAULT_CHAIN_DEPTH = 30;

export interface AttackOdds {
  poolSize: number;
  untrainedRoll: boolean;
  /** Whether a natural 20 of the pool crits (melee, at least two dice, crits enabled). */
  canCrit: boolean;
  /** Probability that one die of the pool hits. */
  hitChancePerDie: number;
  /** `hits[k]`: probability of exactly k hitting dice, awarded dice included, chains up to `chainDepth`. */
  hits: number[];
  /** `crits[k]`: probability of exactly k crits, chains up to `chainDepth`. */
  crits: number[];
  chainDepth: number;
  /** Probability of a chain of more than `chainDepth` awarded dice, left out of `hits` and `crits`. */
  beyondDepth: number;
  /** Probability of at least one crit (exact: the chain only starts from a crit of the pool). */
  atLeastOneCrit: number;
  /** Exact expectations over the unbounded chain. */
  expectedHits: number;
  expectedCrits: number;
  /** hits × damage per hit. */
  expectedHitDamage: number;
  /** Hard Hits' d3 (average 2) for the crits that roll it. */
  expectedCritDamage: number;
  expectedDamage: number;
  /** Expected number of crits landing each effect on this target (immunities and armor counted). */
  expectedEffects: Record<CritEffect, number>;
  /** Expected Pain (Agony's d3), Anxiety (Unnerved) and Spite (Smote) the target gains. */
  expectedPain: number;
  expectedAnxiety: number;
  expectedSpite: number;
}

const D20 = 20;
const AVERAGE_D3 = 2;

/** Probability that a kept face is `value`: uniform, or for the untrained roll the lower of 2d20, (41 − 2v)/400. */
const faceChance = (value: number, untrainedRoll: boolean): number => (untrainedRoll ? (2 * (D20 - value) + 1) / (D20 * D20) : 1 / D20);

/** Whether a face other than a natural 20 or 1 meets the Defense. */
const meets = (value: number, setup: AttackSetup): boolean => value !== NATURAL_MISS && value + setup.modifier >= setup.defense;

function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return result;
}

const add = (into: number[], index: number, p: number): void => {
  if (p === 0) return;
  while (into.length <= index) into.push(0);
  into[index] += p;
};

/**
 * The odds of an attack of these numbers ({@link AttackSetup}). Each die of the pool is a natural
 * 20 (a hit, and a crit when the pool can crit), another hit, or a miss; the pool's counts are
 * multinomial. A pool with a crit adds a chain of L awarded dice, P(L = l) = (1/20)^(l−1)·19/20:
 * the first l − 1 are natural 20s (hits and crits), the last hits with the chance of a non-20 face.
 * So E[awarded natural 20s] = 1/19 once the chain starts. Each crit rolls the d100 table once:
 * Hard Hit adds a d3 of damage (included in `expectedDamage`); Bleeding's damage over later turns
 * is not included.
 *
 * @throws RangeError when a ranged pool is empty, or `chainDepth` is not a whole number ≥ 1.
 */
export function attackOdds(setup: AttackSetup, options: { chainDepth?: number } = {}): AttackOdds {
  const chainDepth = options.chainDepth ?? DEFAULT_CHAIN_DEPTH;
  if (!Number.isInteger(chainDepth) || chainDepth < 1) throw new RangeError('the chain depth is a whole number of awarded dice, at least 1');
  const fromSkills = poolFromSkills(setup);
  const untrainedRoll = setup.kind === 'MELEE' && fromSkills === 0;
  if (fromSkills === 0 && !untrainedRoll) throw new RangeError('a ranged pool of 0 dice cannot be rolled');
  const n = untrainedRoll ? 1 : fromSkills;
  const canCrit = setup.kind === 'MELEE' && n >= 2 && setup.critEnabled;

  let natural20 = 0;
  let otherHit = 0;
  for (let value = 1; value <= D20; value += 1) {
    if (value === NATURAL_HIT) natural20 += faceChance(value, untrainedRoll);
    else if (meets(value, setup)) otherHit += faceChance(value, untrainedRoll);
  }
  const miss = 1 - natural20 - otherHit;
  // An awarded die is a plain d20: P(20) = 1/20; given it is not a 20, it hits with `awardedHit`.
  let awardedHitFaces = 0;
  for (let value = 1; value < D20; value += 1) if (meets(value, setup)) awardedHitFaces += 1;
  const awardedHit = awardedHitFaces / (D20 - 1);
  const chainGoesOn = 1 / D20;

  const hits: number[] = [0];
  const crits: number[] = [0];
  let beyondDepth = 0;
  for (let twenties = 0; twenties <= n; twenties += 1) {
    for (let others = 0; others + twenties <= n; others += 1) {
      const misses = n - twenties - others;
      const p = choose(n, twenties) * choose(n - twenties, others) * natural20 ** twenties * otherHit ** others * miss ** misses;
      if (p === 0) continue;
      const poolHits = twenties + others;
      if (!canCrit || twenties === 0) {
        add(hits, poolHits, p);
        add(crits, canCrit ? twenties : 0, p);
        continue;
      }
      // l awarded dice: l − 1 natural 20s, then one that is not.
      for (let l = 1; l <= chainDepth; l += 1) {
        const pl = p * chainGoesOn ** (l - 1) * (1 - chainGoesOn);
        add(hits, poolHits + l, pl * awardedHit);
        add(hits, poolHits + l - 1, pl * (1 - awardedHit));
        add(crits, twenties + l - 1, pl);
      }
      beyondDepth += p * chainGoesOn ** chainDepth;
    }
  }

  const atLeastOneCrit = canCrit ? 1 - (1 - natural20) ** n : 0;
  const expectedAwardedTwenties = chainGoesOn / (1 - chainGoesOn);
  const expectedHits = n * (natural20 + otherHit) + atLeastOneCrit * (expectedAwardedTwenties + awardedHit);
  const expectedCrits = canCrit ? n * natural20 + atLeastOneCrit * expectedAwardedTwenties : 0;

  const expectedEffects = Object.fromEntries(CRIT_EFFECTS.map((effect) => [effect, 0])) as Record<CritEffect, number>;
  for (const row of CRIT_TABLE) {
    const immuneToAll = row.kinds.length > 0 && row.kinds.every((kind) => setup.targetImmunities.includes(kind));
    const noArmor = ARMOR_EFFECTS.includes(row.effect) && !setup.targetArmorWorn;
    if (!immuneToAll && !noArmor) expectedEffects[row.effect] = (expectedCrits * (row.to - row.from + 1)) / 100;
  }
  const expectedHitDamage = expectedHits * setup.damagePerHit;
  const expectedCritDamage = expectedEffects.HARD_HIT * AVERAGE_D3;
  return {
    poolSize: n,
    untrainedRoll,
    canCrit,
    hitChancePerDie: natural20 + otherHit,
    hits,
    crits,
    chainDepth,
    beyondDepth,
    atLeastOneCrit,
    expectedHits,
    expectedCrits,
    expectedHitDamage,
    expectedCritDamage,
    expectedDamage: expectedHitDamage + expectedCritDamage,
    expectedEffects,
    expectedPain: expectedEffects.AGONY * AVERAGE_D3,
    expectedAnxiety: expectedEffects.UNNERVED,
    expectedSpite: expectedEffects.SMOTE,
  };
}

/** Odds need no randomness: a stream that refuses to be read. */
const NO_RANDOMNESS: Rng = {
  wordsUsed: 0,
  nextWord: () => {
    throw new Error('odds draw nothing');
  },
  uniform: () => {
    throw new Error('odds draw nothing');
  },
  die: () => {
    throw new Error('odds draw nothing');
  },
};

const oddsOf = rule<D20State, { input: AttackInput; chainDepth?: number }, AttackOdds>(null, (play, { input, chainDepth }) =>
  attackOdds(attackSetup(play.state, input).setup, { chainDepth }),
);

/**
 * The odds of an attack input against its target as the state stands: the same pool, advantage,
 * Defense and immunities the attack rule would roll with, or the violation the attack would be
 * refused with. Changes nothing and records nothing.
 */
export function enchantedRealmsD20AttackOdds(
  state: D20State,
  input: AttackInput,
  options: { chainDepth?: number } = {},
): { ok: true; odds: AttackOdds } | { ok: false; violation: Violation } {
  const outcome = oddsOf(state, { input, chainDepth: options.chainDepth }, NO_RANDOMNESS);
  return outcome.ok ? { ok: true, odds: outcome.result } : outcome;
}
