/**
 * Replaying d20 events (src/rules/kernel/replay.ts; DESIGN.md, Randomness): each replayer takes the
 * numbers an event says it rolled with, rolls them again on the stream in the order the rule drew,
 * and names every derived value of the event that does not follow.
 */
import { type LoggedEvent, type Replayer, nothingToReplay } from '../kernel/replay.js';
import type { Rng } from '../random/random-stream.js';
import { ATTACK_KINDS, MAX_SKILL_DICE, rollAttack, type AttackSetup } from './attack-roll.js';
import { CHECK_KINDS, rollCheck, sidesOf, type CheckSetup } from './check.js';
import { CRIT_ENABLING_SKILLS } from './combatant.js';
import { BLEEDING_DAMAGE, type TurnStart } from './conditions.js';
import { IMMUNITY_KINDS } from './crit-table.js';
import { D20_EVENTS } from './state.js';

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Compares what the stream gives with what the event recorded, naming each field that differs by
 * its path. Only the fields the stream derives are compared; other fields of the event are not.
 */
export function differences(path: string, derived: unknown, recorded: unknown): string[] {
  if (Array.isArray(derived)) {
    if (!Array.isArray(recorded)) return [`${path}: the event says ${show(recorded)}, the stream gives a list of ${derived.length}`];
    const found = recorded.length === derived.length ? [] : [`${path}: the event lists ${recorded.length}, the stream gives ${derived.length}`];
    for (let i = 0; i < Math.min(derived.length, recorded.length); i += 1) found.push(...differences(`${path}[${i}]`, derived[i], recorded[i]));
    return found;
  }
  if (isPlainObject(derived)) {
    if (!isPlainObject(recorded)) return [`${path}: the event says ${show(recorded)}, the stream gives ${show(derived)}`];
    return Object.keys(derived).flatMap((key) => differences(`${path}.${key}`, derived[key], recorded[key]));
  }
  return derived === recorded ? [] : [`${path}: the event says ${show(recorded)}, the stream gives ${show(derived)}`];
}

/** Compares the named fields of the payload with what the stream derived. */
const fieldsDiffer = (derived: object, payload: Record<string, unknown>): string[] =>
  Object.entries(derived).flatMap(([key, value]) => differences(key, value, payload[key]));

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function attackSetupProblems(setup: unknown): string[] {
  if (!isPlainObject(setup)) return ['setup: the event does not say what the attack was rolled with'];
  const wrong: string[] = [];
  if (!ATTACK_KINDS.includes(setup.kind as never)) wrong.push('setup.kind');
  if (!isInt(setup.skillDice) || setup.skillDice < 0 || setup.skillDice > MAX_SKILL_DICE) wrong.push('setup.skillDice');
  for (const key of ['modifier', 'defense', 'damagePerHit']) if (!isInt(setup[key])) wrong.push(`setup.${key}`);
  for (const key of ['advantage', 'disadvantage', 'critEnabled', 'targetArmorWorn']) if (typeof setup[key] !== 'boolean') wrong.push(`setup.${key}`);
  const immunities = setup.targetImmunities;
  if (!Array.isArray(immunities) || immunities.some((kind) => !IMMUNITY_KINDS.includes(kind))) wrong.push('setup.targetImmunities');
  return wrong.map((field) => `${field}: the event's value cannot be rolled with`);
}

/** The setup must be the one the event's input gives (the state's part — Defense, immunities, Off Balance — it cannot check). */
function attackSetupAgainstInput(setup: AttackSetup, payload: Record<string, unknown>): string[] {
  const skills = Array.isArray(payload.skills) ? (payload.skills as unknown[]) : [];
  const fromInput = {
    kind: payload.kind,
    skillDice: Math.min(skills.length, MAX_SKILL_DICE),
    modifier: payload.modifier ?? 0,
    damagePerHit: payload.damagePerHit ?? 1,
    critEnabled: payload.grantsCrit === true || skills.some((skill) => CRIT_ENABLING_SKILLS.includes(skill as string)),
  };
  const found = Object.entries(fromInput).flatMap(([key, value]) => differences(`setup.${key}`, value, setup[key as keyof AttackSetup]));
  if (payload.advantage === true && !setup.advantage) found.push('setup.advantage: the input asks for advantage, the event rolled without');
  if (payload.disadvantage === true && !setup.disadvantage) found.push('setup.disadvantage: the input asks for disadvantage, the event rolled without');
  return found;
}

