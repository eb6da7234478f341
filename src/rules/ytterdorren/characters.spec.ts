import { createCharacter, damageCharacter, equipWeapon, gainItem, healCharacter, trade, useItem } from './characters.js';
import type { YtterdorrenSheet } from './state.js';
import { accepted, refused, run, sheet, skirmishWith, tableWith } from './testing.js';

describe('createCharacter (ytterdorren.md, Characters)', () => {
  it('starts at full Vita, with nothing else', () => {
    const outcome = accepted(run(createCharacter, tableWith({ characters: {} }), { characterId: 'ana', vita: 12, defense: 45, might: 10 }));
    const expected: YtterdorrenSheet = { vita: 12, maxVita: 12, defense: 45, might: 10, coins: 0, lore: 0, items: [], equippedWeapon: null };
    expect(outcome.state.characters.ana).toEqual(expected);
    expect(outcome.events).toEqual([{ type: 'ytterdorren.character.created', payload: { characterId: 'ana', vita: 12, defense: 45, might: 10, sheet: expected } }]);
  });

  it.each<[string, object, string, string]>([
    ['an existing id', { characterId: 'ana' }, 'CHARACTER_EXISTS', "a character 'ana' already exists"],
    ['no Vita', { vita: 0 }, 'INVALID_SHEET', 'vita must be a whole number from 1 to 100'],
    ['a fractional Defense', { defense: 40.5 }, 'INVALID_SHEET', 'defense must be a whole number from 0 to 200'],
    ['a Might of −101', { might: -101 }, 'INVALID_SHEET', 'might must be a whole number from -100 to 100'],
  ])('refuses %s', (_, change, reason, message) => {
    const input = { characterId: 'cy', vita: 10, defense: 50, might: 0, ...change };
    expect(refused(run(createCharacter, tableWith(), input))).toEqual({ reason, message });
  });
});

describe('damageCharacter and healCharacter: Vita stays within 0 and the maximum', () => {
  it.each<[number, number, number, boolean]>([
    [10, 3, 7, false],
    [3, 3, 0, true],
    [2, 5, 0, true],
  ])('Vita %i, %i damage → %i (defeated %p)', (vita, amount, after, defeated) => {
    const outcome = accepted(run(damageCharacter, tableWith({ characters: { ana: sheet({ vita }) } }), { characterId: 'ana', amount }));
    expect(outcome.result).toEqual({ vitaBefore: vita, vita: after, defeated });
    expect(outcome.state.characters.ana.vita).toBe(after);
  });

  it.each<[number, number, number]>([
    [4, 3, 7],
    [8, 5, 10],
    [0, 2, 2],
  ])('Vita %i of 10, healed %i → %i', (vita, amount, after) => {
    const outcome = accepted(run(healCharacter, tableWith({ characters: { ana: sheet({ vita }) } }), { characterId: 'ana', amount }));
    expect(outcome.result).toEqual({ vitaBefore: vita, vita: after });
  });

  it.each<[number, string]>([
    [0, 'the damage must be a whole number from 1 to 100000'],
    [1.5, 'the damage must be a whole number from 1 to 100000'],
  ])('refuses damage %p', (amount, message) => {
    expect(refused(run(damageCharacter, tableWith(), { characterId: 'ana', amount }))).toEqual({ reason: 'INVALID_AMOUNT', message });
  });

  it('refuses an unknown character', () => {
    expect(refused(run(healCharacter, tableWith(), { characterId: 'zed', amount: 1 }))).toEqual({
      reason: 'UNKNOWN_CHARACTER',
      message: "there is no character 'zed' in this campaign",
    });
  });
});

