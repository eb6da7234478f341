/**
 * Odds before the roll (issue 39, `ytterdorrenSkirmishOdds`): each character's chance to be hit
 * by each creature and to hit each creature, in either stance, and the chances that the skirmish
 * ends in victory or defeat from where it stands. Read-only: it takes nothing from the campaign's
 * stream and changes nothing.
 *
 * Nothing of a skirmish is hidden (ytterdorren.md, Skirmish: the counter, the creature cards, the
 * stances and every character's Vita, Defense and Might are on the table), so the answer depends
 * on the skirmish and the sheets of its characters alone, and is the same for every asker.
 */
import { refusal, type Violation } from '../kernel/outcome.js';
import { uniformFromWords, type Rng } from '../random/random-stream.js';
import { readingsReaching } from './d100.js';
import { DEFEND_ATTACK_PENALTY, DEFEND_DEFENSE_BONUS, isStanding, uniqueCreatures } from './skirmish.js';
import type { Skirmish, SkirmishCreature, SkirmishStatus, Stance, YtterdorrenState } from './state.js';

/** The chance of each stance, per creature. */
export interface StanceChances {
  creatureId: string;
  /** How many of this creature fight in the skirmish. */
  count: number;
  ATTACK: number;
  DEFEND: number;
}

export interface CharacterOdds {
  characterId: string;
  vita: number;
  standing: boolean;
  /** The stance chosen for the round under way, or null. */
  chosenStance: Stance | null;
  /** What the victory odds assume this character does every round (null when it no longer acts). */
  assumed: { stance: Stance; targetCreatureId: string } | null;
  /** P(one attack of the creature hits this character): d100 + its modifier ≥ Defense (+10 defending). */
  hitBy: StanceChances[];
  /** P(this character's attack roll hits the creature): d100 + Might (−10 defending) ≥ its Defense. */
  toHit: StanceChances[];
}

export type OddsMethod =
  /** The skirmish is over: its status says how. */
  | 'SETTLED'
  /** Computed over every reachable counter and Vita. */
  | 'EXACT'
  /** Estimated by playing the skirmish out many times with a generator that is not the campaign's. */
  | 'ESTIMATE';

export interface SkirmishOutcomeOdds {
  victory: number;
  defeat: number;
  /** The chance the skirmish never ends: no one left standing can hit or be hit. */
  unending: number;
  method: OddsMethod;
  /** The standard error of `victory` (and of `defeat`): 0 unless estimated. */
  standardError: number;
  /** How many skirmishes the estimate played out, or null. */
  samples: number | null;
  /** Samples stopped at the round limit before an end; counted as unending. */
  unfinishedSamples: number;
}

export interface SkirmishOdds {
  skirmishId: string;
  status: SkirmishStatus;
  round: number;
  counter: number;
  characters: CharacterOdds[];
  outcome: SkirmishOutcomeOdds;
}

export interface SkirmishOddsOptions {
  /**
   * The generator of the estimate, never the campaign's stream. By default a mulberry32 generator
   * seeded with {@link DEFAULT_ODDS_SEED}, so that the same state always gets the same answer.
   */
  generator?: Rng;
  /** How many skirmishes the estimate plays out (default {@link DEFAULT_SAMPLES}). */
  samples?: number;
  /**
   * The most work the exact computation may do: reachable states times the outcomes of a round
   * from each (default {@link DEFAULT_MAX_EXACT_WORK}). Beyond it, the odds are estimated.
   */
  maxExactWork?: number;
}

export const DEFAULT_ODDS_SEED = 0x59747465;
export const DEFAULT_SAMPLES = 10_000;
export const DEFAULT_MAX_EXACT_WORK = 3_000_000;
/** A sample that has not ended after this many rounds is reported as unfinished. */
export const MAX_ESTIMATE_ROUNDS = 10_000;

/**
 * A small seedable generator (mulberry32) for estimates: never used for game outcomes, which come
 * from the campaign's stream only.
 */
export class SeededGenerator implements Rng {
  private state: number;
  private used = 0;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  get wordsUsed(): number {
    return this.used;
  }

  nextWord(): number {
    this.used += 1;
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }

  uniform(m: number): number {
    return uniformFromWords(() => this.nextWord(), m);
  }