/** `enchanted-realms-d20.attack`: the pool, the chain, the crits, the hits and the damage. */
const replayAttack: Replayer = (event, rng) => {
  const { payload } = event;
  const setupProblems = attackSetupProblems(payload.setup);
  if (setupProblems.length > 0) return setupProblems;
  const setup = payload.setup as AttackSetup;
  const inputProblems = attackSetupAgainstInput(setup, payload);
  let roll;
  try {
    roll = rollAttack(setup, rng);
  } catch (error) {
    return [...inputProblems, `setup: ${(error as Error).message}`];
  }
  return [...inputProblems, ...fieldsDiffer(roll, payload)];
};

/** `enchanted-realms-d20.check`: each die, the successes, the outcome. */
const replayCheck: Replayer = (event, rng) => {
  const { payload } = event;
  const setup = payload.setup;
  if (!isPlainObject(setup) || !CHECK_KINDS.includes(setup.kind as never) || !isInt(setup.poolSize) || setup.poolSize < 1 || setup.poolSize > MAX_SKILL_DICE + 1) {
    return ['setup: the event does not say what the check was rolled with'];
  }
  const advantage = Array.isArray(payload.advantageFrom) && payload.advantageFrom.length > 0 ? 1 : 0;
  const disadvantage = Array.isArray(payload.disadvantageFrom) && payload.disadvantageFrom.length > 0 ? 1 : 0;
  const fromInput = {
    kind: payload.kind,
    sides: sidesOf(setup.kind as CheckSetup['kind']),
    poolSize: (payload.dice as number) + advantage - disadvantage,
    modifier: payload.modifier,
    targetValue: payload.targetValue,
  };
  const inputProblems = Object.entries(fromInput).flatMap(([key, value]) => differences(`setup.${key}`, value, setup[key]));
  return [...inputProblems, ...fieldsDiffer(rollCheck(setup as unknown as CheckSetup, rng), payload)];
};

/** The start of a turn: Bleeding's fixed damage and Confusion's draw of a target. */
function replayTurnStart(started: unknown, rng: Rng): string[] {
  if (!isPlainObject(started)) return ['started: the event does not say how the turn began'];
  const found = started.bleedingDamage === 0 || started.bleedingDamage === BLEEDING_DAMAGE ? [] : [`started.bleedingDamage: the event says ${show(started.bleedingDamage)}, Bleeding deals 0 or ${BLEEDING_DAMAGE}`];
  const confusion = started.confusion as TurnStart['confusion'] | undefined;
  if (confusion == null) return found;
  const { candidates } = confusion;
  if (!Array.isArray(candidates) || candidates.length === 0 || candidates.includes(started.combatantId as string)) {
    return [...found, 'started.confusion.candidates: the others a confused combatant may attack, not itself'];
  }
  return [...found, ...differences('started.confusion.target', candidates[rng.uniform(candidates.length)], confusion.target)];
}

/** Guards a replayer against a payload too broken to read: that is reported, not thrown. */
const guarded =
  (replayer: Replayer): Replayer =>
  (event: LoggedEvent, rng: Rng) => {
    try {
      return replayer(event, rng);
    } catch (error) {
      return [`payload: cannot be replayed (${(error as Error).message})`];
    }
  };

/** A replayer for every event type the d20 rules record. */
export const REPLAYERS: Record<string, Replayer> = {
  [D20_EVENTS.combatantCreated]: nothingToReplay,
  [D20_EVENTS.attack]: guarded(replayAttack),
  [D20_EVENTS.checkCalled]: nothingToReplay,
  [D20_EVENTS.check]: guarded(replayCheck),
  [D20_EVENTS.combatStarted]: guarded((event, rng) => replayTurnStart(event.payload.started, rng)),
  [D20_EVENTS.turnAdvanced]: guarded((event, rng) => replayTurnStart(event.payload.started, rng)),
  [D20_EVENTS.combatEnded]: nothingToReplay,
  [D20_EVENTS.shortRest]: nothingToReplay,
  [D20_EVENTS.conditionTreated]: nothingToReplay,
};
