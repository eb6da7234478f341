/**
 * Checks, saves and competition rolls (enchanted-realms-d20.md, "Raw dice values", "Saves and
 * checks"; seed 004, lines 4–17).
 */
import { rule } from '../kernel/outcome.js';
import type { Rng } from '../random/random-stream.js';
import { MAX_SKILL_DICE } from './attack-roll.js';
import { requireId } from './combatant.js';
import { combatantOf, D20_EVENTS, MAX_SCORE, optionalFlag, refuse, requireInteger, standingOf, type D20State } from './state.js';

export const CHECK_KINDS = ['SKILL', 'ATTRIBUTE', 'AWARENESS', 'PRESERVATION_SAVE', 'FEAT_SAVE', 'COMPETITION'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

const SAVES: readonly CheckKind[] = ['PRESERVATION_SAVE', 'FEAT_SAVE'];

/** A competition roll is a d12 + modifier (enchanted-realms-d20.md, "Saves and checks"); every other check a d20. */
export const sidesOf = (kind: CheckKind): 12 | 20 => (kind === 'COMPETITION' ? 12 : 20);

export interface CheckInput {
  combatantId: string;
  kind: CheckKind;
  /** Dice from applicable skills, 0 to 5 (a check of one attribute rolls 1). */
  dice: number;
  /** Added to every die: for a Preservation save the sub-attribute's score, for a Feat save its modifier. */
  modifier: number;
  /** What each die's total must meet; for a competition roll, the opposing total. */
  targetValue: number;
  advantage?: boolean;
  disadvantage?: boolean;
  /** The sub-attribute a save is made with (RESILIENCE, JUDGMENT, …), for Beaten and Shocked. */
  subAttribute?: string | null;
  /** A social interaction, for Marked. */
  social?: boolean;
}

/** Everything a check roll depends on; events carry it so the roll can be replayed. */
export interface CheckSetup {
  kind: CheckKind;
  sides: 12 | 20;
  /** Dice rolled: skills, +1 advantage, −1 disadvantage. */
  poolSize: number;
  modifier: number;
  targetValue: number;
}

export interface CheckDie {
  value: number;
  total: number;
  success: boolean;
  /** A d20 showing 20. */
  natural20: boolean;
  natural1: boolean;
  /** Awareness: this die's natural 1 (seed 004, line 11). */
  quiteDistracted: boolean;
}

export interface CheckRoll {
  /** The dice in roll order (named apart from the input's `dice`, the count, which the event also carries). */
  rolled: CheckDie[];
  /** Dice that succeeded: each is one success. */
  successes: number;
  /** At least one success. */
  success: boolean;
  /** Awareness without a success, with a natural 1 among the dice. */
  quiteDistracted: boolean;
}

export type CheckDisadvantageSource = 'INPUT' | 'HEAVY_BLOW' | 'BEATEN' | 'SHOCKED' | 'MARKED';

export interface CheckResult extends CheckRoll {
  setup: CheckSetup;
  advantageFrom: Array<'INPUT'>;
  disadvantageFrom: CheckDisadvantageSource[];
}

/**
 * Reads one die of a check (seed 004, lines 10–17; enchanted-realms-d20.md, "Raw dice values"):
 * a save or an Awareness check succeeds on a natural 20 and fails on a natural 1 (for Awareness,
 * "quite distracted"); skill and attribute checks (picking a lock, bartering among them) and
 * competition rolls go by the total alone. Otherwise the total must meet the Target Value
 * (**Decision**: meeting it succeeds).
 */
export function readCheckDie(kind: CheckKind, value: number, modifier: number, targetValue: number): CheckDie {
  const total = value + modifier;
  const natural20 = sidesOf(kind) === 20 && value === 20;
  const natural1 = value === 1;
  const naturalsOverride = kind === 'AWARENESS' || SAVES.includes(kind);
  let success = total >= targetValue;
  if (naturalsOverride && natural20) success = true;
  if (naturalsOverride && natural1) success = false;
  return { value, total, success, natural20, natural1, quiteDistracted: kind === 'AWARENESS' && natural1 };
}

/**
 * Rolls a check: `poolSize` dice of `sides`, in order, each read on its own
 * (enchanted-realms-d20.md, "Dice pools": "every die that succeeds is one success").
 * **Decision**: an Awareness check is "quite distracted" when it has no success and a natural 1.
 */
export function rollCheck(setup: CheckSetup, rng: Rng): CheckRoll {
  const rolled = Array.from({ length: setup.poolSize }, () => readCheckDie(setup.kind, rng.die(setup.sides), setup.modifier, setup.targetValue));
  const successes = rolled.filter((die) => die.success).length;
  return { rolled, successes, success: successes > 0, quiteDistracted: successes === 0 && rolled.some((die) => die.quiteDistracted) };
}


/**
 * `enchantedRealmsD20Check`: a check, save or competition roll of one combatant. Its conditions
 * give disadvantage (crit table): Heavy Blow on every roll, Beaten on Resilience saves, Shocked on
 * Judgment saves, Marked on social interactions. A pool of 0 dice cannot be rolled
 * (enchanted-realms-d20.md, "Dice pools").
 */
export const check = rule<D20State, CheckInput, CheckResult>(D20_EVENTS.check, (play, input) => {
  const combatant = combatantOf(play.state, requireId(input.combatantId, 'combatantId'));
  if (!CHECK_KINDS.includes(input.kind)) refuse('INVALID_KIND', `a check is one of ${CHECK_KINDS.join(', ')}`);
  const dice = requireInteger(input.dice, 0, MAX_SKILL_DICE, 'dice');
  const modifier = requireInteger(input.modifier, -MAX_SCORE, MAX_SCORE, 'modifier');
  const targetValue = requireInteger(input.targetValue, -MAX_SCORE, MAX_SCORE, 'targetValue');
  const subAttribute = input.subAttribute == null ? null : String(input.subAttribute).toUpperCase();
  const standing = standingOf(combatant);
  const save = SAVES.includes(input.kind);

  const advantageFrom: Array<'INPUT'> = optionalFlag(input.advantage, 'advantage') ? ['INPUT'] : [];
  const disadvantageFrom: CheckDisadvantageSource[] = [];
  if (optionalFlag(input.disadvantage, 'disadvantage')) disadvantageFrom.push('INPUT');
  if (standing.disadvantageOnAllRolls) disadvantageFrom.push('HEAVY_BLOW');
  if (save && subAttribute === 'RESILIENCE' && standing.disadvantageOnResilienceSaves) disadvantageFrom.push('BEATEN');
  if (save && subAttribute === 'JUDGMENT' && standing.disadvantageOnJudgmentSaves) disadvantageFrom.push('SHOCKED');
  if (optionalFlag(input.social, 'social') && standing.disadvantageOnSocial) disadvantageFrom.push('MARKED');

  const poolSize = dice + (advantageFrom.length > 0 ? 1 : 0) - (disadvantageFrom.length > 0 ? 1 : 0);
  if (poolSize <= 0) refuse('EMPTY_POOL', 'a pool of 0 dice cannot be rolled');
  const setup: CheckSetup = { kind: input.kind, sides: sidesOf(input.kind), poolSize, modifier, targetValue };
  return { setup, advantageFrom, disadvantageFrom, ...rollCheck(setup, play.rng) };
});
