import { drawCards, type DeckPiles, moveCards, returnDiscards } from '../cards/piles.js';
import { type DrawRecord, drawRecord } from './draw.js';
import type { Rng } from '../random/random-stream.js';
import { refuse, type RuleOutcome } from './outcome.js';
import { isTableHolder } from './rewards.js';

/** The cards a player holds after a RECONCILE, and the most the Lead Player holds (2008 rules). */
export const HAND_SIZE = 5;

/** The machine codes of a refused RECONCILE. */
export type ReconcileRefusal = 'INVALID_HOLDERS' | 'WRONG_RETURN' | 'CARD_NOT_IN_YOUR_HAND' | 'NOT_ENOUGH_CARDS';

/** Whose hands to reconcile, and which cards the players over the limit chose to give back. */
export interface ReconcileRequest {
  /** The players' hands, in the order they draw. */
  players: readonly string[];
  leadPlayer: string;
  /** Holder id → the cards it gives back; a holder over the limit that chose none gives back its newest cards. */
  returns?: Readonly<Record<string, readonly string[]>>;
}

const cardsWord = (count: number): string => (count === 1 ? '1 card' : `${count} cards`);

/** What a RECONCILE will do, before anything moves. */
interface ReconcilePlan {
  /** Holder → the cards it gives back. */
  returned: Record<string, string[]>;
  /** How many cards the players draw in all. */
  needed: number;
}

type Refusal = { ok: false; violation: { reason: ReconcileRefusal; message: string } };

/** Which cards each holder gives back and how many the players draw, or why the request is refused. */
function planReconcile(piles: DeckPiles, request: ReconcileRequest): ({ ok: true } & ReconcilePlan) | Refusal {
  const holders = [...request.players, request.leadPlayer];
  if (new Set(holders).size !== holders.length || holders.some(isTableHolder)) {
    return refuse('INVALID_HOLDERS', 'each player, and the Lead Player, reconciles one hand of their own');
  }
  const unknownHolder = Object.keys(request.returns ?? {}).find((holder) => !holders.includes(holder));
  if (unknownHolder !== undefined) return refuse('INVALID_HOLDERS', `'${unknownHolder}' is not a hand being reconciled`);

  const returned: Record<string, string[]> = {};
  for (const holder of holders) {
    const hand = piles.hands[holder] ?? [];
    const excess = Math.max(0, hand.length - HAND_SIZE);
    const chosen = request.returns?.[holder];
    if (chosen === undefined) {
      returned[holder] = hand.slice(HAND_SIZE);
      continue;
    }
    if (chosen.length !== excess || new Set(chosen).size !== chosen.length) {
      return refuse('WRONG_RETURN', `you hold ${cardsWord(hand.length)} and give back exactly ${cardsWord(excess)}`);
    }
    const notHeld = chosen.find((id) => !hand.includes(id));
    if (notHeld !== undefined) return refuse('CARD_NOT_IN_YOUR_HAND', `card '${notHeld}' is not in your hand`);
    returned[holder] = [...chosen];
  }
  const needed = request.players.reduce((sum, player) => sum + Math.max(0, HAND_SIZE - (piles.hands[player] ?? []).length), 0);
  return { ok: true, returned, needed };
}

/** The refusal when the cards that can be drawn cannot fill the players' hands, or undefined. */
function shortage(needed: number, available: number): Refusal | undefined {
  if (needed <= available) return undefined;
  return refuse('NOT_ENOUGH_CARDS', `the players need ${cardsWord(needed)} but only ${cardsWord(available)} can be drawn`);
}

/**
 * RECONCILE at the end of a scene (enchanted-realms-cards.md, Hands): every player's hand returns
 * to exactly 5 cards and the Lead Player's to at most 5. **Decision**: cards over the limit go
 * to the bottom of the Adventure Deck, not onto the scene's discard pile, so they are not drawn
 * again at once and the discard pile keeps only the scene's Draws; then the players short of
 * cards draw from the top, in the order listed (the discard pile is shuffled back in if the deck
 * runs out). The Lead Player never draws here. Refused, with nothing changed and no randomness
 * used, when a choice of returned cards is wrong or the deck cannot fill every hand.
 */
export function reconcileHands(
  piles: DeckPiles,
  request: ReconcileRequest,
  rng: Rng,
): RuleOutcome<ReconcileRefusal, { drawn: Record<string, string[]>; returned: Record<string, string[]>; records: Record<string, DrawRecord> }> {
  const plan = planReconcile(piles, request);
  if (!plan.ok) return plan;
  const { returned, needed } = plan;
  const returning = Object.values(returned).flat();
  const short = shortage(needed, piles.drawPile.length + piles.discardPile.length + returning.length);
  if (short !== undefined) return short;

  let next = piles;
  if (returning.length > 0) {
    const moved = moveCards(next, returning, { kind: 'DRAW_PILE_BOTTOM' });
    if (!moved.ok) throw new Error(`a checked return was refused: ${moved.violation.message}`);
    next = moved.piles;
  }
  const drawn: Record<string, string[]> = {};
  // What a verifier needs to re-derive each hand's draw (replay.ts).
  const records: Record<string, DrawRecord> = {};
  for (const player of request.players) {
    const missing = HAND_SIZE - (next.hands[player] ?? []).length;
    drawn[player] = [];
    if (missing <= 0) continue;
    records[player] = drawRecord(next, missing);
    const outcome = drawCards(next, { count: missing, from: 'TOP', to: { kind: 'HAND', holderId: player } }, rng);
    if (!outcome.ok) throw new Error(`a checked draw was refused: ${outcome.violation.message}`);
    next = outcome.piles;
    drawn[player] = outcome.drawn;
  }
  return { ok: true, piles: next, drawn, returned, records };
}

/**
 * The end of a scene: the scene's discard pile and the shared table are shuffled back into the
 * Adventure Deck (`returnDiscards`), then the hands are reconciled. Characters' cards, kept under
 * `tableHolder`, stay where they are.
 */
export function endScene(
  piles: DeckPiles,
  request: ReconcileRequest,
  rng: Rng,
): RuleOutcome<ReconcileRefusal, { drawn: Record<string, string[]>; returned: Record<string, string[]>; records: Record<string, DrawRecord> }> {
  // Checked before the shuffle, so that a refused end of scene uses no randomness.
  const plan = planReconcile(piles, request);
  if (!plan.ok) return plan;
  const returning = Object.values(plan.returned).flat().length;
  const short = shortage(plan.needed, piles.drawPile.length + piles.discardPile.length + piles.table.length + returning);
  if (short !== undefined) return short;
  return reconcileHands(returnDiscards(piles, rng), request, rng);
}
