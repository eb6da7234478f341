/**
 * Characters (ytterdorren.md, Characters): creating a sheet, Vita lost and regained, items,
 * the equipped weapon and trades, with what a running skirmish forbids (seed 001 lines 9–13).
 */
import { rule } from '../kernel/outcome.js';
import { isIntegerIn, refuse, runningSkirmishOf, sheetOf, type YtterdorrenPlay, type YtterdorrenSheet } from './state.js';

/** The limits of a sheet's numbers. */
export const SHEET_LIMITS = {
  vita: [1, 100],
  defense: [0, 200],
  might: [-100, 100],
} as const satisfies Record<string, readonly [number, number]>;

/** Longest item name, and most items one character carries. */
export const MAX_ITEM_NAME = 100;
export const MAX_ITEMS = 100;
/** Most coins or Vita one request moves. */
export const MAX_AMOUNT = 100_000;

export const CHARACTER_EVENTS = {
  created: 'ytterdorren.character.created',
  damaged: 'ytterdorren.character.damaged',
  healed: 'ytterdorren.character.healed',
  itemGained: 'ytterdorren.item.gained',
  itemUsed: 'ytterdorren.item.used',
  weaponEquipped: 'ytterdorren.weapon.equipped',
  traded: 'ytterdorren.trade.made',
} as const;

export interface CreateCharacterInput {
  /** Made by the service, not the caller (the character row's id). */
  characterId: string;
  vita: number;
  defense: number;
  might: number;
}

/**
 * ytterdorren.md, Characters: a new sheet at full Vita, with no coins, lore or items and no
 * weapon equipped. The name and the member who plays it are the character row's, not the sheet's.
 */
export const createCharacter = rule(CHARACTER_EVENTS.created, (play: YtterdorrenPlay, input: CreateCharacterInput) => {
  if (Object.hasOwn(play.state.characters, input.characterId)) refuse('CHARACTER_EXISTS', `a character '${input.characterId}' already exists`);
  for (const field of ['vita', 'defense', 'might'] as const) {
    const [min, max] = SHEET_LIMITS[field];
    if (!isIntegerIn(input[field], min, max)) refuse('INVALID_SHEET', `${field} must be a whole number from ${min} to ${max}`);
  }
  const sheet: YtterdorrenSheet = {
    vita: input.vita,
    maxVita: input.vita,
    defense: input.defense,
    might: input.might,
    coins: 0,
    lore: 0,
    items: [],
    equippedWeapon: null,
  };
  play.state.characters[input.characterId] = sheet;
  return { sheet };
});

function assertAmount(amount: unknown, what: string): asserts amount is number {
  if (!isIntegerIn(amount, 1, MAX_AMOUNT)) refuse('INVALID_AMOUNT', `${what} must be a whole number from 1 to ${MAX_AMOUNT}`);
}

/**
 * Vita lost outside a skirmish round, e.g. to the power a foe used in an encounter (ytterdorren.md,
 * Encounters: the power's effect is on the card; the GM applies it). Vita never goes below 0.
 */
export const damageCharacter = rule(CHARACTER_EVENTS.damaged, (play: YtterdorrenPlay, input: { characterId: string; amount: number }) => {
  const sheet = sheetOf(play, input.characterId);
  assertAmount(input.amount, 'the damage');
  const vitaBefore = sheet.vita;
  sheet.vita = Math.max(0, sheet.vita - input.amount);
  return { vitaBefore, vita: sheet.vita, defeated: sheet.vita === 0 };
});

/**
 * Vita regained outside the rules' own steps (rest, a healer of the story): never above the
 * character's maximum (ytterdorren.md, Characters: Vita is current of max).
 */
export const healCharacter = rule(CHARACTER_EVENTS.healed, (play: YtterdorrenPlay, input: { characterId: string; amount: number }) => {
  const sheet = sheetOf(play, input.characterId);
  assertAmount(input.amount, 'the healing');
  const vitaBefore = sheet.vita;
  sheet.vita = Math.min(sheet.maxVita, sheet.vita + input.amount);
  return { vitaBefore, vita: sheet.vita };
});

function assertItemName(item: unknown): asserts item is string {
  if (typeof item !== 'string' || item.trim() === '' || item.length > MAX_ITEM_NAME) {
    refuse('INVALID_ITEM', `an item needs a name of 1 to ${MAX_ITEM_NAME} characters`);
  }
}

/** Adds one item to a character's items (a find, a purchase, a gift of the story). */
export function addItem(sheet: YtterdorrenSheet, item: string): void {
  if (sheet.items.length >= MAX_ITEMS) refuse('INVALID_ITEM', `a character carries at most ${MAX_ITEMS} items`);
  sheet.items.push(item);
}

/** An item the story gives a character (ytterdorren.md, Characters: items; Skirmish 8 finds them). */
export const gainItem = rule(CHARACTER_EVENTS.itemGained, (play: YtterdorrenPlay, input: { characterId: string; item: string }) => {
  const sheet = sheetOf(play, input.characterId);
  assertItemName(input.item);
  addItem(sheet, input.item);
  return { items: sheet.items };
});

/**
 * Takes one copy of each named item out of `sheet.items`. The equipped weapon cannot go while it is
 * the last copy: unequip it first.
 */
