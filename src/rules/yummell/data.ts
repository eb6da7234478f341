/**
 * The data a Yummell race is played with (yummell.md, "Board, characters, cards (data)"): the
 * track, the encounter deck's cards with their effects, a character's Characteristics and
 * Advantages. Everything here is plain JSON, loaded by a campaign and checked by `validation.ts`.
 */

/** The four Characteristics of a character, in the order the character cards print them (Yummell rules). */
export const CHARACTERISTICS = ['STRENGTH', 'CHARM', 'AGILITY', 'MAGIC'] as const;
export type Characteristic = (typeof CHARACTERISTICS)[number];

/**
 * What entering a square of each terrain costs, before pawns (yummell.md, A turn step 1, Yummell
 * rules: PLAIN 1, HILLS or WOOD 2, SWAMP 3). **Decision**: a board may add terrains of its own
 * with their costs (`YummellBoard.extraTerrains`) but cannot change these four.
 */
export const TERRAIN_COSTS: Readonly<Record<string, number>> = Object.freeze({ PLAIN: 1, HILLS: 2, WOOD: 2, SWAMP: 3 });

/** One square of the track. */
export interface YummellSquare {
  /** PLAIN, HILLS, WOOD, SWAMP, or a terrain the board adds. */
  terrain: string;
  /** Most pawns the square holds at once; null for no limit (**Decision**: the default). */
  capacity: number | null;
  /**
   * No pawn ever enters or stops on it. **Decision**: pawns pass over an impassable square as if
   * it were not on the track (it costs nothing and never hosts), so a board with one can still be
   * raced to its end.
   */
  impassable: boolean;
  /** A name printed on the square, for messages. */
  name?: string;
}

/**
 * The track, squares in order from start to finish (yummell.md, Board). Positions count from the
 * start: 0 is before the first square, where every pawn begins, and square n is `squares[n - 1]`.
 * The last square is the finish.
 */
export interface YummellBoard {
  name: string;
  squares: YummellSquare[];
  /** Terrains beyond the rules' four, with what entering one costs. */
  extraTerrains: Record<string, number>;
}

/** When an effect acts: the drawer stands on a square of this terrain (Wind: "if on a PLAIN square"). */
export interface EffectCondition {
  onTerrain: string;
}

/** Entering a square of `terrain` costs `amount` points less, never less than 1 before pawns (Hills Guide). */
export interface MovementBonus {
  kind: 'MOVEMENT_BONUS';
  terrain: string;
  amount: number;
}

/** `amount` more on `characteristic` (or on every one, ANY) in a challenge. */
export interface ChallengeBonus {
  kind: 'CHALLENGE_BONUS';
  characteristic: Characteristic | 'ANY';
  amount: number;
}

/** What an effect does. BACKTRACK and ADVANCE move one square, as a lost or won challenge does. */
export type CardEffect = { kind: 'BACKTRACK' } | { kind: 'ADVANCE' } | MovementBonus | ChallengeBonus;

export const CARD_TYPES = ['CREATURE', 'ARTEFACT', 'EVENT'] as const;
export type YummellCardType = (typeof CARD_TYPES)[number];

/** The smallest and largest value a card may have (yummell.md, Board, characters, cards: 1–8). */
export const MIN_CARD_VALUE = 1;
export const MAX_CARD_VALUE = 8;

interface CardBase {
  /** Unique in the deck; piles refer to cards by it. */
  id: string;
  name: string;
  /** 1–8: the movement points or challenge points the card gives when played from a hand. */
  value: number;
  /** What the card prints, for people. */
  text?: string;
}

/** A Creature: a challenge on `characteristic`, won by a total strictly higher than `number`. */
export interface CreatureCard extends CardBase {
  type: 'CREATURE';
  characteristic: Characteristic;
  number: number;
}

/** An Artefact: once among a character's active Artefacts, its bonus applies whenever its condition holds. */
export interface ArtefactCard extends CardBase {
  type: 'ARTEFACT';
  effect: MovementBonus | ChallengeBonus;
}

/** An Event: its effect, when its condition holds; the arrow says it acts on whoever draws it as an encounter. */
export interface EventCard extends CardBase {
  type: 'EVENT';
  arrow: boolean;
  condition: EffectCondition | null;
  effect: CardEffect;
}

export type YummellCard = CreatureCard | ArtefactCard | EventCard;

/**
 * An Advantage of a character (yummell.md: Heroism, +4 to every Characteristic in challenges).
 * **Decision**: an Advantage is used in a challenge by naming it, adds `bonus` when the challenge
 * is on one of its `characteristics`, and is discarded after use when its card says so.
 */
export interface Advantage {
  name: string;
  bonus: number;
  characteristics: Characteristic[];
  discardOnUse: boolean;
  text?: string;
}

/** Heroism, from seed 003: +4 to all the Characteristics in challenges. **Decision**: it is kept after use. */
export const HEROISM: Readonly<Advantage> = Object.freeze({
  name: 'Heroism',
  bonus: 4,
  characteristics: [...CHARACTERISTICS],
  discardOnUse: false,
  text: '+4 to every Characteristic in challenges.',
});