  die(sides: number): number {
    return this.uniform(sides) + 1;
  }
}

/** One standing character as the victory odds play it: its Vita, and its chances per creature in hundredths. */
interface Fighter {
  vita: number;
  /** Per creature of the skirmish (copies included): how many of the 100 d100 readings hit this character. */
  hitByReadings: number[];
  /** How many of the 100 readings make this character's attack a hit. */
  toHitReadings: number;
}

const chancesPer = (kinds: SkirmishCreature[], creatures: SkirmishCreature[], chance: (creature: SkirmishCreature, stance: Stance) => number): StanceChances[] =>
  kinds.map((creature) => ({
    creatureId: creature.creatureId,
    count: creatures.filter((other) => other.creatureId === creature.creatureId).length,
    ATTACK: chance(creature, 'ATTACK'),
    DEFEND: chance(creature, 'DEFEND'),
  }));

/** How many readings of a creature's d100 hit a character of this Defense in this stance. */
const creatureReadings = (creature: SkirmishCreature, defense: number, stance: Stance): number =>
  readingsReaching(defense + (stance === 'DEFEND' ? DEFEND_DEFENSE_BONUS : 0), creature.attackModifier);

/** How many readings of a character's d100 hit the creature in this stance. */
const characterReadings = (creature: SkirmishCreature, might: number, stance: Stance): number =>
  readingsReaching(creature.defense, might - (stance === 'DEFEND' ? DEFEND_ATTACK_PENALTY : 0));

/**
 * ytterdorrenSkirmishOdds (issue 39). The per-creature chances are exact (the 100 readings of a
 * d100 counted). P(victory) and P(defeat) are for the skirmish from its current state, assuming
 * every standing character keeps, round after round, the stance and target it chose for this
 * round, and one that has not chosen yet ATTACKs the creature with the lowest Defense (the first
 * listed on a tie). They are exact, by a computation over every counter and Vita the skirmish can
 * reach, when that takes at most `maxExactWork` steps; else estimated from `samples` skirmishes
 * played out with a generator that is not the campaign's, with the estimate's standard error
 * √(p(1−p)/n).
 */
export function ytterdorrenSkirmishOdds(
  state: YtterdorrenState,
  input: { skirmishId: string },
  options: SkirmishOddsOptions = {},
): { ok: true; odds: SkirmishOdds } | { ok: false; violation: Violation } {
  const skirmish = state.encounters[input.skirmishId];
  if (!skirmish || skirmish.kind !== 'ytterdorren.skirmish') return refusal('UNKNOWN_SKIRMISH', `there is no skirmish '${input.skirmishId}' in this campaign`);
  const missing = skirmish.characterIds.find((id) => !state.characters[id]);
  if (missing !== undefined) throw new Error(`the sheet of '${missing}' was not loaded`);

  const kinds = uniqueCreatures(skirmish.creatures);
  const weakest = kinds.reduce((lowest, creature) => (creature.defense < lowest.defense ? creature : lowest));
  const fighters: Fighter[] = [];
  const characters = skirmish.characterIds.map((characterId): CharacterOdds => {
    const sheet = state.characters[characterId];
    const standing = skirmish.status === 'ONGOING' && isStanding(skirmish, state, characterId);
    const chosen = standing ? skirmish.stances[characterId] : undefined;
    const assumed = standing ? (chosen ?? { stance: 'ATTACK' as const, targetCreatureId: weakest.creatureId }) : null;
    if (assumed) {
      const target = kinds.find((creature) => creature.creatureId === assumed.targetCreatureId) ?? weakest;
      fighters.push({
        vita: sheet.vita,
        hitByReadings: skirmish.creatures.map((creature) => creatureReadings(creature, sheet.defense, assumed.stance)),
        toHitReadings: characterReadings(target, sheet.might, assumed.stance),
      });
    }
    return {
      characterId,
      vita: sheet.vita,
      standing,
      chosenStance: chosen?.stance ?? null,
      assumed: assumed && { stance: assumed.stance, targetCreatureId: assumed.targetCreatureId },
      hitBy: chancesPer(kinds, skirmish.creatures, (creature, stance) => creatureReadings(creature, sheet.defense, stance) / 100),
      toHit: chancesPer(kinds, skirmish.creatures, (creature, stance) => characterReadings(creature, sheet.might, stance) / 100),
    };
  });

  const damages = skirmish.creatures.map((creature) => creature.damage);
  return {
    ok: true,
    odds: {
      skirmishId: skirmish.id,
      status: skirmish.status,
      round: skirmish.round,
      counter: skirmish.counter,
      characters,
      outcome: outcomeOdds(skirmish, fighters, damages, options),
    },
  };
}