function removeItems(sheet: YtterdorrenSheet, items: readonly string[]): void {
  for (const item of items) {
    const index = sheet.items.indexOf(item);
    if (index === -1) refuse('UNKNOWN_ITEM', `the character has no '${item}'`);
    sheet.items.splice(index, 1);
    if (sheet.equippedWeapon === item && !sheet.items.includes(item)) refuse('ITEM_EQUIPPED', `'${item}' is the equipped weapon: unequip it first`);
  }
}

/** A character a running skirmish has defeated takes no more turns (ytterdorren.md, Skirmish 4). */
function assertMayAct(play: YtterdorrenPlay, characterId: string): void {
  const skirmish = runningSkirmishOf(play.state, characterId);
  if (skirmish?.defeatedCharacterIds.includes(characterId)) {
    refuse('CHARACTER_DEFEATED', 'a character defeated in a skirmish takes no more turns until it ends');
  }
}

export interface UseItemInput {
  characterId: string;
  item: string;
  /** Whether the item is used up (the item's card says; true by default). */
  consumed?: boolean;
  /** Vita the item gives back, never above the maximum (the item's card says; 0 by default). */
  vitaGained?: number;
}

/**
 * Uses an item. Allowed during a skirmish (seed 001 line 9: "Characters may use Items during their
 * turn"), except by a character the skirmish has defeated. **Decision**: what an item does is on
 * its card, outside the server; the server removes a used-up item and adds the Vita it gives.
 */
export const useItem = rule(CHARACTER_EVENTS.itemUsed, (play: YtterdorrenPlay, input: UseItemInput) => {
  const sheet = sheetOf(play, input.characterId);
  assertItemName(input.item);
  if (!sheet.items.includes(input.item)) refuse('UNKNOWN_ITEM', `the character has no '${input.item}'`);
  assertMayAct(play, input.characterId);
  const consumed = input.consumed ?? true;
  const vitaGained = input.vitaGained ?? 0;
  if (!isIntegerIn(vitaGained, 0, MAX_AMOUNT)) refuse('INVALID_AMOUNT', `the Vita an item gives must be a whole number from 0 to ${MAX_AMOUNT}`);
  if (consumed) removeItems(sheet, [input.item]);
  const vitaBefore = sheet.vita;
  sheet.vita = Math.min(sheet.maxVita, sheet.vita + vitaGained);
  return { consumed, vitaBefore, vita: sheet.vita, items: sheet.items };
});

/**
 * Equips one of the character's items as its weapon, or none (`null`). Refused while a skirmish
 * of the character runs (seed 001 line 13: "Characters cannot change equipped weapon during a
 * skirmish").
 */
export const equipWeapon = rule(CHARACTER_EVENTS.weaponEquipped, (play: YtterdorrenPlay, input: { characterId: string; weapon: string | null }) => {
  const sheet = sheetOf(play, input.characterId);
  if (input.weapon !== null) {
    assertItemName(input.weapon);
    if (!sheet.items.includes(input.weapon)) refuse('NOT_A_WEAPON_HELD', `the character holds no '${input.weapon}' to equip`);
  }
  if (runningSkirmishOf(play.state, input.characterId)) {
    refuse('WEAPON_LOCKED_IN_SKIRMISH', 'a character cannot change the equipped weapon during a skirmish');
  }
  const previous = sheet.equippedWeapon;
  sheet.equippedWeapon = input.weapon;
  return { previous, equippedWeapon: sheet.equippedWeapon };
});

export interface TradeInput {
  fromCharacterId: string;
  toCharacterId: string;
  /** Items given, one entry per item. */
  items?: string[];
  coins?: number;
}

/**
 * One character gives items and coins to another. Refused while either of them is in a running
 * skirmish (seed 001 line 13: nor "trade with another character"). **Decision**: a trade is a gift
 * from one character; an exchange is two trades.
 */
export const trade = rule(CHARACTER_EVENTS.traded, (play: YtterdorrenPlay, input: TradeInput) => {
  const giver = sheetOf(play, input.fromCharacterId);
  const receiver = sheetOf(play, input.toCharacterId);
  if (input.fromCharacterId === input.toCharacterId) refuse('INVALID_TRADE', 'a character cannot trade with itself');
  const items = input.items ?? [];
  const coins = input.coins ?? 0;
  if (!Array.isArray(items)) refuse('INVALID_TRADE', 'items must be a list of item names');
  items.forEach(assertItemName);
  if (!isIntegerIn(coins, 0, MAX_AMOUNT)) refuse('INVALID_AMOUNT', `coins must be a whole number from 0 to ${MAX_AMOUNT}`);
  if (items.length === 0 && coins === 0) refuse('INVALID_TRADE', 'a trade gives at least one item or coin');
  for (const id of [input.fromCharacterId, input.toCharacterId]) {
    if (runningSkirmishOf(play.state, id)) refuse('NO_TRADING_IN_SKIRMISH', `character '${id}' is in a skirmish: no trading until it ends`);
  }
  if (coins > giver.coins) refuse('NOT_ENOUGH_COINS', `the character has ${giver.coins} coins, not ${coins}`);
  removeItems(giver, items);
  for (const item of items) addItem(receiver, item);
  giver.coins -= coins;
  receiver.coins += coins;
  return { items, coins };
});
