/**
 * Builders and scripted dice for the Ytterdörren specs. Only specs import this file; it uses no
 * test framework so that it also compiles in the production build.
 */
import type { Outcome, Rule, Violation } from '../kernel/outcome.js';
import { deepFreeze, ScriptedRng } from '../tenth-realm/testing.js';
import type { CreatureCard } from './creatures.js';
import type { Skirmish, YtterdorrenEncounter, YtterdorrenSheet, YtterdorrenState } from './state.js';

export { ScriptedRng };

/** The d10 faces that make the black die show `black` (0, 10, … 90) and the white die `white` (0–9). */
export function blackWhite(black: number, white: number): number[] {
  if (black % 10 !== 0 || black < 0 || black > 90 || !Number.isInteger(white) || white < 0 || white > 9) {
    throw new Error(`no d100 shows black ${black} and white ${white}`);
  }
  return [black / 10 + 1, white + 1];
}

/** The d10 faces of a d100 reading 1–100: 74 is black 70 + white 4, 100 is 00 + 0. */
export function reading(value: number): number[] {
  if (!Number.isInteger(value) || value < 1 || value > 100) throw new Error(`a d100 reads 1 to 100, not ${value}`);
  return value === 100 ? blackWhite(0, 0) : blackWhite(Math.floor(value / 10) * 10, value % 10);
}

/** A scripted stream of d10 (and other) faces, in the order the rule rolls them. */
export const faces = (...values: Array<number | number[]>): ScriptedRng => new ScriptedRng(values.flat());

/** A scripted stream of d100 readings, each as its black and white d10. */
export const readings = (...values: number[]): ScriptedRng => faces(...values.map(reading));

/** A sheet: 10 Vita of 10, Defense 50, Might 5, no coins, lore or items. */
export function sheet(overrides: Partial<YtterdorrenSheet> = {}): YtterdorrenSheet {
  return { vita: 10, maxVita: 10, defense: 50, might: 5, coins: 0, lore: 0, items: [], equippedWeapon: null, ...overrides };
}

/**
 * A creature card: by default the Grey Wolf, skirmish strength 2d6 for any player count, Defense
 * 50, attack modifier 0, damage 1, reward 2 coins and 1 lore; encounter Vita 6 per player count,
 * Might 0/5/10 for EASY/NORMAL/HARD, Defense 40, powers 'power 0' … 'power 9'.
 */
export function creature(id: string, overrides: { name?: string; skirmish?: Partial<CreatureCard['skirmish']>; encounter?: Partial<CreatureCard['encounter']> } = {}): CreatureCard {
  const strength = Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((players) => [players, '2d6']));
  const vita = Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((players) => [players, 6]));
  return {
    id,
    name: overrides.name ?? 'Grey Wolf',
    skirmish: { strength, defense: 50, attackModifier: 0, reward: { coins: 2, lore: 1, text: 'a pelt' }, ...overrides.skirmish },
    encounter: {
      vita,
      might: { EASY: 0, NORMAL: 5, HARD: 10 },
      combatType: 'MELEE',
      defense: 40,
      stride: 5,
      awards: { lore: 1, coins: 3 },
      specialPower: 'Pack hunter',
      powers: Array.from({ length: 10 }, (_, face) => `power ${face}`),
      type: 'Beast',
      ...overrides.encounter,
    },
  };
}

export interface TableOptions {
  characters?: Record<string, YtterdorrenSheet>;
  creatures?: CreatureCard[];
  encounters?: YtterdorrenEncounter[];
}

/** A campaign with the given characters (ana and bo by default), creatures (wolf) and encounters. */
export function tableWith(options: TableOptions = {}): YtterdorrenState {
  return {
    characters: options.characters ?? { ana: sheet(), bo: sheet() },
    campaign: { creatures: options.creatures ?? [creature('wolf')] },
    encounters: Object.fromEntries((options.encounters ?? []).map((encounter) => [encounter.id, encounter])),
  };
}

/** A skirmish under way, `s1`, of ana and bo against one wolf, counter 5, round 1, no stances yet. */
export function skirmishWith(overrides: Partial<Skirmish> = {}): Skirmish {
  return {
    id: 's1',
    kind: 'ytterdorren.skirmish',
    status: 'ONGOING',
    round: 1,
    characterIds: ['ana', 'bo'],
    creatures: [{ creatureId: 'wolf', name: 'Grey Wolf', defense: 50, attackModifier: 0, damage: 1, reward: { coins: 2, lore: 1, text: 'a pelt' } }],
    strength: [{ creatureId: 'wolf', expression: '2d6', dice: [3, 2], total: 5 }],
    startingCounter: 5,
    counter: 5,
    stances: {},
    defeatedCharacterIds: [],
    loot: null,
    ...overrides,
  };
}

/** Runs a rule on a frozen state and input: a rule that mutated either would throw. */
export function run<I, R>(ruleFn: Rule<YtterdorrenState, I, R>, state: YtterdorrenState, input: I, rng: ScriptedRng = faces()): Outcome<YtterdorrenState, R> {
  return ruleFn(deepFreeze(state), deepFreeze(input), rng);
}

/** The success of an outcome, or an error naming the violation. */
export function accepted<R>(outcome: Outcome<YtterdorrenState, R>): Extract<Outcome<YtterdorrenState, R>, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected the rule to pass, but it was refused: ${outcome.violation.reason} (${outcome.violation.message})`);
  return outcome;
}

/** The violation of an outcome, or an error when the rule passed. */
export function refused<R>(outcome: Outcome<YtterdorrenState, R>): Violation {
  if (outcome.ok) throw new Error(`expected the rule to be refused, but it passed with ${JSON.stringify(outcome.result)}`);
  return outcome.violation;
}
