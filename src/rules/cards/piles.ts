import { type Rng, shuffle } from '../random/random-stream.js';
import type { CardDefinition } from './card.js';

/**
 * Where every card of one deck is, by card id. Index 0 of the draw and discard piles is the top
 * card. Every card of the deck is in exactly one place (tenth-realm.md: deck + discard + all
 * hands = the 52 cards, each exactly once).
 */
export interface DeckPiles {
  drawPile: string[];
  discardPile: string[];
  /** Face-up cards in play, in the order they arrived. */
  table: string[];
  /** Holder id (a character id) → the cards in that holder's hand, in the order received. */
  hands: Record<string, string[]>;
}

/** The machine codes of a refused pile operation. */
export type PileViolationReason =
  | 'INVALID_COUNT'
  | 'NOT_ENOUGH_CARDS'
  | 'UNKNOWN_CARD'
  | 'DUPLICATE_CARD'
  | 'CARD_IN_DRAW_PILE'
  | 'CARD_NOT_IN_YOUR_HAND';

/** Why a pile operation was refused: a machine code and a sentence a player understands. */
export interface PileViolation {
  reason: PileViolationReason;
  message: string;
}

/** A pile operation's outcome: the new piles and what else it reports, or why nothing changed. */
export type PileOutcome<Extra = unknown> =
  | ({ ok: true; piles: DeckPiles } & Extra)
  | { ok: false; violation: PileViolation };

/** Where a card is. */
export type CardLocation = 'DRAW_PILE' | 'DISCARD' | 'TABLE' | { hand: string };

/** Where drawn cards go. */
export type DrawDestination = { kind: 'HAND'; holderId: string } | { kind: 'DISCARD' } | { kind: 'TABLE' };

/** Where moved cards go. */
export type MoveDestination =
  | { kind: 'DRAW_PILE_TOP' }
  | { kind: 'DRAW_PILE_BOTTOM' }
  | { kind: 'DISCARD' }
  | { kind: 'TABLE' }
  | { kind: 'HAND'; holderId: string };

const refuse = (reason: PileViolationReason, message: string): { ok: false; violation: PileViolation } => ({
  ok: false,
  violation: { reason, message },
});

const cardsWord = (count: number): string => (count === 1 ? '1 card' : `${count} cards`);

const cardsLeftToDraw = (count: number): string => {
  if (count === 0) return 'no cards are left to draw';
  return count === 1 ? 'only 1 card is left to draw' : `only ${count} cards are left to draw`;
};

/** A deep copy, so that operations can build their result without touching their input. */
function copyPiles(piles: DeckPiles): DeckPiles {
  return {
    drawPile: [...piles.drawPile],
    discardPile: [...piles.discardPile],
    table: [...piles.table],
    hands: Object.fromEntries(Object.entries(piles.hands).map(([holder, hand]) => [holder, [...hand]])),
  };
}

/** A new deck: every card shuffled into the draw pile, starting from the list's order. */
export function newDeckPiles(cards: readonly CardDefinition[], rng: Rng): DeckPiles {
  return {
    drawPile: shuffle(
      cards.map((card) => card.id),
      rng,
    ),
    discardPile: [],
    table: [],
    hands: {},
  };
}

/** Every card id in the piles: draw pile, discard pile, table, then each hand. */
export function allCardIds(piles: DeckPiles): string[] {
  return [...piles.drawPile, ...piles.discardPile, ...piles.table, ...Object.values(piles.hands).flat()];
}

/** Where card `id` is, or null when it is in none of the piles. */
export function locateCard(piles: DeckPiles, id: string): CardLocation | null {
  if (piles.drawPile.includes(id)) return 'DRAW_PILE';
  if (piles.discardPile.includes(id)) return 'DISCARD';
  if (piles.table.includes(id)) return 'TABLE';
  const holder = Object.keys(piles.hands).find((holderId) => piles.hands[holderId].includes(id));
  return holder === undefined ? null : { hand: holder };
}

/** Whether every card of the deck is in the piles exactly once, and nothing else is. */
export function assertConserved(piles: DeckPiles, cards: readonly CardDefinition[]): boolean {
  const ids = allCardIds(piles);
  const expected = new Set(cards.map((card) => card.id));
  return ids.length === expected.size && new Set(ids).size === ids.length && ids.every((id) => expected.has(id));
}

/**
 * Draws `count` cards from the top, the bottom or random places of the draw pile into a hand,
 * onto the discard pile or onto the table. When the draw pile runs out mid-draw, the discard
 * pile is shuffled to become the new draw pile and drawing goes on (tenth-realm.md: "whenever the
 * deck is empty and a card is needed"); the cards of this draw are not part of that reshuffle.
 * Drawn cards revealed onto the discard pile go there one after another, so the last one drawn
 * ends on top. Refused, with nothing drawn and no randomness used, when `count` is not between 1
 * and the deck's size or when the draw and discard piles together hold fewer than `count` cards.
 */
