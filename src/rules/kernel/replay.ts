/**
 * Replaying what events say they derived from their randomness (DESIGN.md, Randomness): given
 * the draws a mutation recorded, re-derive each event's dice faces, totals and card moves from
 * its payload and report every outcome that does not follow. Each ruleset exports a replayer per
 * event type it records.
 */
import type { Rng } from '../random/random-stream.js';

/** An event as the log stores it: what everyone may read. */
export interface LoggedEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Re-derives one event's outcome, taking its randomness from `rng` in the order the rule did
 * (the events of one mutation share one stream, in seq order). Returns one sentence per outcome
 * that does not follow, naming the field; an empty list when everything follows.
 */
export type Replayer = (event: LoggedEvent, rng: Rng) => string[];

/** The replayer of an event that draws nothing and derives nothing a public payload can check. */
export const nothingToReplay: Replayer = () => [];

/** A payload field that does not follow: `field is X, but the rules give Y`. */
export const differs = (field: string, recorded: unknown, derived: unknown): string =>
  `${field} is ${JSON.stringify(recorded)}, but the rules give ${JSON.stringify(derived)}`;

/** Runs a replayer on a payload of the expected shape; a payload of another shape is reported, not thrown. */
export function replayer<P>(check: (payload: P, rng: Rng, event: LoggedEvent) => string[]): Replayer {
  return (event, rng) => {
    try {
      return check(event.payload as P, rng, event);
    } catch (error) {
      if (error instanceof TypeError || error instanceof RangeError) return [`payload of ${event.type} #${event.seq} is malformed: ${error.message}`];
      throw error;
    }
  };
}
