/**
 * The one shape every ruleset's rules share: `(state, input, rng) → outcome | violation`
 * (STYLE.md 1 and 6). A rule works on its own copy of the state; the table runner
 * (src/rulesets/kernel/) stores what changed and appends the events, or refuses with nothing
 * written.
 */
import { copyData } from '../plain-data.js';
import type { Rng } from '../random/random-stream.js';

/** Why a rule refused: a machine code and a sentence a player understands. */
export interface Violation<Reason extends string = string> {
  reason: Reason;
  message: string;
}

/** A record of what a rule did, appended to the campaign's event log. */
export interface RuleEvent {
  type: string;
  /** What everyone in the campaign may read. */
  payload: Record<string, unknown>;
  /** What only the GM and the member who plays `secretFor` may read (a hand's cards). */
  secret?: Record<string, unknown>;
  /** The character whose player may read `secret`. */
  secretFor?: string | null;
}

export type Outcome<S, R> = { ok: true; state: S; events: RuleEvent[]; result: R } | { ok: false; violation: Violation };

/** A rule of a ruleset: pure, so the same state, input and stream give the same outcome. */
export type Rule<S, I, R> = (state: S, input: I, rng: Rng) => Outcome<S, R>;

/** Thrown inside a rule's body and turned into a refusal by {@link rule}; never escapes a rule. */
class RuleRefusal extends Error {
  constructor(readonly violation: Violation) {
    super(violation.message);
  }
}

/** Stops the rule: nothing it changed is kept. */
export function refuse(reason: string, message: string): never {
  throw new RuleRefusal({ reason, message });
}

/** A refusal as a value, for rules that return rather than throw. */
export function refusal(reason: string, message: string): { ok: false; violation: Violation } {
  return { ok: false, violation: { reason, message } };
}

/**
 * One rule's working copy of the state and the events it records. A rule changes its copy step by
 * step; {@link rule} hands the copy back only when the body finished, so a refusal changes nothing.
 */
export class Play<S> {
  readonly state: S;
  readonly events: RuleEvent[] = [];

  constructor(
    state: S,
    readonly rng: Rng,
  ) {
    this.state = copyData(state);
  }

  /** Appends an event; the runner gives it the randomness drawn since the one before. */
  record(type: string, payload: Record<string, unknown>, secret?: { secret: Record<string, unknown>; secretFor: string | null }): void {
    this.events.push({ type, payload, ...secret });
  }
}

/**
 * Makes a rule out of a body over a working copy. With `eventType`, the rule records one event of
 * that type after the body's own, whose payload is the input and the result. A ruleset whose
 * working copy knows more of its table (a deck to reveal from) gives its own `Play`.
 */
export function rule<S, I, R extends object>(eventType: string | null, body: (play: Play<S>, input: I) => R): Rule<S, I, R>;
export function rule<S, I, R extends object, P extends Play<S>>(
  eventType: string | null,
  body: (play: P, input: I) => R,
  newPlay: (state: S, rng: Rng) => P,
): Rule<S, I, R>;
export function rule<S, I, R extends object, P extends Play<S>>(
  eventType: string | null,
  body: (play: P, input: I) => R,
  newPlay: (state: S, rng: Rng) => P = (state, rng) => new Play(state, rng) as P,
): Rule<S, I, R> {
  return (state, input, rng) => {
    const play = newPlay(state, rng);
    try {
      const result = body(play, input);
      if (eventType !== null) play.record(eventType, { ...(input as object), ...(result as object) });
      return { ok: true, state: play.state, events: play.events, result };
    } catch (error) {
      if (error instanceof RuleRefusal) return { ok: false, violation: error.violation };
      throw error;
    }
  };
}
