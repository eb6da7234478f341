import { type CardDefinition, type CardListError, validateCardList } from '../cards/card.js';

/** The kinds of card in the Adventure Deck (enchanted-realms-cards.md, Cards). */
export const ADVENTURE_CARD_TYPES = [
  'HERO',
  'CREATURE',
  'QUEST',
  'MENTOR',
  'BLANK',
  'WORLD',
  'SUPPORT',
  'ITEM',
  'ENHANCEMENT',
] as const;
export type AdventureCardType = (typeof ADVENTURE_CARD_TYPES)[number];

/** The three attributes. When different cards stack, the highest score of each counts. */
export const ATTRIBUTES = ['STR', 'AGL', 'PRE'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** Every bonus a card may list, in the order the rules name them. */
export const BONUSES = [
  'STR',
  'AGL',
  'PRE',
  'COMBAT',
  'SPELLCASTING',
  'WEAPON',
  'ARMOR',
  'SPELL',
  'ENHANCE',
  'SPECIAL',
  'HEALTH',
] as const;
export type Bonus = (typeof BONUSES)[number];

/** The bonuses a card lists, by name; a bonus the card does not list is absent. */
export type CardBonuses = Partial<Record<Bonus, number>>;

/**
 * An Adventure Deck card is a `CardDefinition` whose `type` is one of `ADVENTURE_CARD_TYPES`,
 * whose Force Number is `attributes.force` and whose bonuses are further integer attributes
 * named as in `BONUSES` (`attributes.STR`, `attributes.WEAPON`, …). Bonuses may be negative
 * (a cursed item); the Force Number may not.
 */
export const FORCE_ATTRIBUTE = 'force';

const KNOWN_TYPES: ReadonlySet<string> = new Set(ADVENTURE_CARD_TYPES);
const BONUS_KEYS: ReadonlySet<string> = new Set(BONUSES);

/** The card's Adventure Deck type, or undefined when it has none of the known ones. */
export function cardTypeOf(card: CardDefinition): AdventureCardType | undefined {
  return card.type !== undefined && KNOWN_TYPES.has(card.type) ? (card.type as AdventureCardType) : undefined;
}

/** The card's Force Number; 0 for a card without one (a validated card always has one). */
export function forceOf(card: CardDefinition): number {
  const force = card.attributes?.[FORCE_ATTRIBUTE];
  return typeof force === 'number' ? force : 0;
}

/** The bonuses the card lists, in `BONUSES` order. Values that are not numbers are ignored. */
export function bonusesOf(card: CardDefinition): CardBonuses {
  const bonuses: CardBonuses = {};
  for (const bonus of BONUSES) {
    const value = card.attributes?.[bonus];
    if (typeof value === 'number') bonuses[bonus] = value;
  }
  return bonuses;
}

/** Whether the card lists any bonus. A card that lists none uses its Force Number instead. */
export function listsBonuses(card: CardDefinition): boolean {
  return Object.keys(bonusesOf(card)).length > 0;
}

/** A checked Adventure Deck, or every problem found, each naming its card. */
export type AdventureDeckResult = { ok: true; cards: CardDefinition[] } | { ok: false; errors: CardListError[] };

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

const shown = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : String(value));

/** Every Enchanted Realms problem of one card, as ends of sentences. */
function adventureCardProblems(card: CardDefinition): string[] {
  const problems: string[] = [];
  if (card.type === undefined) problems.push(`needs a type, one of ${ADVENTURE_CARD_TYPES.join(' ')}`);
  else if (!KNOWN_TYPES.has(card.type)) {
    problems.push(`type '${card.type}' is not one of ${ADVENTURE_CARD_TYPES.join(' ')}`);
  }
  const attributes = card.attributes ?? {};
  const force = attributes[FORCE_ATTRIBUTE];
  if (force === undefined) problems.push('needs a Force Number (attributes.force)');
  else if (!isWholeNumber(force) || force < 0) {
    problems.push(`the Force Number must be a whole number of 0 or more, not ${shown(force)}`);
  }
  for (const [key, value] of Object.entries(attributes)) {
    if (key === FORCE_ATTRIBUTE) continue;
    if (!BONUS_KEYS.has(key)) problems.push(`unknown attribute '${key}': bonuses are ${BONUSES.join(' ')}`);
    else if (!isWholeNumber(value)) problems.push(`the ${key} bonus must be a whole number, not ${shown(value)}`);
  }
  return problems;
}

/**
 * Checks an Adventure Deck from untrusted input (a campaign's own card list): first the checks
 * of every deck (`validateCardList`: objects, known fields, unique ids), then those of this
 * ruleset: a known type, an integer Force Number ≥ 0, integer bonuses and no other attributes.
 * A generic problem stops the check, as `validateCardList` does; the Enchanted Realms problems
 * are all reported, so that a deck file can be fixed in one pass. Every error names its card by
 * index and id.
 */
export function validateAdventureDeck(cards: unknown[]): AdventureDeckResult {
  const generic = validateCardList(cards);
  if (!generic.ok) return { ok: false, errors: [generic.error] };
  const errors = generic.cards.flatMap((card, index) =>
    adventureCardProblems(card).map((problem) => ({
      message: `card ${index} ('${card.id}'): ${problem}`,
      index,
      cardId: card.id,
    })),
  );
  return errors.length === 0 ? { ok: true, cards: generic.cards } : { ok: false, errors };
}
