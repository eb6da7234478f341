/** A playing-card suit: clubs, diamonds, hearts, spades. */
export type Suit = 'C' | 'D' | 'H' | 'S';

/** Red cards are ♥ and ♦; black cards are ♣ and ♠ (rules/README.md). */
export type CardColor = 'RED' | 'BLACK';

/** One card of a deck. Decks are data: a deck is a list of these. */
export interface CardDefinition {
  /** Unique within its deck; piles refer to cards by it. */
  id: string;
  /** What is printed on the card, e.g. `QH`. */
  code: string;
  name?: string;
  suit?: Suit;
  rank?: string;
  color?: CardColor;
  /** A ruleset's own card kind, e.g. `CREATURE` in an encounter pile. */
  type?: string;
  attributes?: Record<string, string | number | boolean>;
}

/** Where validation stopped: the 0-based index of the card and, when known, its id. */
export interface CardListError {
  message: string;
  index: number;
  cardId?: string;
}

/** Most cards in one deck. */
export const MAX_CARDS_PER_DECK = 1000;
const MAX_CODE_LENGTH = 40;
/** The longest text each optional text field may hold. */
const TEXT_FIELD_LIMITS: ReadonlyArray<[field: 'id' | 'name' | 'rank' | 'type', maxLength: number]> = [
  ['id', 40],
  ['name', 100],
  ['rank', 5],
  ['type', 40],
];

const SUITS: readonly string[] = ['C', 'D', 'H', 'S'] satisfies Suit[];
const COLORS: readonly string[] = ['RED', 'BLACK'] satisfies CardColor[];
const FIELDS: ReadonlySet<string> = new Set(['id', 'code', 'name', 'suit', 'rank', 'color', 'type', 'attributes']);

/** The color of a suit: ♥ and ♦ are red, ♣ and ♠ black. */
export function colorOfSuit(suit: Suit): CardColor {
  return suit === 'D' || suit === 'H' ? 'RED' : 'BLACK';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown, maxLength: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= maxLength;

const isAttributeValue = (value: unknown): boolean =>
  typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);

/** The first problem with one card's fields, as the end of a sentence, or undefined. */
function fieldProblem(card: Record<string, unknown>): string | undefined {
  const unknownField = Object.keys(card).find((key) => !FIELDS.has(key));
  if (unknownField !== undefined) return `unknown field '${unknownField}'`;
  if (!isText(card.code, MAX_CODE_LENGTH)) return `code must be text of 1 to ${MAX_CODE_LENGTH} characters`;
  const badText = TEXT_FIELD_LIMITS.find(([field, max]) => card[field] !== undefined && !isText(card[field], max));
  if (badText !== undefined) return `${badText[0]} must be text of 1 to ${badText[1]} characters`;
  if (card.suit !== undefined && !SUITS.includes(card.suit as string)) return `suit must be one of ${SUITS.join(' ')}`;
  if (card.color !== undefined && !COLORS.includes(card.color as string)) return `color must be RED or BLACK`;
  if (card.suit !== undefined && card.color !== undefined && card.color !== colorOfSuit(card.suit as Suit)) {
    return `color ${String(card.color)} does not match suit ${String(card.suit)}`;
  }
  if (card.attributes !== undefined) {
    if (!isRecord(card.attributes)) return 'attributes must be an object';
    const badKey = Object.entries(card.attributes).find(([, value]) => !isAttributeValue(value))?.[0];
    if (badKey !== undefined) return `attribute '${badKey}' must be text, a number or true/false`;
  }
  return undefined;
}

type CardListResult = { ok: true; cards: CardDefinition[] } | { ok: false; error: CardListError };

const refuse = (index: number, message: string, cardId?: string): CardListResult => ({
  ok: false,
  error: cardId === undefined ? { message, index } : { message, index, cardId },
});

/**
 * Checks a deck's card list from untrusted input and returns it normalized: `id` defaults to
 * `code`, `color` is derived from `suit` when absent, and absent optional fields stay absent.
 * A list holds 1 to 1000 cards with unique ids; unknown fields are refused so that a typo in a
 * deck file is reported instead of silently ignored.
 */
export function validateCardList(cards: unknown[]): CardListResult {
  if (cards.length === 0) return refuse(0, 'a deck needs at least one card');
  if (cards.length > MAX_CARDS_PER_DECK) {
    return refuse(MAX_CARDS_PER_DECK, `a deck holds at most ${MAX_CARDS_PER_DECK} cards`);
  }
  const seen = new Set<string>();
  const valid: CardDefinition[] = [];
  for (const [index, card] of cards.entries()) {
    if (!isRecord(card)) return refuse(index, `card ${index} is not an object`);
    // Name the card by whichever of id and code is usable, so the message points at it.
    const cardId = [card.id, card.code].find((value): value is string => typeof value === 'string' && value !== '');
    const named = cardId === undefined ? `card ${index}` : `card ${index} ('${cardId}')`;
    const problem = fieldProblem(card);
    if (problem !== undefined) return refuse(index, `${named}: ${problem}`, cardId);

    const definition = { ...card as unknown as CardDefinition, id: (card.id ?? card.code) as string };
    if (seen.has(definition.id)) return refuse(index, `${named}: id '${definition.id}' is used twice`, definition.id);
    seen.add(definition.id);
    if (definition.suit !== undefined) definition.color ??= colorOfSuit(definition.suit);
    if (definition.attributes !== undefined) definition.attributes = { ...definition.attributes };
    valid.push(definition);
  }
  return { ok: true, cards: valid };
}
