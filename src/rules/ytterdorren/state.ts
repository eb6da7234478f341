/**
 * What a Ytterdörren rule sees (ytterdorren.md), and the helpers every rule of the ruleset shares:
 * looking characters and encounters up, and refusing with one of the ruleset's reasons.
 */
import { refuse as refuseRule, type Play } from '../kernel/outcome.js';
import type { CreatureCard, Reward } from './creatures.js';

/** ytterdorren.md, Characters: Vita (current/max), Defense, Might bonus, items, equipped weapon, coins, lore. */
export interface YtterdorrenSheet {
  vita: number;
  maxVita: number;
  defense: number;
  /** Added to the character's d100 attack rolls (ytterdorren.md, Skirmish 5). */
  might: number;
  coins: number;
  lore: number;
  /** Item names, one entry per item held (two potions are two entries). */
  items: string[];
  /** One of `items`, or null. **Decision**: the equipped weapon stays listed among the items. */
  equippedWeapon: string | null;
}

/** The campaign-wide part of the ruleset's state. */
export interface YtterdorrenCampaign {
  /** The creature cards the campaign plays with (the example set unless it loaded its own). */
  creatures: CreatureCard[];
}

/** ytterdorren.md, Skirmish 3: each round every character chooses. */
export type Stance = 'ATTACK' | 'DEFEND';

export type SkirmishStatus = 'ONGOING' | 'VICTORY' | 'DEFEAT';

/**
 * One creature of a skirmish: the skirmish side of its card as it was when the skirmish started,
 * so that loading new cards does not change a fight under way. A creature listed twice is here
 * twice.
 */
export interface SkirmishCreature {
  creatureId: string;
  name: string;
  defense: number;
  attackModifier: number;
  damage: number;
  reward: Reward;
}

/** ytterdorren.md, Skirmish 1: one creature's strength roll. */
export interface StrengthRoll {
  creatureId: string;
  /** The card's strength dice for the number of players, normalized (`2d6+2`). */
  expression: string;
  /** Every die in roll order. */
  dice: number[];
  total: number;
}

/** What a character chose for the round under way (ytterdorren.md, Skirmish 3). */
export interface StanceChoice {
  stance: Stance;
  /** The creature whose Defense the character's attack roll must meet. */
  targetCreatureId: string;
}

/** One character's spoils after a victory (ytterdorren.md, Skirmish 8). */
export interface CharacterLoot {
  characterId: string;
  /** The sum of the rewards. */
  coins: number;
  lore: number;
  /** The reward of each unique creature's card. */
  rewards: Array<{ creatureId: string; coins: number; lore: number; text: string }>;
  /** One d10 per unique creature: a 10 finds an item. */
  searches: Array<{ creatureId: string; d10: number; found: boolean }>;
  /** The names of the items added to the character's items. */
  itemsFound: string[];
}

/** A skirmish (ytterdorren.md, Skirmish): quick abstract combat around a Skirmish Counter. */
export interface Skirmish {
  id: string;
  kind: 'ytterdorren.skirmish';
  status: SkirmishStatus;
  /** The round being played, from 1; after the end, the last round played. */
  round: number;
  /** In the order they act. Their number is the number of players. */
  characterIds: string[];
  creatures: SkirmishCreature[];
  strength: StrengthRoll[];
  startingCounter: number;
  counter: number;
  /** The choices made for the round under way, by character id; emptied when it is resolved. */
  stances: Record<string, StanceChoice>;
  /** Characters brought to 0 Vita in this skirmish: they take no more turns (ytterdorren.md, Skirmish 4). */
  defeatedCharacterIds: string[];
  /** The spoils, once the skirmish is won. */
  loot: CharacterLoot[] | null;
}

export type EncounterStatus = 'ONGOING' | 'VICTORY' | 'ENDED';

export type CombatType = 'MELEE' | 'RANGED';

/** A foe of an encounter: the encounter side of its card, scaled to the players and difficulty. */
export interface Foe {
  id: string;
  creatureId: string;
  name: string;
  difficulty: string;
  vita: number;
  maxVita: number;
  might: number;
  combatType: CombatType;
  defense: number;
  stride: number;
  /** Given to each player character when the foe is defeated. */
  awards: { lore: number; coins: number };
  specialPower: string;
  /** The power table, indexed 0–9 by the white die. */
  powers: string[];
  type: string;
  status: 'ACTIVE' | 'DEFEATED';
}

/** An encounter (ytterdorren.md, Encounters): the map stays with the client, the numbers are ours. */
export interface FoeEncounter {
  id: string;
  kind: 'ytterdorren.encounter';
  status: EncounterStatus;
  characterIds: string[];
  foes: Foe[];
}

export type YtterdorrenEncounter = Skirmish | FoeEncounter;

/**
 * Everything a Ytterdörren rule may read or change, by where it is stored:
 * - `characters`: each character's sheet, stored on its character row (`Character.ytterdorren`);
 * - `campaign`: stored in `campaigns.ruleset_state` (the loaded creature cards);
 * - `encounters`: one encounter row each, by id: kind (`ytterdorren.skirmish` or
 *   `ytterdorren.encounter`), status, round, and the rest as its state. The platform loads every
 *   ONGOING one of the campaign (a weapon change is refused while any skirmish of the character
 *   runs) and the one an input names.
 *
 * **Decision**: the ruleset plays no cards, so its state has no deck piles.
 */
