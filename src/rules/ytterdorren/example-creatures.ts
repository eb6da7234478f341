/**
 * The documented example creature cards the server ships (ytterdorren.md, Creature cards: "the
 * server ships a few documented examples"): the preset `ytterdorren-example`, which a campaign
 * plays with unless it loads its own cards. The numbers are ours, chosen to show each rule.
 */
import type { CreatureCard } from './creatures.js';

/** The id a campaign's settings name the example set by. */
export const EXAMPLE_PRESET_ID = 'ytterdorren-example';

/** Fights in packs: weak alone, its strength grows fast with the number of players. */
const GRAVE_WOLF: CreatureCard = {
  id: 'grave-wolf',
  name: 'Grave Wolf',
  skirmish: {
    // The spec's own example table for 1–4 players, carried on to 5 and 6.
    strength: { 1: '1d6', 2: '2d6', 3: '2d6+2', 4: '3d6', 5: '3d6+2', 6: '4d6' },
    defense: 40,
    attackModifier: 0,
    reward: { coins: 2, lore: 1, text: 'A wolf pelt, worth 2 coins at any trading post.' },
  },
  encounter: {
    vita: { 1: 5, 2: 7, 3: 9, 4: 11, 5: 13, 6: 15 },
    might: { EASY: 0, NORMAL: 5, HARD: 10 },
    combatType: 'MELEE',
    defense: 40,
    stride: 6,
    awards: { lore: 1, coins: 2 },
    specialPower: 'Pack hunter: +10 to its attack roll while another wolf stands next to its target.',
    powers: ['Snap', 'Snap', 'Snap', 'Bite', 'Bite', 'Bite', 'Lunge', 'Lunge', 'Hamstring', 'Howl: every wolf moves 2'],
    type: 'Beast',
  },
};

/** A slow, hard-hitting undead: a high Defense and 2 damage a hit in skirmishes. */
const BARROW_DRAUGR: CreatureCard = {
  id: 'barrow-draugr',
  name: 'Barrow Draugr',
  skirmish: {
    strength: { 1: '1d4+1', 2: '1d6+2', 3: '2d4+2', 4: '2d6+2', 5: '2d6+4', 6: '3d6+3' },
    defense: 60,
    attackModifier: 5,
    damage: 2,
    reward: { coins: 5, lore: 2, text: 'Grave goods: a tarnished silver ring.' },
  },
  encounter: {
    vita: { 1: 10, 2: 14, 3: 18, 4: 22, 5: 26, 6: 30 },
    might: { EASY: 5, NORMAL: 10, HARD: 15 },
    combatType: 'MELEE',
    defense: 55,
    stride: 3,
    awards: { lore: 2, coins: 4 },
    specialPower: 'Deathless: the first time its Vita reaches 0, it stands again with 3 Vita.',
    powers: ['Grasp', 'Grasp', 'Slam', 'Slam', 'Slam', 'Rusted blade', 'Rusted blade', 'Rusted blade', 'Grave chill', 'Barrow wight: summon a skeleton'],
    type: 'Undead',
  },
};

/** A ranged affliction: a low Defense but a sharp attack modifier. */
const MIRE_WISP: CreatureCard = {
  id: 'mire-wisp',
  name: 'Mire Wisp',
  skirmish: {
    strength: { 1: '1d4', 2: '1d6', 3: '1d8', 4: '2d4', 5: '2d6', 6: '2d8' },
    defense: 30,
    attackModifier: 10,
    reward: { coins: 0, lore: 3, text: 'Swamp lore: you know the safe paths of the mire.' },
  },
  encounter: {
    vita: { 1: 3, 2: 4, 3: 5, 4: 6, 5: 7, 6: 8 },
    might: { EASY: 5, NORMAL: 10, HARD: 20 },
    combatType: 'RANGED',
    defense: 35,
    stride: 8,
    awards: { lore: 3, coins: 0 },
    specialPower: 'Will-o’-the-wisp: after it attacks, it moves up to 4 without provoking.',
    powers: ['Flicker', 'Flicker', 'Flicker', 'Flicker', 'Marsh light', 'Marsh light', 'Marsh light', 'Lure', 'Lure', 'Drown: the target loses 1 Vita more'],
    type: 'Affliction',
  },
};

/** Only for parties of 3 or more: shows a card that leaves player counts out. */
const TROLL_OF_THE_FELLS: CreatureCard = {
  id: 'fell-troll',
  name: 'Troll of the Fells',
  skirmish: {
    strength: { 3: '3d6', 4: '4d6', 5: '5d6', 6: '6d6' },
    defense: 50,
    attackModifier: 15,
    damage: 3,
    reward: { coins: 12, lore: 4, text: 'The troll’s hoard: a chest of old coins.' },
  },
  encounter: {
    vita: { 3: 30, 4: 38, 5: 46, 6: 54 },
    might: { NORMAL: 15, HARD: 25 },
    combatType: 'MELEE',
    defense: 50,
    stride: 4,
    awards: { lore: 4, coins: 10 },
    specialPower: 'Turns to stone in daylight: it cannot act on the first round of a day.',
    powers: ['Swipe', 'Swipe', 'Swipe', 'Stomp', 'Stomp', 'Stomp', 'Boulder', 'Boulder', 'Grab and throw', 'Rage: attacks twice'],
    type: 'Giant',
  },
};

/** The preset `ytterdorren-example`, in the order a campaign lists them. */
export const EXAMPLE_CREATURES: readonly CreatureCard[] = [GRAVE_WOLF, BARROW_DRAUGR, MIRE_WISP, TROLL_OF_THE_FELLS];
