import type { CardDefinition } from '../cards/card.js';
import { drawCards, type DeckPiles, type PileOutcome } from '../cards/piles.js';
import type { Rng } from '../random/random-stream.js';
import { forceOf } from './cards.js';
import { cardLookup } from './outcome.js';

/** How many cards are drawn to see how many creatures appear, unless the Lead Player says otherwise (Decision). */
export const CREATURE_COUNT_DRAWS = 3;

/**
 * How many creatures appear (enchanted-realms-cards.md, How many creatures appear): the drawn
 * Force Numbers added up, divided by the creature card's Force Number and rounded up, and at
 * least 1 (9 + 3 + 7 = 19 against Goblins of Force 2: 10 Goblins).
 * **Decision**: a creature of Force 0 counts as Force 1, the weakest a divisor can be, so one
 * appears per Force point drawn (and still at least 1).
 *
 * @throws RangeError when a Force is not an integer ≥ 0: a validated card's never is.
 */
export function creatureCount(drawnForces: readonly number[], creatureForce: number): number {
  const forces = [...drawnForces, creatureForce];
  const bad = forces.find((force) => !Number.isInteger(force) || force < 0);
  if (bad !== undefined) throw new RangeError(`a Force Number is an integer of 0 or more, got ${bad}`);
  const total = drawnForces.reduce((sum, force) => sum + force, 0);
  return Math.max(1, Math.ceil(total / Math.max(1, creatureForce)));
}

/**
 * Draws `draws` cards (3 by default) from the Adventure Deck onto the scene's discard pile and
 * counts the creatures of the card `creature` that appear. Refused, with nothing drawn, as
 * `drawCards` refuses.
 *
 * @throws Error when a drawn card is not in `deck`: the piles and the deck disagree.
 */
export function revealCreatureCount(
  piles: DeckPiles,
  deck: readonly CardDefinition[],
  request: { creature: CardDefinition; draws?: number },
  rng: Rng,
): PileOutcome<{ drawn: string[]; forces: number[]; count: number }> {
  const outcome = drawCards(piles, { count: request.draws ?? CREATURE_COUNT_DRAWS, from: 'TOP', to: { kind: 'DISCARD' } }, rng);
  if (!outcome.ok) return outcome;
  const cardOf = cardLookup(deck);
  const forces = outcome.drawn.map((id) => forceOf(cardOf(id)));
  return { ok: true, piles: outcome.piles, drawn: outcome.drawn, forces, count: creatureCount(forces, forceOf(request.creature)) };
}