function outcomeOdds(skirmish: Skirmish, fighters: Fighter[], damages: number[], options: SkirmishOddsOptions): SkirmishOutcomeOdds {
  const settled = (victory: number, defeat: number): SkirmishOutcomeOdds => ({
    victory,
    defeat,
    unending: 0,
    method: 'SETTLED',
    standardError: 0,
    samples: null,
    unfinishedSamples: 0,
  });
  if (skirmish.status === 'VICTORY') return settled(1, 0);
  if (skirmish.status === 'DEFEAT') return settled(0, 1);
  const exact = exactOutcome(skirmish.counter, fighters, damages, options.maxExactWork ?? DEFAULT_MAX_EXACT_WORK);
  if (exact) return exact;
  return estimatedOutcome(skirmish.counter, fighters, damages, options.generator ?? new SeededGenerator(DEFAULT_ODDS_SEED), options.samples ?? DEFAULT_SAMPLES);
}

/** The damage one character takes in a creatures' turn: probability by amount (index). */
export function damageDistribution(hitByReadings: readonly number[], damages: readonly number[]): number[] {
  let distribution = [1];
  hitByReadings.forEach((readings, index) => {
    const p = readings / 100;
    const next = new Array<number>(distribution.length + damages[index]).fill(0);
    distribution.forEach((q, amount) => {
      next[amount] += q * (1 - p);
      next[amount + damages[index]] += q * p;
    });
    distribution = next;
  });
  return distribution;
}

/** One character's round from a given Vita: (Vita after, hit or not, probability), merged. */
function roundOutcomes(vita: number, damage: readonly number[], toHit: number): Array<[vitaAfter: number, hit: 0 | 1, probability: number]> {
  const merged = new Map<number, number>();
  const add = (vitaAfter: number, hit: 0 | 1, p: number) => {
    if (p === 0) return;
    const key = vitaAfter * 2 + hit;
    merged.set(key, (merged.get(key) ?? 0) + p);
  };
  damage.forEach((p, amount) => {
    const vitaAfter = Math.max(0, vita - amount);
    if (vitaAfter === 0) add(0, 0, p);
    else {
      add(vitaAfter, 1, p * toHit);
      add(vitaAfter, 0, p * (1 - toHit));
    }
  });
  return [...merged].map(([key, p]) => [key >> 1, (key & 1) as 0 | 1, p]);
}

/**
 * Victory, defeat and unending chances over every state (counter, each fighter's Vita) the
 * skirmish can reach. A round only ever lowers the counter and Vita, so the states are solved from
 * the lowest index up; a round that changes nothing is factored out (its chance divides the rest).
 */