describe('items', () => {
  const withItems = (items: string[], extra: Partial<YtterdorrenSheet> = {}) => tableWith({ characters: { ana: sheet({ items, ...extra }), bo: sheet() } });

  it('useItem takes one of two potions', () => {
    expect(accepted(run(useItem, withItems(['Potion', 'Potion']), { characterId: 'ana', item: 'Potion' })).state.characters.ana.items).toEqual(['Potion']);
  });

  it('gainItem adds one entry', () => {
    expect(accepted(run(gainItem, withItems(['Potion']), { characterId: 'ana', item: 'Potion' })).state.characters.ana.items).toEqual(['Potion', 'Potion']);
  });

  it.each<[string, string]>([
    ['', 'an item needs a name of 1 to 100 characters'],
    ['x'.repeat(101), 'an item needs a name of 1 to 100 characters'],
  ])('gainItem refuses the name %p', (item, message) => {
    expect(refused(run(gainItem, withItems([]), { characterId: 'ana', item }))).toEqual({ reason: 'INVALID_ITEM', message });
  });

  it.each<[string, Partial<Parameters<typeof useItem>[1]>, string[], number]>([
    ['a potion is used up', {}, ['Rope'], 4],
    ['a healing potion gives Vita, never above the maximum', { vitaGained: 8 }, ['Rope'], 10],
    ['a rope is kept', { item: 'Rope', consumed: false }, ['Potion', 'Rope'], 4],
  ])('useItem: %s', (_, change, items, vita) => {
    const outcome = accepted(run(useItem, withItems(['Potion', 'Rope'], { vita: 4 }), { characterId: 'ana', item: 'Potion', ...change }));
    expect(outcome.state.characters.ana).toMatchObject({ items, vita });
  });

  it('useItem is allowed during a skirmish (seed 001 line 9)', () => {
    const table = tableWith({ characters: { ana: sheet({ items: ['Potion'], vita: 2 }), bo: sheet() }, encounters: [skirmishWith()] });
    expect(accepted(run(useItem, table, { characterId: 'ana', item: 'Potion', vitaGained: 3 })).state.characters.ana.vita).toBe(5);
  });

  it.each<[string, Partial<YtterdorrenSheet>, object, string, string]>([
    ['an item the character lacks', {}, { item: 'Sword' }, 'UNKNOWN_ITEM', "the character has no 'Sword'"],
    ['the equipped weapon, used up', { items: ['Sword'], equippedWeapon: 'Sword' }, { item: 'Sword' }, 'ITEM_EQUIPPED', "'Sword' is the equipped weapon: unequip it first"],
    ['negative Vita', { items: ['Potion'] }, { item: 'Potion', vitaGained: -2 }, 'INVALID_AMOUNT', 'the Vita an item gives must be a whole number from 0 to 100000'],
  ])('useItem refuses %s', (_, extra, change, reason, message) => {
    expect(refused(run(useItem, withItems([], extra), { characterId: 'ana', item: 'Potion', ...change }))).toEqual({ reason, message });
  });

  it('useItem refuses a character the running skirmish defeated: it takes no more turns', () => {
    const table = tableWith({ characters: { ana: sheet({ items: ['Potion'], vita: 0 }), bo: sheet() }, encounters: [skirmishWith({ defeatedCharacterIds: ['ana'] })] });
    expect(refused(run(useItem, table, { characterId: 'ana', item: 'Potion', vitaGained: 3 }))).toEqual({
      reason: 'CHARACTER_DEFEATED',
      message: 'a character defeated in a skirmish takes no more turns until it ends',
    });
  });

  it('a second copy of the equipped weapon may be used up', () => {
    const outcome = accepted(run(useItem, withItems(['Dagger', 'Dagger'], { equippedWeapon: 'Dagger' }), { characterId: 'ana', item: 'Dagger' }));
    expect(outcome.state.characters.ana).toMatchObject({ items: ['Dagger'], equippedWeapon: 'Dagger' });
  });
});

