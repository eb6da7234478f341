/**
 * The example board and deck a campaign may start from (issue, Data: presets
 * `yummell-example-board` and `yummell-example-deck`). Both are plain data that pass
 * `validateYummellBoard` and `validateYummellDeck`; a campaign may load its own instead.
 */
import {
  type Characteristic,
  type CardEffect,
  type EffectCondition,
  type MovementBonus,
  type ChallengeBonus,
  type YummellBoard,
  type YummellCard,
  type YummellSquare,
} from './data.js';

/** A named board a campaign can start from. */
export interface YummellBoardPreset {
  id: string;
  name: string;
  description: string;
  board: YummellBoard;
}

/** A named deck a campaign can start from. */
export interface YummellDeckPreset {
  id: string;
  name: string;
  description: string;
  cards: readonly YummellCard[];
}

const square = (terrain: string, extra: Partial<Omit<YummellSquare, 'terrain'>> = {}): YummellSquare => ({
  terrain,
  capacity: extra.capacity ?? null,
  impassable: extra.impassable ?? false,
  ...(extra.name === undefined ? {} : { name: extra.name }),
});

/**
 * The example track, 20 squares from the Shire Gate to the Gates of Yummell. Every terrain of the
 * rules is on it, with squares of each kind the rules know:
 * - squares 6 (the Hollow Oak, WOOD, room for one pawn), 9 (the Ferry, PLAIN, two) and 17 (the
 *   Narrow Pass, HILLS, two) have a capacity;
 * - square 12 (the Sinking Mire) is impassable: pawns pass over it;
 * - square 20 is the finish, with room for everyone.
 */
export const YUMMELL_EXAMPLE_BOARD: YummellBoard = {
  name: 'The road to Yummell',
  extraTerrains: {},
  squares: [
    square('PLAIN', { name: 'Shire Gate' }),
    square('PLAIN'),
    square('HILLS'),
    square('PLAIN'),
    square('WOOD'),
    square('WOOD', { capacity: 1, name: 'Hollow Oak' }),
    square('PLAIN'),
    square('SWAMP'),
    square('PLAIN', { capacity: 2, name: 'Ferry' }),
    square('HILLS'),
    square('HILLS'),
    square('SWAMP', { impassable: true, name: 'Sinking Mire' }),
    square('PLAIN'),
    square('WOOD'),
    square('PLAIN'),
    square('SWAMP'),
    square('HILLS', { capacity: 2, name: 'Narrow Pass' }),
    square('PLAIN'),
    square('WOOD'),
    square('PLAIN', { name: 'Gates of Yummell' }),
  ],
};

/** One line of the deck list: a card as printed, with the value of each copy. */
type DeckLine = { slug: string; name: string; text: string; values: number[] } & (
  | { type: 'CREATURE'; characteristic: Characteristic; number: number }
  | { type: 'ARTEFACT'; effect: MovementBonus | ChallengeBonus }
  | { type: 'EVENT'; arrow: boolean; condition: EffectCondition | null; effect: CardEffect }
);

const creature = (slug: string, name: string, characteristic: Characteristic, number: number, values: number[]): DeckLine => ({
  slug,
  name,
  type: 'CREATURE',
  characteristic,
  number,
  values,
  text: `A Creature: beat ${number} in ${characteristic}.`,
});

const artefact = (slug: string, name: string, effect: MovementBonus | ChallengeBonus, text: string, values: number[]): DeckLine => ({
  slug,
  name,
  type: 'ARTEFACT',
  effect,
  values,
  text,
});

const event = (slug: string, name: string, arrow: boolean, condition: EffectCondition | null, effect: CardEffect, text: string, values: number[]): DeckLine => ({
  slug,
  name,
  type: 'EVENT',
  arrow,
  condition,
  effect,
  values,
  text,
});

const challengeBonus = (characteristic: Characteristic | 'ANY', amount: number): ChallengeBonus => ({ kind: 'CHALLENGE_BONUS', characteristic, amount });
const movementBonus = (terrain: string, amount: number): MovementBonus => ({ kind: 'MOVEMENT_BONUS', terrain, amount });
const on = (terrain: string): EffectCondition => ({ onTerrain: terrain });

