/**
 * Builders and a scripted random stream for the d20 specs. Only specs import this file; it uses no
 * test framework so that it also compiles in the production build.
 */
import type { Outcome, Violation } from '../kernel/outcome.js';
import type { Rng } from '../random/random-stream.js';
import type { Combatant, Condition, D20Combat, D20State } from './state.js';

/**
 * An Rng for exact specs: `die(sides)` returns the next scripted face, `uniform(m)` the next
 * scripted value as a 0-based index; each checks the value fits and records what was drawn
 * (`d20`, `d100`, `d3`, `u3`), so a spec can assert the order of the draws.
 */
export class ScriptedRng implements Rng {
  readonly drawn: string[] = [];
  private next = 0;

  constructor(private readonly script: readonly number[] = []) {}

  get wordsUsed(): number {
    return this.next;
  }

  /** The scripted values nothing has drawn yet. */
  get unused(): number[] {
    return this.script.slice(this.next);
  }

  private take(label: string, min: number, max: number): number {
    const value = this.script[this.next];
    if (value === undefined) throw new Error(`the script has nothing left for a ${label} (draw ${this.next + 1})`);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`a ${label} cannot give ${value} (draw ${this.next + 1})`);
    this.next += 1;
    this.drawn.push(label);
    return value;
  }

  die(sides: number): number {
    return this.take(`d${sides}`, 1, sides);
  }

  uniform(m: number): number {
    return this.take(`u${m}`, 0, m - 1);
  }

  nextWord(): number {
    throw new Error('the d20 rules roll dice and draw indices; they never take raw words');
  }
}

/** Scripted faces (and indices) in draw order. */
export const dice = (...script: number[]): ScriptedRng => new ScriptedRng(script);

/** A combatant: Defense 12, armor worn (value 200), MELEE_TRAINING and STYLE_SLASHING, no immunities. */
export function combatant(id: string, overrides: Partial<Combatant> = {}): Combatant {
  return {
    id,
    name: id[0].toUpperCase() + id.slice(1),
    characterId: null,
    defense: 12,
    armorWorn: true,
    armorValue: 200,
    skills: ['MELEE_TRAINING', 'STYLE_SLASHING'],
    immunities: [],
    conditions: [],
    damageTaken: 0,
    pain: 0,
    anxiety: 0,
    spite: 0,
    calledCheck: null,
    ...overrides,
  };
}

/** A condition as a crit set it: clock at 0, no target drawn. */
export function condition(name: Condition['name'], lastsUntil: Condition['lastsUntil'], inflictedBy: string, overrides: Partial<Condition> = {}): Condition {
  return { name, lastsUntil, inflictedBy, turnsBegun: 0, randomTarget: null, ...overrides };
}

/** A campaign's state with these combatants and combats. */
export function stateWith(combatants: Combatant[], encounters: D20Combat[] = []): D20State {
  return {
    combatants: Object.fromEntries(combatants.map((one) => [one.id, one])),
    encounters: Object.fromEntries(encounters.map((one) => [one.id, one])),
  };
}

/** An active combat in round 1, at the turn of `order[turnIndex]`. */
export function combatOf(order: string[], overrides: Partial<D20Combat> = {}): D20Combat {
  return { id: 'fight', status: 'ACTIVE', order, turnIndex: 0, round: 1, ...overrides };
}

/** Freezes a value and everything in it, so that a rule that mutated its input would throw. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

type AnyRule<I, R> = (state: D20State, input: I, rng: Rng) => Outcome<D20State, R>;

/** Runs a rule on a frozen state and input: a rule that mutated either would throw. */
export function run<I, R>(ruleFn: AnyRule<I, R>, state: D20State, input: I, rng: Rng = dice()): Outcome<D20State, R> {
  return ruleFn(deepFreeze(state), deepFreeze(input), rng);
}

/** The success of an outcome, or an error naming the violation. */
export function accepted<R>(outcome: Outcome<D20State, R>): Extract<Outcome<D20State, R>, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected the rule to pass, but it was refused: ${outcome.violation.reason} (${outcome.violation.message})`);
  return outcome;
}

/** The violation of an outcome, or an error when the rule passed. */
export function refused<R>(outcome: Outcome<D20State, R>): Violation {
  if (outcome.ok) throw new Error(`expected the rule to be refused, but it passed with ${JSON.stringify(outcome.result)}`);
  return outcome.violation;
}
