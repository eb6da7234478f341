/**
 * Drawing from the encounter deck, noting what a replayer needs to re-derive the draw's
 * randomness from the public record: when the draw pile runs out, the face-up discard pile is
 * shuffled into a new draw pile (`drawCards`), and that shuffle is the only randomness of a draw.
 */
import { drawCards, type DeckPiles, type DrawDestination } from '../cards/piles.js';
import { type Rng, shuffle } from '../random/random-stream.js';

/** What a draw's public record holds: enough to re-derive its reshuffle, nothing of the draw pile's order. */
export interface DrawRecord {
  /** Cards in the draw pile before the draw. */
  drawPileCount: number;
  /** Cards in the discard pile before the draw. */
  discardPileCount: number;
  /** The discard pile, top first, when it was shuffled into a new draw pile during the draw; null otherwise. */
  reshuffledFrom: string[] | null;
}

/**
 * Draws up to `wanted` cards from the top into `to`: as many as the draw and discard piles hold.
 * **Decision**: a draw that wants more cards than are left takes what is left (a hand may then hold
 * fewer than 4), and a draw from an empty deck draws nothing.
 */
export function drawUpTo(
  piles: DeckPiles,
  wanted: number,
  to: DrawDestination,
  rng: Rng,
): { piles: DeckPiles; drawn: string[]; record: DrawRecord } {
  const count = Math.max(0, Math.min(wanted, piles.drawPile.length + piles.discardPile.length));
  const record: DrawRecord = {
    drawPileCount: piles.drawPile.length,
    discardPileCount: piles.discardPile.length,
    reshuffledFrom: count > piles.drawPile.length ? [...piles.discardPile] : null,
  };
  if (count === 0) return { piles, drawn: [], record };
  const outcome = drawCards(piles, { count, from: 'TOP', to }, rng);
  if (!outcome.ok) throw new Error(`a draw of ${count} that the piles hold was refused: ${outcome.violation.message}`);
  return { piles: outcome.piles, drawn: outcome.drawn, record };
}

/**
 * Re-derives a draw of `count` cards from its record (replay.ts): checks that the record's counts
 * agree with a draw of that size, takes the reshuffle's randomness from `rng` as `drawUpTo` did,
 * and returns the cards drawn from the reshuffled pile — the only drawn cards the record can tell
 * (those drawn before the reshuffle were already in the draw pile, whose order is not public).
 */
export function replayDraw(record: DrawRecord, count: number, rng: Rng): { problems: string[]; drawnAfterReshuffle: string[] } {
  const problems: string[] = [];
  const available = record.drawPileCount + record.discardPileCount;
  if (count > available) problems.push(`${count} cards were drawn, but only ${available} were in the draw and discard piles`);
  const shouldReshuffle = count > record.drawPileCount;
  if (shouldReshuffle !== (record.reshuffledFrom !== null)) {
    problems.push(
      shouldReshuffle
        ? `drawing ${count} from a draw pile of ${record.drawPileCount} reshuffles the discard pile, but reshuffledFrom is null`
        : `drawing ${count} from a draw pile of ${record.drawPileCount} needs no reshuffle, but reshuffledFrom is set`,
    );
  }
  if (record.reshuffledFrom === null) return { problems, drawnAfterReshuffle: [] };
  if (record.reshuffledFrom.length !== record.discardPileCount) {
    problems.push(`reshuffledFrom holds ${record.reshuffledFrom.length} cards, but the discard pile held ${record.discardPileCount}`);
  }
  const reshuffled = shuffle(record.reshuffledFrom, rng);
  return { problems, drawnAfterReshuffle: reshuffled.slice(0, Math.max(0, count - record.drawPileCount)) };
}