export interface YtterdorrenState {
  characters: Record<string, YtterdorrenSheet>;
  campaign: YtterdorrenCampaign;
  encounters: Record<string, YtterdorrenEncounter>;
}

/** Every reason a Ytterdörren rule refuses with. */
export type YtterdorrenViolationReason =
  | 'INVALID_CREATURE_CARDS'
  | 'INVALID_SHEET'
  | 'CHARACTER_EXISTS'
  | 'UNKNOWN_CHARACTER'
  | 'CHARACTER_DEFEATED'
  | 'INVALID_AMOUNT'
  | 'INVALID_ITEM'
  | 'UNKNOWN_ITEM'
  | 'ITEM_EQUIPPED'
  | 'NOT_A_WEAPON_HELD'
  | 'NOT_ENOUGH_COINS'
  | 'INVALID_TRADE'
  | 'WEAPON_LOCKED_IN_SKIRMISH'
  | 'NO_TRADING_IN_SKIRMISH'
  | 'ENCOUNTER_EXISTS'
  | 'INVALID_PARTICIPANTS'
  | 'ALREADY_IN_SKIRMISH'
  | 'UNKNOWN_CREATURE'
  | 'NO_STRENGTH_FOR_PLAYERS'
  | 'NO_VITA_FOR_PLAYERS'
  | 'UNKNOWN_DIFFICULTY'
  | 'UNKNOWN_SKIRMISH'
  | 'SKIRMISH_OVER'
  | 'NOT_IN_SKIRMISH'
  | 'TARGET_NEEDED'
  | 'UNKNOWN_TARGET'
  | 'STANCE_MISSING'
  | 'INVALID_STANCE'
  | 'UNKNOWN_ENCOUNTER'
  | 'ENCOUNTER_OVER'
  | 'NOT_IN_ENCOUNTER'
  | 'UNKNOWN_FOE'
  | 'FOE_DEFEATED';

/** Stops a rule with one of the ruleset's reasons; nothing it changed is kept. */
export function refuse(reason: YtterdorrenViolationReason, message: string): never {
  return refuseRule(reason, message);
}

export type YtterdorrenPlay = Play<YtterdorrenState>;

/** Most characters in a skirmish or encounter: cards give values for 1 to 6 players. */
export const MAX_PLAYERS = 6;

/** The player counts a creature card gives values for (ytterdorren.md, Creature cards). */
export const PLAYER_COUNTS = ['1', '2', '3', '4', '5', '6'] as const;
export type PlayerCount = (typeof PLAYER_COUNTS)[number];

/** The sheet of a character of the campaign. */
export function sheetOf(play: YtterdorrenPlay, characterId: string): YtterdorrenSheet {
  const sheet = play.state.characters[characterId];
  if (!sheet) refuse('UNKNOWN_CHARACTER', `there is no character '${characterId}' in this campaign`);
  return sheet;
}

/** The skirmish with that id, whatever its status. */
export function skirmishOf(play: YtterdorrenPlay, skirmishId: string): Skirmish {
  const found = play.state.encounters[skirmishId];
  if (!found || found.kind !== 'ytterdorren.skirmish') refuse('UNKNOWN_SKIRMISH', `there is no skirmish '${skirmishId}' in this campaign`);
  return found;
}

/** The encounter with that id, whatever its status. */
export function encounterOf(play: YtterdorrenPlay, encounterId: string): FoeEncounter {
  const found = play.state.encounters[encounterId];
  if (!found || found.kind !== 'ytterdorren.encounter') refuse('UNKNOWN_ENCOUNTER', `there is no encounter '${encounterId}' in this campaign`);
  return found;
}

/** The ongoing skirmish the character fights in, if any. */
export function runningSkirmishOf(state: YtterdorrenState, characterId: string): Skirmish | undefined {
  return Object.values(state.encounters).find(
    (encounter): encounter is Skirmish =>
      encounter.kind === 'ytterdorren.skirmish' && encounter.status === 'ONGOING' && encounter.characterIds.includes(characterId),
  );
}

/** Refuses when a new encounter or skirmish would take an id that is already used. */
export function assertNewEncounterId(play: YtterdorrenPlay, id: string): void {
  if (typeof id !== 'string' || id === '') refuse('ENCOUNTER_EXISTS', 'a new skirmish or encounter needs an id');
  if (Object.hasOwn(play.state.encounters, id)) refuse('ENCOUNTER_EXISTS', `a skirmish or encounter '${id}' already exists`);
}

/**
 * Checks the characters who take part in a skirmish or an encounter: 1 to 6, each once, each of
 * the campaign and with Vita left.
 */
export function assertParticipants(play: YtterdorrenPlay, characterIds: readonly string[]): void {
  if (!Array.isArray(characterIds) || characterIds.length < 1 || characterIds.length > MAX_PLAYERS) {
    refuse('INVALID_PARTICIPANTS', `name 1 to ${MAX_PLAYERS} characters`);
  }
  if (new Set(characterIds).size !== characterIds.length) refuse('INVALID_PARTICIPANTS', 'a character is listed twice');
  for (const id of characterIds) {
    if (sheetOf(play, id).vita === 0) refuse('CHARACTER_DEFEATED', `character '${id}' has no Vita left`);
  }
}

/** An integer in [min, max], for the checks of inputs and data. */
export const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
