/**
 * Checks, saves and competition rolls (enchanted-realms-d20.md, "Raw dice values", "Saves and
 * checks"; seed 004, lines 4–17).
 */
import { rule } from '../kernel/outcome.js';
import { copyData } from '../plain-data.js';
import type { Rng } from '../random/random-stream.js';
import { MAX_SKILL_DICE } from './attack-roll.js';
import { requireId } from './combatant.js';
import { combatantOf, D20_EVENTS, MAX_SCORE, optionalFlag, refuse, requireInteger, standingOf, type Combatant, type D20State } from './state.js';

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
  /**
   * Roll the check the GM called for this combatant ({@link callCheck}): `kind` and `targetValue`
   * must be the call's, and the call's advantage, disadvantage, sub-attribute and social flag apply
   * in place of the input's. How a player rolls a check whose kind and Target Value are the GM's.
   */
  asCalled?: boolean;
}

/**
 * A check the GM calls for a combatant (seed 004, line 17: the Target Value "has been
 * calculated" by the GM): what it is, against what, and the circumstances the GM rules on. The
 * combatant's player then rolls it with their own dice and modifier.
 */
export interface CheckCall {
  kind: CheckKind;
  targetValue: number;
  advantage: boolean;
  disadvantage: boolean;
  /** Upper case, or null when the check is not a save of a sub-attribute. */
  subAttribute: string | null;
  social: boolean;
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
  /** The call this check answered (it was of the kind and Target Value called), or null. */
  answeredCall: CheckCall | null;
}

const SUB_ATTRIBUTE = /^[A-Z][A-Z_]{0,39}$/;

/** A sub-attribute's name in upper case (RESILIENCE, JUDGMENT, …), or null when none is given. */
export function requireSubAttribute(value: unknown): string | null {
  if (value == null) return null;
  const name = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!SUB_ATTRIBUTE.test(name)) refuse('INVALID_SUB_ATTRIBUTE', 'subAttribute is the name of a sub-attribute, such as RESILIENCE or JUDGMENT (letters and _, up to 40)');
  return name;
}

const checkName = (call: Pick<CheckCall, 'kind' | 'targetValue'>): string => `${call.kind.toLowerCase().replace('_', ' ')} against ${call.targetValue}`;

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
  const call = combatant.calledCheck;
  const circumstances = optionalFlag(input.asCalled, 'asCalled') ? calledCircumstances(combatant, input) : input;
  const subAttribute = requireSubAttribute(circumstances.subAttribute);
  const standing = standingOf(combatant);
  const save = SAVES.includes(input.kind);

  const advantageFrom: Array<'INPUT'> = optionalFlag(circumstances.advantage, 'advantage') ? ['INPUT'] : [];
  const disadvantageFrom: CheckDisadvantageSource[] = [];
  if (optionalFlag(circumstances.disadvantage, 'disadvantage')) disadvantageFrom.push('INPUT');
  if (standing.disadvantageOnAllRolls) disadvantageFrom.push('HEAVY_BLOW');
  if (save && subAttribute === 'RESILIENCE' && standing.disadvantageOnResilienceSaves) disadvantageFrom.push('BEATEN');
  if (save && subAttribute === 'JUDGMENT' && standing.disadvantageOnJudgmentSaves) disadvantageFrom.push('SHOCKED');
  if (optionalFlag(circumstances.social, 'social') && standing.disadvantageOnSocial) disadvantageFrom.push('MARKED');

  const poolSize = dice + (advantageFrom.length > 0 ? 1 : 0) - (disadvantageFrom.length > 0 ? 1 : 0);
  if (poolSize <= 0) refuse('EMPTY_POOL', 'a pool of 0 dice cannot be rolled');
  const setup: CheckSetup = { kind: input.kind, sides: sidesOf(input.kind), poolSize, modifier, targetValue };
  // A check of the kind and Target Value called answers the call, whoever rolls it.
  const answeredCall = call !== null && call.kind === input.kind && call.targetValue === targetValue ? call : null;
  if (answeredCall !== null) combatant.calledCheck = null;
  return { setup, advantageFrom, disadvantageFrom, answeredCall, ...rollCheck(setup, play.rng) };
});

/** The circumstances of the check the GM called, which a check `asCalled` must be; or a refusal. */
function calledCircumstances(combatant: Combatant, input: CheckInput): Pick<CheckInput, 'advantage' | 'disadvantage' | 'subAttribute' | 'social'> {
  const call = combatant.calledCheck;
  if (call === null) refuse('NO_CHECK_CALLED', `the GM has not called for a check of ${combatant.name}`);
  if (call.kind !== input.kind || call.targetValue !== input.targetValue) {
    refuse('NOT_THE_CHECK_CALLED', `the GM called for a ${checkName(call)} of ${combatant.name}, not a ${checkName(input)}`);
  }
  return call;
}

export interface CallCheckInput {
  combatantId: string;
  kind: CheckKind;
  targetValue: number;
  advantage?: boolean;
  disadvantage?: boolean;
  subAttribute?: string | null;
  social?: boolean;
}

/**
 * `enchantedRealmsD20CallCheck`: the GM calls for a check of a combatant — its kind, its Target
 * Value and the circumstances (seed 004, line 17: the GM calculates the Target Value) — which its
 * player then rolls with `asCalled`. **Decision**: one call waits per combatant; a new call
 * replaces it; a check of the kind and Target Value called answers it.
 */
export const callCheck = rule<D20State, CallCheckInput, { call: CheckCall; combatant: Combatant }>(D20_EVENTS.checkCalled, (play, input) => {
  const combatant = combatantOf(play.state, requireId(input.combatantId, 'combatantId'));
  if (!CHECK_KINDS.includes(input.kind)) refuse('INVALID_KIND', `a check is one of ${CHECK_KINDS.join(', ')}`);
  const call: CheckCall = {
    kind: input.kind,
    targetValue: requireInteger(input.targetValue, -MAX_SCORE, MAX_SCORE, 'targetValue'),
    advantage: optionalFlag(input.advantage, 'advantage'),
    disadvantage: optionalFlag(input.disadvantage, 'disadvantage'),
    subAttribute: requireSubAttribute(input.subAttribute),
    social: optionalFlag(input.social, 'social'),
  };
  combatant.calledCheck = call;
  return { call, combatant: copyData(combatant) };
});
