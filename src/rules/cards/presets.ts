import { ENCHANTED_REALMS_STARTER_PRESET } from '../enchanted-realms-cards/starter-deck.js';
import { type CardDefinition, colorOfSuit, type Suit } from './card.js';

/** A named deck that a campaign can start from. */
export interface CardPreset {
  id: string;
  name: string;
  description: string;
  cards: readonly CardDefinition[];
}

const SUIT_NAMES: ReadonlyArray<[Suit, string]> = [
  ['C', 'Clubs'],
  ['D', 'Diamonds'],
  ['H', 'Hearts'],
  ['S', 'Spades'],
];

const RANK_NAMES: ReadonlyArray<[string, string]> = [
  ['A', 'Ace'],
  ['2', 'Two'],
  ['3', 'Three'],
  ['4', 'Four'],
  ['5', 'Five'],
  ['6', 'Six'],
  ['7', 'Seven'],
  ['8', 'Eight'],
  ['9', 'Nine'],
  ['10', 'Ten'],
  ['J', 'Jack'],
  ['Q', 'Queen'],
  ['K', 'King'],
];

/**
 * The standard 52-card deck in canonical order (DESIGN.md, "Randomness"): suits ♣ ♦ ♥ ♠, ranks
 * A 2–10 J Q K within each suit, codes `AC` … `KS`. The order is part of the auditable format:
 * a new deck's shuffle starts from it.
 */
export const STANDARD_52: readonly CardDefinition[] = Object.freeze(
  SUIT_NAMES.flatMap(([suit, suitName]) =>
    RANK_NAMES.map(([rank, rankName]) =>
      Object.freeze<CardDefinition>({
        id: `${rank}${suit}`,
        code: `${rank}${suit}`,
        name: `${rankName} of ${suitName}`,
        suit,
        rank,
        color: colorOfSuit(suit),
      }),
    ),
  ),
);

/** The decks a campaign can start from, by preset id. */
export const CARD_PRESETS: Readonly<Record<string, CardPreset>> = {
  'standard-52': {
    id: 'standard-52',
    name: 'Standard 52-card deck',
    description: 'Four suits (♣ ♦ ♥ ♠) of thirteen ranks, A 2–10 J Q K, without jokers.',
    cards: STANDARD_52,
  },
  'enchanted-realms-starter': ENCHANTED_REALMS_STARTER_PRESET,
};