function exactOutcome(counter: number, fighters: Fighter[], damages: number[], maxWork: number): SkirmishOutcomeOdds | null {
  const strides: number[] = [];
  let states = counter + 1;
  for (const fighter of fighters) {
    strides.push(states);
    states *= fighter.vita + 1;
  }
  const distributions = fighters.map((fighter) => damageDistribution(fighter.hitByReadings, damages));
  const outcomesPerState = distributions.reduce((product, distribution) => product * 2 * distribution.length, 1);
  if (states * outcomesPerState > maxWork) return null;

  const victory = new Float64Array(states);
  const defeat = new Float64Array(states);
  const unending = new Float64Array(states);
  // Each fighter's round outcomes from each Vita, computed once.
  const outcomesFrom = fighters.map((fighter, index) =>
    Array.from({ length: fighter.vita + 1 }, (_, vita) => (vita === 0 ? [] : roundOutcomes(vita, distributions[index], fighter.toHitReadings / 100))),
  );

  const vitas = new Array<number>(fighters.length).fill(0);
  for (let index = 0; index < states; index += 1) {
    let rest = Math.floor(index / (counter + 1));
    for (let i = 0; i < fighters.length; i += 1) {
      vitas[i] = rest % (fighters[i].vita + 1);
      rest = Math.floor(rest / (fighters[i].vita + 1));
    }
    const count = index % (counter + 1);
    if (count === 0) {
      victory[index] = 1;
      continue;
    }
    if (vitas.every((vita) => vita === 0)) {
      defeat[index] = 1;
      continue;
    }
    // The joint round: fold the fighters in, keyed by (state offset of their Vita, hits).
    let joint = new Map<number, number>([[0, 1]]);
    const hitsRadix = fighters.length + 1;
    fighters.forEach((_, i) => {
      const next = new Map<number, number>();
      const outcomes = vitas[i] === 0 ? ([[0, 0, 1]] as const) : outcomesFrom[i][vitas[i]];
      for (const [key, p] of joint) {
        for (const [vitaAfter, hit, q] of outcomes) {
          const nextKey = key + (vitaAfter * strides[i]) * hitsRadix + hit;
          next.set(nextKey, (next.get(nextKey) ?? 0) + p * q);
        }
      }
      joint = next;
    });
    let moving = 0;
    let won = 0;
    let lost = 0;
    let endless = 0;
    for (const [key, p] of joint) {
      const hits = key % hitsRadix;
      const offset = (key - hits) / hitsRadix;
      const target = Math.max(0, count - hits) + offset;
      if (target === index) continue;
      moving += p;
      won += p * victory[target];
      lost += p * defeat[target];
      endless += p * unending[target];
    }
    if (moving === 0) unending[index] = 1;
    else {
      victory[index] = won / moving;
      defeat[index] = lost / moving;
      unending[index] = endless / moving;
    }
  }
  const start = counter + fighters.reduce((sum, fighter, i) => sum + fighter.vita * strides[i], 0);
  return { victory: victory[start], defeat: defeat[start], unending: unending[start], method: 'EXACT', standardError: 0, samples: null, unfinishedSamples: 0 };
}

/** Plays the skirmish out `samples` times with `generator`, round by round, as the rules do. */
function estimatedOutcome(counter: number, fighters: Fighter[], damages: number[], generator: Rng, samples: number): SkirmishOutcomeOdds {
  if (!Number.isInteger(samples) || samples < 1) throw new RangeError(`an estimate needs at least one sample, got ${samples}`);
  // A fighter who can neither hit nor be hit changes nothing: when only such fighters stand, it never ends.
  const inert = fighters.map((fighter) => fighter.toHitReadings === 0 && fighter.hitByReadings.every((readings) => readings === 0));
  let won = 0;
  let lost = 0;
  let endless = 0;
  let unfinished = 0;
  const vita = new Array<number>(fighters.length);
  for (let sample = 0; sample < samples; sample += 1) {
    fighters.forEach((fighter, i) => (vita[i] = fighter.vita));
    let count = counter;
    let ended = false;
    for (let round = 0; round < MAX_ESTIMATE_ROUNDS && !ended; round += 1) {
      if (fighters.every((_, i) => vita[i] === 0 || inert[i])) {
        if (fighters.every((_, i) => vita[i] === 0)) lost += 1;
        else endless += 1;
        ended = true;
        break;
      }
      damages.forEach((damage, c) => {
        fighters.forEach((fighter, i) => {
          if (vita[i] > 0 && generator.uniform(100) < fighter.hitByReadings[c]) vita[i] = Math.max(0, vita[i] - damage);
        });
      });
      let hits = 0;
      fighters.forEach((fighter, i) => {
        if (vita[i] > 0 && generator.uniform(100) < fighter.toHitReadings) hits += 1;
      });
      count = Math.max(0, count - hits);
      if (count === 0) {
        won += 1;
        ended = true;
      } else if (vita.every((left) => left === 0)) {
        lost += 1;
        ended = true;
      }
    }
    if (!ended) unfinished += 1;
  }
  const victory = won / samples;
  const defeat = lost / samples;
  return {
    victory,
    defeat,
    unending: (endless + unfinished) / samples,
    method: 'ESTIMATE',
    standardError: Math.sqrt((victory * (1 - victory)) / samples),
    samples,
    unfinishedSamples: unfinished,
  };
}