describe('equipWeapon: never during a skirmish (seed 001 line 13)', () => {
  it.each<[string | null, string | null]>([
    ['Axe', 'Axe'],
    [null, null],
  ])('equips %p', (weapon, equipped) => {
    const table = tableWith({ characters: { ana: sheet({ items: ['Axe', 'Sword'], equippedWeapon: 'Sword' }) } });
    const outcome = accepted(run(equipWeapon, table, { characterId: 'ana', weapon }));
    expect(outcome.result).toEqual({ previous: 'Sword', equippedWeapon: equipped });
    expect(outcome.state.characters.ana.items).toEqual(['Axe', 'Sword']);
  });

  it.each<[string, object[], string | null, string, string]>([
    ['during a skirmish', [skirmishWith()], 'Axe', 'WEAPON_LOCKED_IN_SKIRMISH', 'a character cannot change the equipped weapon during a skirmish'],
    ['unequipping during a skirmish', [skirmishWith()], null, 'WEAPON_LOCKED_IN_SKIRMISH', 'a character cannot change the equipped weapon during a skirmish'],
    ['a weapon not held', [], 'Bow', 'NOT_A_WEAPON_HELD', "the character holds no 'Bow' to equip"],
  ])('refuses %s', (_, encounters, weapon, reason, message) => {
    const table = tableWith({ characters: { ana: sheet({ items: ['Axe'] }), bo: sheet() }, encounters: encounters as never });
    expect(refused(run(equipWeapon, table, { characterId: 'ana', weapon }))).toEqual({ reason, message });
  });

  it.each([
    ['a skirmish that is over', skirmishWith({ status: 'VICTORY' })],
    ['a skirmish of other characters', skirmishWith({ characterIds: ['bo'] })],
  ])('is allowed after %s', (_, skirmish) => {
    const table = tableWith({ characters: { ana: sheet({ items: ['Axe'] }), bo: sheet() }, encounters: [skirmish] });
    expect(accepted(run(equipWeapon, table, { characterId: 'ana', weapon: 'Axe' })).state.characters.ana.equippedWeapon).toBe('Axe');
  });
});

describe('trade: a gift from one character, never during a skirmish (seed 001 line 13)', () => {
  const table = (encounters: object[] = []) =>
    tableWith({ characters: { ana: sheet({ items: ['Rope', 'Potion', 'Sword'], coins: 10, equippedWeapon: 'Sword' }), bo: sheet({ coins: 1 }), cy: sheet() }, encounters: encounters as never });

  it('moves items and coins', () => {
    const outcome = accepted(run(trade, table(), { fromCharacterId: 'ana', toCharacterId: 'bo', items: ['Rope'], coins: 4 }));
    expect(outcome.state.characters.ana).toMatchObject({ items: ['Potion', 'Sword'], coins: 6 });
    expect(outcome.state.characters.bo).toMatchObject({ items: ['Rope'], coins: 5 });
  });

  it.each<[string, object, object[], string, string]>([
    ['while the giver is in a skirmish', {}, [skirmishWith({ characterIds: ['ana', 'cy'] })], 'NO_TRADING_IN_SKIRMISH', "character 'ana' is in a skirmish: no trading until it ends"],
    ['while the receiver is in a skirmish', {}, [skirmishWith({ characterIds: ['bo', 'cy'] })], 'NO_TRADING_IN_SKIRMISH', "character 'bo' is in a skirmish: no trading until it ends"],
    ['more coins than held', { coins: 11 }, [], 'NOT_ENOUGH_COINS', 'the character has 10 coins, not 11'],
    ['an item not held', { items: ['Lamp'] }, [], 'UNKNOWN_ITEM', "the character has no 'Lamp'"],
    ['the equipped weapon', { items: ['Sword'] }, [], 'ITEM_EQUIPPED', "'Sword' is the equipped weapon: unequip it first"],
    ['nothing', { items: [], coins: 0 }, [], 'INVALID_TRADE', 'a trade gives at least one item or coin'],
    ['to oneself', { toCharacterId: 'ana' }, [], 'INVALID_TRADE', 'a character cannot trade with itself'],
    ['negative coins', { coins: -3 }, [], 'INVALID_AMOUNT', 'coins must be a whole number from 0 to 100000'],
  ])('refuses a trade %s', (_, change, encounters, reason, message) => {
    expect(refused(run(trade, table(encounters), { fromCharacterId: 'ana', toCharacterId: 'bo', items: ['Rope'], ...change }))).toEqual({ reason, message });
  });
});