export function drawCards(
  piles: DeckPiles,
  request: { count: number; from: 'TOP' | 'BOTTOM' | 'RANDOM'; to: DrawDestination },
  rng: Rng,
): PileOutcome<{ drawn: string[]; reshuffled: boolean }> {
  const { count, from, to } = request;
  const deckSize = allCardIds(piles).length;
  if (!Number.isInteger(count) || count < 1 || count > deckSize) {
    return refuse('INVALID_COUNT', `you can draw from 1 to ${cardsWord(deckSize)}`);
  }
  const drawable = piles.drawPile.length + piles.discardPile.length;
  if (count > drawable) {
    return refuse('NOT_ENOUGH_CARDS', cardsLeftToDraw(drawable));
  }

  const next = copyPiles(piles);
  const drawn: string[] = [];
  let reshuffled = false;
  while (drawn.length < count) {
    if (next.drawPile.length === 0) {
      next.drawPile = shuffle(next.discardPile, rng);
      next.discardPile = [];
      reshuffled = true;
    }
    const index = from === 'TOP' ? 0 : from === 'BOTTOM' ? next.drawPile.length - 1 : rng.uniform(next.drawPile.length);
    drawn.push(...next.drawPile.splice(index, 1));
  }

  if (to.kind === 'HAND') next.hands[to.holderId] = [...(next.hands[to.holderId] ?? []), ...drawn];
  else if (to.kind === 'TABLE') next.table.push(...drawn);
  else next.discardPile = [...drawn].reverse().concat(next.discardPile);
  return { ok: true, piles: next, drawn, reshuffled };
}

/** The first reason the cards cannot be moved, or undefined. */
function moveProblem(
  piles: DeckPiles,
  cardIds: readonly string[],
  onlyFromHolders: readonly string[] | undefined,
): { ok: false; violation: PileViolation } | undefined {
  if (cardIds.length === 0) return refuse('INVALID_COUNT', 'choose at least one card to move');
  const duplicate = cardIds.find((id, index) => cardIds.indexOf(id) !== index);
  if (duplicate !== undefined) return refuse('DUPLICATE_CARD', `card '${duplicate}' is listed more than once`);
  const locations = cardIds.map((id) => ({ id, location: locateCard(piles, id) }));
  const unknown = locations.find(({ location }) => location === null);
  if (unknown !== undefined) return refuse('UNKNOWN_CARD', `there is no card '${unknown.id}' in this deck`);
  // Checked before the draw pile, so a player never learns that a card is still in the deck.
  if (onlyFromHolders !== undefined) {
    const held = new Set(onlyFromHolders.flatMap((holder) => piles.hands[holder] ?? []));
    const notHeld = cardIds.find((id) => !held.has(id));
    if (notHeld !== undefined) return refuse('CARD_NOT_IN_YOUR_HAND', `card '${notHeld}' is not in your hand`);
  }
  const inDrawPile = locations.find(({ location }) => location === 'DRAW_PILE');
  if (inDrawPile !== undefined) {
    return refuse('CARD_IN_DRAW_PILE', `card '${inDrawPile.id}' is still in the draw pile and has to be drawn first`);
  }
  return undefined;
}

/**
 * Moves cards that are in play (discard pile, table or a hand) to the top or bottom of the draw
 * pile, the discard pile, the table or a hand. The moved cards keep the given order: on the draw
 * or discard pile the first id ends nearest the top; on the table or in a hand they are appended.
 * Cards in the draw pile cannot be moved; they have to be drawn. With `onlyFromHolders`, every
 * card must be in the hand of one of those holders, as when a player plays cards of their own.
 */
export function moveCards(
  piles: DeckPiles,
  cardIds: readonly string[],
  to: MoveDestination,
  options: { onlyFromHolders?: readonly string[] } = {},
): PileOutcome {
  const problem = moveProblem(piles, cardIds, options.onlyFromHolders);
  if (problem !== undefined) return problem;

  const moving = new Set(cardIds);
  const remaining = (ids: string[]): string[] => ids.filter((id) => !moving.has(id));
  const next: DeckPiles = {
    drawPile: [...piles.drawPile],
    discardPile: remaining(piles.discardPile),
    table: remaining(piles.table),
    hands: Object.fromEntries(Object.entries(piles.hands).map(([holder, hand]) => [holder, remaining(hand)])),
  };
  switch (to.kind) {
    case 'DRAW_PILE_TOP':
      next.drawPile = [...cardIds, ...next.drawPile];
      break;
    case 'DRAW_PILE_BOTTOM':
      next.drawPile = [...next.drawPile, ...cardIds];
      break;
    case 'DISCARD':
      next.discardPile = [...cardIds, ...next.discardPile];
      break;
    case 'TABLE':
      next.table = [...next.table, ...cardIds];
      break;
    case 'HAND':
      next.hands[to.holderId] = [...(next.hands[to.holderId] ?? []), ...cardIds];
      break;
  }
  return { ok: true, piles: next };
}

/**
 * Shuffles the draw pile, with the discard pile mixed in when `includeDiscard` is set (the
 * discard pile is then empty). Cards on the table and in hands are never recalled by a reshuffle
 * (tenth-realm.md). Cannot be refused, so it returns the new piles directly.
 */
export function reshuffle(piles: DeckPiles, options: { includeDiscard: boolean }, rng: Rng): DeckPiles {
  const next = copyPiles(piles);
  if (!options.includeDiscard) return { ...next, drawPile: shuffle(next.drawPile, rng) };
  return { ...next, drawPile: shuffle([...next.drawPile, ...next.discardPile], rng), discardPile: [] };
}

/**
 * Puts the discard pile and the table back into the draw pile and shuffles it, as at the end of a
 * scene (tenth-realm.md, `endScene`). Hands are kept. Cannot be refused, so it returns the new
 * piles directly.
 */
export function returnDiscards(piles: DeckPiles, rng: Rng): DeckPiles {
  return { ...copyPiles(piles), drawPile: shuffle([...piles.drawPile, ...piles.discardPile, ...piles.table], rng),
    discardPile: [],
    table: [], };
}
