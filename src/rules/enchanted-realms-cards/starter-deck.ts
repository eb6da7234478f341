import type { CardDefinition } from '../cards/card.js';
import type { CardPreset } from '../cards/presets.js';
import { type AdventureCardType, type CardBonuses, FORCE_ATTRIBUTE } from './cards.js';

/** One line of the deck list: a card as printed, and how many copies the deck holds. */
interface DeckLine {
  /** The readable part of the ids: copy n of `long-sword` (an ITEM) is `item-long-sword-n`. */
  slug: string;
  code: string;
  name: string;
  type: AdventureCardType;
  force: number;
  bonuses?: CardBonuses;
  copies: number;
}

/**
 * The starter Adventure Deck, 100 cards (enchanted-realms-cards.md, Decision: decks are data).
 *
 * Every card is also a randomizer: a Draw reads only its Force Number, so Forces 1–9 are spread
 * over the deck, 11 or 12 cards each, and the deck's mean Force is 5.
 *
 * The rules' worked examples are in it:
 * - Erik the Fighter (STR +2, COMBAT +3) with a Long Sword (WEAPON +4) attacks at +9 (seed 000);
 * - an Orc (AGL +2) in Scale Mail (ARMOR +3) defends at +5 (seed 000);
 * - the Crevice, a WORLD of Force 2 that lists no bonuses, so a game Draw against it adds 2;
 * - Goblins of Force 2, so that Forces 9 + 3 + 7 bring 10 of them (2008 rules);
 * - two Fighters (STR 4, AGL 2, PRE 1, COMBAT +2) and two Daggers (WEAPON +1) to stack (2008 rules).
 *
 * Erik is his own HERO card rather than a Fighter: the seed's Erik has STR +2 and COMBAT +3, the
 * 2008 Fighter card STR 4 and COMBAT +2, and only the seed's numbers give his +9.
 *
 * A card listing no bonuses (the QUEST and BLANK cards, most WORLD cards, the Rope, the Lantern, the
 * Lucky Charm) uses its Force Number instead. HEALTH on a card is the Health total it gives a
 * character. The order of the list is the order a new deck is shuffled from.
 */