/**
 * The example deck list. The seed's cards are in it: the Salamander of Mount Ohrk (STRENGTH 9),
 * Horrgrop the Evil (STRENGTH 7), Wind (arrow: on a PLAIN square, backtrack) and Hills Guide (a
 * movement bonus in HILLS, no arrow). The other cards are ours, made to use every kind of effect.
 */
const DECK_LIST: readonly DeckLine[] = [
  // Creatures: 40.
  creature('salamander-of-mount-ohrk', 'Salamander of Mount Ohrk', 'STRENGTH', 9, [3, 6]),
  creature('horrgrop-the-evil', 'Horrgrop the Evil', 'STRENGTH', 7, [4, 8]),
  creature('stone-troll', 'Stone Troll', 'STRENGTH', 10, [2, 3]),
  creature('wild-boar', 'Wild Boar', 'STRENGTH', 6, [1, 5]),
  creature('ogre-of-the-marsh', 'Ogre of the Marsh', 'STRENGTH', 8, [6]),
  creature('dragon-of-the-ninth-peak', 'Dragon of the Ninth Peak', 'STRENGTH', 12, [1]),
  creature('mirror-nymph', 'Mirror Nymph', 'CHARM', 7, [2, 5, 8]),
  creature('grumpy-ferryman', 'Grumpy Ferryman', 'CHARM', 6, [1, 4, 7]),
  creature('queen-of-crows', 'Queen of Crows', 'CHARM', 9, [1, 3]),
  creature('siren-of-the-lake', 'Siren of the Lake', 'CHARM', 8, [5, 6]),
  creature('goblin-pickpockets', 'Goblin Pickpockets', 'AGILITY', 6, [1, 2, 7]),
  creature('giant-spider', 'Giant Spider', 'AGILITY', 8, [4, 6]),
  creature('wolf-pack', 'Wolf Pack', 'AGILITY', 7, [3, 5, 8]),
  creature('will-o-the-wisp', "Will-o'-the-Wisp", 'AGILITY', 9, [2, 7]),
  creature('bog-witch', 'Bog Witch', 'MAGIC', 8, [1, 6, 7]),
  creature('riddling-sphinx', 'Riddling Sphinx', 'MAGIC', 9, [4, 7]),
  creature('hex-imp', 'Hex Imp', 'MAGIC', 6, [2, 3, 5]),
  creature('ancient-lich', 'Ancient Lich', 'MAGIC', 10, [4, 8]),
  // Artefacts: 16.
  artefact('sword-of-embers', 'Sword of Embers', challengeBonus('STRENGTH', 2), '+2 to STRENGTH in challenges.', [3, 7]),
  artefact('amulet-of-grace', 'Amulet of Grace', challengeBonus('CHARM', 2), '+2 to CHARM in challenges.', [2, 6]),
  artefact('elven-cloak', 'Elven Cloak', challengeBonus('AGILITY', 2), '+2 to AGILITY in challenges.', [1, 5]),
  artefact('star-wand', 'Star Wand', challengeBonus('MAGIC', 2), '+2 to MAGIC in challenges.', [4, 8]),
  artefact('lucky-clover', 'Lucky Clover', challengeBonus('ANY', 1), '+1 to every Characteristic in challenges.', [3, 6]),
  artefact('goat-hoof-boots', 'Goat-hoof Boots', movementBonus('HILLS', 1), 'HILLS squares cost 1 less to enter.', [2, 7]),
  artefact('woodsmans-axe', "Woodsman's Axe", movementBonus('WOOD', 1), 'WOOD squares cost 1 less to enter.', [1, 8]),
  artefact('marsh-stilts', 'Marsh Stilts', movementBonus('SWAMP', 1), 'SWAMP squares cost 1 less to enter.', [4, 5]),
  // Events: 34.
  event('wind', 'Wind', true, on('PLAIN'), { kind: 'BACKTRACK' }, '➜ If on a PLAIN square, backtrack.', [1, 3, 5, 7]),
  event('hills-guide', 'Hills Guide', false, null, movementBonus('HILLS', 1), 'A movement bonus in HILLS: they cost 1 less to enter.', [2, 4, 6]),
  event('woods-guide', 'Woods Guide', false, null, movementBonus('WOOD', 1), 'A movement bonus in WOOD: they cost 1 less to enter.', [3, 8]),
  event('swamp-guide', 'Swamp Guide', false, null, movementBonus('SWAMP', 1), 'A movement bonus in SWAMP: they cost 1 less to enter.', [1, 6]),
  event('tailwind', 'Tailwind', true, on('PLAIN'), { kind: 'ADVANCE' }, '➜ If on a PLAIN square, advance one square.', [2, 5, 8]),
  event('landslide', 'Landslide', true, on('HILLS'), { kind: 'BACKTRACK' }, '➜ If on a HILLS square, backtrack.', [4, 7]),
  event('quicksand', 'Quicksand', true, on('SWAMP'), { kind: 'BACKTRACK' }, '➜ If on a SWAMP square, backtrack.', [3, 6]),
  event('hidden-path', 'Hidden Path', true, on('WOOD'), { kind: 'ADVANCE' }, '➜ If on a WOOD square, advance one square.', [5, 8]),
  event('lost-in-the-woods', 'Lost in the Woods', true, on('WOOD'), { kind: 'BACKTRACK' }, '➜ If on a WOOD square, backtrack.', [2, 7]),
  event('shooting-star', 'Shooting Star', true, null, { kind: 'ADVANCE' }, '➜ Advance one square.', [4, 6]),
  event('rockfall', 'Rockfall', true, null, { kind: 'BACKTRACK' }, '➜ Backtrack.', [1, 8]),
  event('battle-cry', 'Battle Cry', false, null, challengeBonus('STRENGTH', 3), '+3 to STRENGTH in a challenge.', [2, 5]),
  event('charming-smile', 'Charming Smile', false, null, challengeBonus('CHARM', 3), '+3 to CHARM in a challenge.', [3, 7]),
  event('spell-scroll', 'Spell Scroll', false, null, challengeBonus('MAGIC', 3), '+3 to MAGIC in a challenge.', [4, 6]),
  event('quick-feet', 'Quick Feet', false, null, challengeBonus('AGILITY', 3), '+3 to AGILITY in a challenge.', [5, 8]),
];