const DECK_LIST: readonly DeckLine[] = [
  // Heroes: 14
  { slug: 'rogue', code: 'ROG', name: 'Rogue', type: 'HERO', force: 4, bonuses: { STR: 2, AGL: 4, PRE: 2, SPECIAL: 2 }, copies: 2 },
  { slug: 'ranger', code: 'RNG', name: 'Ranger', type: 'HERO', force: 4, bonuses: { STR: 3, AGL: 3, PRE: 1, COMBAT: 1, SPECIAL: 1 }, copies: 2 },
  { slug: 'fighter', code: 'FTR', name: 'Fighter', type: 'HERO', force: 5, bonuses: { STR: 4, AGL: 2, PRE: 1, COMBAT: 2 }, copies: 2 },
  { slug: 'cleric', code: 'CLR', name: 'Cleric', type: 'HERO', force: 5, bonuses: { STR: 2, AGL: 1, PRE: 3, COMBAT: 1, SPELLCASTING: 2 }, copies: 2 },
  { slug: 'erik', code: 'ERK', name: 'Erik the Fighter', type: 'HERO', force: 6, bonuses: { STR: 2, COMBAT: 3 }, copies: 1 },
  { slug: 'wizard', code: 'WIZ', name: 'Wizard', type: 'HERO', force: 6, bonuses: { STR: 1, AGL: 2, PRE: 4, SPELLCASTING: 3 }, copies: 2 },
  { slug: 'paladin', code: 'PAL', name: 'Paladin', type: 'HERO', force: 7, bonuses: { STR: 3, AGL: 1, PRE: 3, COMBAT: 2, SPELLCASTING: 1 }, copies: 1 },
  { slug: 'bard', code: 'BRD', name: 'Bard', type: 'HERO', force: 7, bonuses: { STR: 1, AGL: 2, PRE: 3, SPECIAL: 2 }, copies: 1 },
  { slug: 'barbarian', code: 'BRB', name: 'Barbarian', type: 'HERO', force: 8, bonuses: { STR: 5, AGL: 2, COMBAT: 3 }, copies: 1 },
  // Creatures: 16. A character's people, or the foes the Lead Player plays.
  { slug: 'human', code: 'HUM', name: 'Human', type: 'CREATURE', force: 1, bonuses: { STR: 1, AGL: 1, PRE: 1, HEALTH: 10 }, copies: 2 },
  { slug: 'dwarf', code: 'DWF', name: 'Dwarf', type: 'CREATURE', force: 2, bonuses: { STR: 3, AGL: 1, ARMOR: 1, HEALTH: 12 }, copies: 2 },
  { slug: 'halfling', code: 'HLF', name: 'Halfling', type: 'CREATURE', force: 2, bonuses: { AGL: 3, SPECIAL: 1, HEALTH: 8 }, copies: 1 },
  { slug: 'goblins', code: 'GOB', name: 'Goblins', type: 'CREATURE', force: 2, bonuses: { STR: 1, AGL: 2, HEALTH: 6 }, copies: 2 },
  { slug: 'elf', code: 'ELF', name: 'Elf', type: 'CREATURE', force: 3, bonuses: { AGL: 3, PRE: 2, SPELLCASTING: 1, HEALTH: 8 }, copies: 2 },
  { slug: 'orc', code: 'ORC', name: 'Orc', type: 'CREATURE', force: 3, bonuses: { STR: 3, AGL: 2, HEALTH: 10 }, copies: 2 },
  { slug: 'wolves', code: 'WLF', name: 'Wolves', type: 'CREATURE', force: 4, bonuses: { STR: 2, AGL: 3, COMBAT: 1, HEALTH: 8 }, copies: 1 },
  { slug: 'skeleton', code: 'SKL', name: 'Skeleton', type: 'CREATURE', force: 4, bonuses: { STR: 2, AGL: 1, COMBAT: 1, HEALTH: 6 }, copies: 1 },
  { slug: 'giant-spider', code: 'SPD', name: 'Giant Spider', type: 'CREATURE', force: 5, bonuses: { STR: 3, AGL: 4, SPECIAL: 2, HEALTH: 10 }, copies: 1 },
  { slug: 'troll', code: 'TRL', name: 'Troll', type: 'CREATURE', force: 8, bonuses: { STR: 6, AGL: 1, HEALTH: 18 }, copies: 1 },
  { slug: 'dragon', code: 'DRG', name: 'Dragon', type: 'CREATURE', force: 9, bonuses: { STR: 7, AGL: 3, PRE: 5, COMBAT: 3, SPELL: 3, HEALTH: 30 }, copies: 1 },
  // Worlds: 12. Where the characters are; most list no bonuses, so their Force is what a game Draw adds.
  { slug: 'village', code: 'VIL', name: 'Village', type: 'WORLD', force: 1, copies: 2 },
  { slug: 'crevice', code: 'CRV', name: 'Crevice', type: 'WORLD', force: 2, copies: 1 },
  { slug: 'mountain-pass', code: 'MTN', name: 'Mountain Pass', type: 'WORLD', force: 6, copies: 1 },
  { slug: 'dark-forest', code: 'FOR', name: 'Dark Forest', type: 'WORLD', force: 7, copies: 2 },
  { slug: 'castle', code: 'CST', name: 'Castle', type: 'WORLD', force: 7, bonuses: { ARMOR: 3, SPECIAL: 2 }, copies: 1 },
  { slug: 'lava-lake', code: 'LAV', name: 'Lava Lake', type: 'WORLD', force: 8, copies: 1 },
  { slug: 'swamp', code: 'SWP', name: 'Swamp', type: 'WORLD', force: 9, copies: 1 },
  { slug: 'dungeon', code: 'DNG', name: 'Dungeon', type: 'WORLD', force: 9, copies: 2 },
  { slug: 'ancient-ruins', code: 'RUI', name: 'Ancient Ruins', type: 'WORLD', force: 9, copies: 1 },
  // Items: 26. A Force is also an item's worth when bartering.
  { slug: 'dagger', code: 'DAG', name: 'Dagger', type: 'ITEM', force: 1, bonuses: { WEAPON: 1 }, copies: 2 },
  { slug: 'rope', code: 'RPE', name: 'Rope', type: 'ITEM', force: 1, copies: 2 },
  { slug: 'shield', code: 'SHD', name: 'Shield', type: 'ITEM', force: 2, bonuses: { ARMOR: 2 }, copies: 2 },
  { slug: 'staff', code: 'STF', name: 'Staff', type: 'ITEM', force: 2, bonuses: { WEAPON: 1, SPELL: 1 }, copies: 1 },
  { slug: 'lantern', code: 'LNT', name: 'Lantern', type: 'ITEM', force: 2, copies: 1 },
  { slug: 'scale-mail', code: 'SCM', name: 'Scale Mail', type: 'ITEM', force: 3, bonuses: { ARMOR: 3 }, copies: 2 },
  { slug: 'bow', code: 'BOW', name: 'Bow', type: 'ITEM', force: 3, bonuses: { WEAPON: 3 }, copies: 2 },
  { slug: 'long-sword', code: 'LSW', name: 'Long Sword', type: 'ITEM', force: 4, bonuses: { WEAPON: 4 }, copies: 2 },
  { slug: 'spellbook', code: 'SPB', name: 'Spellbook', type: 'ITEM', force: 4, bonuses: { SPELL: 3 }, copies: 2 },
  { slug: 'lockpicks', code: 'LCK', name: 'Lockpicks', type: 'ITEM', force: 5, bonuses: { SPECIAL: 2 }, copies: 1 },
  { slug: 'war-axe', code: 'AXE', name: 'War Axe', type: 'ITEM', force: 5, bonuses: { WEAPON: 5 }, copies: 1 },
  { slug: 'chain-mail', code: 'CHM', name: 'Chain Mail', type: 'ITEM', force: 5, bonuses: { ARMOR: 4 }, copies: 1 },
  { slug: 'elven-cloak', code: 'CLK', name: 'Elven Cloak', type: 'ITEM', force: 6, bonuses: { AGL: 4, SPECIAL: 1 }, copies: 1 },
  { slug: 'crossbow', code: 'XBW', name: 'Crossbow', type: 'ITEM', force: 6, bonuses: { WEAPON: 5 }, copies: 1 },
  { slug: 'plate-armor', code: 'PLT', name: 'Plate Armor', type: 'ITEM', force: 7, bonuses: { ARMOR: 6 }, copies: 1 },
  { slug: 'potion-of-heroism', code: 'POH', name: 'Potion of Heroism', type: 'ITEM', force: 7, bonuses: { ENHANCE: 2 }, copies: 1 },
  { slug: 'ring-of-power', code: 'RNP', name: 'Ring of Power', type: 'ITEM', force: 8, bonuses: { PRE: 4, SPELL: 3 }, copies: 1 },
  { slug: 'amulet-of-warding', code: 'AMW', name: 'Amulet of Warding', type: 'ITEM', force: 8, bonuses: { ARMOR: 2, SPELLCASTING: 2 }, copies: 1 },
  { slug: 'enchanted-blade', code: 'ENB', name: 'Enchanted Blade', type: 'ITEM', force: 9, bonuses: { WEAPON: 6, ENHANCE: 1 }, copies: 1 },
  // Enhancements: 14.
  { slug: 'blessing', code: 'BLS', name: 'Blessing', type: 'ENHANCEMENT', force: 1, bonuses: { ENHANCE: 1 }, copies: 2 },
  { slug: 'lucky-charm', code: 'LCH', name: 'Lucky Charm', type: 'ENHANCEMENT', force: 3, copies: 2 },
  { slug: 'stoneskin', code: 'STS', name: 'Stoneskin', type: 'ENHANCEMENT', force: 5, bonuses: { ARMOR: 3 }, copies: 1 },
  { slug: 'fire-enchantment', code: 'FEN', name: 'Fire Enchantment', type: 'ENHANCEMENT', force: 6, bonuses: { SPELL: 3 }, copies: 1 },
  { slug: 'cats-grace', code: 'CGR', name: "Cat's Grace", type: 'ENHANCEMENT', force: 6, bonuses: { AGL: 5 }, copies: 1 },
  { slug: 'owls-wisdom', code: 'OWL', name: "Owl's Wisdom", type: 'ENHANCEMENT', force: 6, bonuses: { PRE: 5 }, copies: 1 },
  { slug: 'giant-strength', code: 'GST', name: 'Giant Strength', type: 'ENHANCEMENT', force: 7, bonuses: { STR: 6 }, copies: 1 },
  { slug: 'battle-fury', code: 'BFY', name: 'Battle Fury', type: 'ENHANCEMENT', force: 8, bonuses: { COMBAT: 1, ENHANCE: 2 }, copies: 2 },
  { slug: 'heroic-aura', code: 'HRA', name: 'Heroic Aura', type: 'ENHANCEMENT', force: 8, bonuses: { ENHANCE: 3 }, copies: 1 },
  { slug: 'keen-senses', code: 'KEN', name: 'Keen Senses', type: 'ENHANCEMENT', force: 9, bonuses: { SPECIAL: 3 }, copies: 1 },
  { slug: 'arcane-mastery', code: 'ARC', name: 'Arcane Mastery', type: 'ENHANCEMENT', force: 9, bonuses: { SPELLCASTING: 3, SPELL: 2 }, copies: 1 },
  // Quests: 6. Their Force is the challenge a completed quest rewards against.
  { slug: 'rescue-the-merchant', code: 'QRM', name: 'Rescue the Merchant', type: 'QUEST', force: 3, copies: 1 },
  { slug: 'clear-the-goblin-caves', code: 'QGC', name: 'Clear the Goblin Caves', type: 'QUEST', force: 4, copies: 1 },
  { slug: 'escort-the-princess', code: 'QEP', name: 'Escort the Princess', type: 'QUEST', force: 5, copies: 1 },
  { slug: 'recover-the-lost-crown', code: 'QLC', name: 'Recover the Lost Crown', type: 'QUEST', force: 6, copies: 1 },
  { slug: 'slay-the-troll', code: 'QST', name: 'Slay the Troll', type: 'QUEST', force: 8, copies: 1 },
  { slug: 'slay-the-dragon', code: 'QSD', name: 'Slay the Dragon', type: 'QUEST', force: 9, copies: 1 },
  // Mentors: 4.
  { slug: 'old-sage', code: 'MSG', name: 'Old Sage', type: 'MENTOR', force: 5, bonuses: { SPELLCASTING: 2 }, copies: 1 },
  { slug: 'master-thief', code: 'MTH', name: 'Master Thief', type: 'MENTOR', force: 5, bonuses: { SPECIAL: 2 }, copies: 1 },
  { slug: 'wise-hermit', code: 'MWH', name: 'Wise Hermit', type: 'MENTOR', force: 7, bonuses: { PRE: 2, SPELLCASTING: 1 }, copies: 1 },
  { slug: 'weapons-master', code: 'MWM', name: 'Weapons Master', type: 'MENTOR', force: 9, bonuses: { COMBAT: 3 }, copies: 1 },
  // Support: 4. Placed under a WORLD card; they go to the Lead Player's hand when the characters arrive.
  { slug: 'innkeeper', code: 'INN', name: 'Innkeeper', type: 'SUPPORT', force: 1, copies: 1 },
  { slug: 'travelling-merchant', code: 'MER', name: 'Travelling Merchant', type: 'SUPPORT', force: 2, copies: 1 },
  { slug: 'town-guard', code: 'GRD', name: 'Town Guard', type: 'SUPPORT', force: 7, bonuses: { STR: 2, AGL: 2, COMBAT: 1 }, copies: 1 },
  { slug: 'healer', code: 'HEA', name: 'Healer', type: 'SUPPORT', force: 8, copies: 1 },
  // Blanks: 4. Only a Force Number, to draw.
  { slug: 'force-6', code: 'B6', name: 'Blank 6', type: 'BLANK', force: 6, copies: 1 },
  { slug: 'force-7', code: 'B7', name: 'Blank 7', type: 'BLANK', force: 7, copies: 1 },
  { slug: 'force-8', code: 'B8', name: 'Blank 8', type: 'BLANK', force: 8, copies: 1 },
  { slug: 'force-9', code: 'B9', name: 'Blank 9', type: 'BLANK', force: 9, copies: 1 },
];

const cardsOfLine = ({ slug, code, name, type, force, bonuses, copies }: DeckLine): CardDefinition[] =>
  Array.from({ length: copies }, (_, copy) =>
    Object.freeze<CardDefinition>({
      id: `${type.toLowerCase()}-${slug}-${copy + 1}`,
      code,
      name,
      type,
      attributes: Object.freeze({ [FORCE_ATTRIBUTE]: force, ...bonuses }),
    }),
  );

/** The 100 cards of the starter Adventure Deck, frozen, in the order a new deck is shuffled from. */
export const ENCHANTED_REALMS_STARTER: readonly CardDefinition[] = Object.freeze(DECK_LIST.flatMap(cardsOfLine));

/** The starter deck as a preset a campaign can start from. */
export const ENCHANTED_REALMS_STARTER_PRESET: CardPreset = {
  id: 'enchanted-realms-starter',
  name: 'Enchanted Realms starter Adventure Deck',
  description:
    '100 cards with Force Numbers 1–9: heroes, creatures, worlds, items, enhancements, quests, mentors, ' +
    'support and blank cards, including the cards of the rules’ worked examples.',
  cards: ENCHANTED_REALMS_STARTER,
};