/** The cards of a deck list: copy n of `wind` is `wind-n`, with the value of that copy. */
function cardsOf(list: readonly DeckLine[]): YummellCard[] {
  return list.flatMap((line) =>
    line.values.map((value, index): YummellCard => {
      const id = `${line.slug}-${index + 1}`;
      const { name, text } = line;
      if (line.type === 'CREATURE') return { id, name, type: 'CREATURE', value, characteristic: line.characteristic, number: line.number, text };
      if (line.type === 'ARTEFACT') return { id, name, type: 'ARTEFACT', value, effect: { ...line.effect }, text };
      return { id, name, type: 'EVENT', value, arrow: line.arrow, condition: line.condition && { ...line.condition }, effect: { ...line.effect }, text };
    }),
  );
}

/**
 * The example encounter deck, 90 cards as the Yummell rules have: 40 Creatures (ten of each
 * Characteristic), 16 Artefacts and 34 Events, with every value from 1 to 8 on 11 or 12 cards. The
 * order of the list is the order a new deck is shuffled from.
 */
export const YUMMELL_EXAMPLE_DECK: readonly YummellCard[] = cardsOf(DECK_LIST);

/** The boards a campaign can start from, by preset id. */
export const YUMMELL_BOARD_PRESETS: Readonly<Record<string, YummellBoardPreset>> = {
  'yummell-example-board': {
    id: 'yummell-example-board',
    name: 'The road to Yummell',
    description: 'A 20-square track with every terrain, three squares of limited capacity and an impassable mire.',
    board: YUMMELL_EXAMPLE_BOARD,
  },
};

/** The decks a campaign can start from, by preset id. */
export const YUMMELL_DECK_PRESETS: Readonly<Record<string, YummellDeckPreset>> = {
  'yummell-example-deck': {
    id: 'yummell-example-deck',
    name: 'Yummell example encounter deck',
    description: '90 cards: 40 Creatures, 16 Artefacts, 34 Events, with the seed’s Salamander of Mount Ohrk, Horrgrop the Evil, Wind and Hills Guide.',
    cards: YUMMELL_EXAMPLE_DECK,
  },
};
