import {
  ATTRIBUTES,
  CUSTOM_RESILIENCE_DICE,
  DEFAULT_INVENTORY_SLOTS,
  freeSlots,
  MAX_REDRAWN_ATTRIBUTES,
  NATURAL_20_DEFENCE_DR_REDUCTION,
  NO_PENDING,
  usedSlots,
  VANORI,
  VANORI_NAMES,
  XP_BOXES,
  type Attribute,
  type VanoriName,
} from './sheet.js';
import { activeCharacter } from './testing.js';

describe('the Vanori table (tenth-realm.md, Character creation step 2)', () => {
  it('lists the Vanori in the order of the d6 roll: 1 BEAR … 6 OWL', () => {
    expect(VANORI_NAMES).toEqual(['BEAR', 'WOLF', 'RAVEN', 'ELK', 'OX', 'OWL']);
  });

  it.each<[VanoriName, Partial<Record<Attribute, number>>, number]>([
    ['BEAR', { STRENGTH: 2, HEART: 1 }, 10],
    ['WOLF', { DEXTERITY: 2, WILLPOWER: 1 }, 8],
    ['RAVEN', { WILLPOWER: 2, DEXTERITY: 1 }, 6],
    ['ELK', { HEART: 2, STRENGTH: 1 }, 10],
    ['OX', { STRENGTH: 2, WILLPOWER: 1 }, 12],
    ['OWL', { WILLPOWER: 2, HEART: 1 }, 6],
  ])('%s raises %p and has max resilience d%i + 3', (name, increases, resilienceDie) => {
    expect(VANORI[name].increases).toEqual(increases);
    expect(VANORI[name].resilienceDie).toBe(resilienceDie);
  });

  it('lets an invented Vanori have one of the resilience dice of the table', () => {
    expect([...CUSTOM_RESILIENCE_DICE].sort((a, b) => a - b)).toEqual([...new Set(VANORI_NAMES.map((name) => VANORI[name].resilienceDie))].sort((a, b) => a - b));
  });
});

describe('sheet constants', () => {
  it.each([
    ['the XP track has 8 boxes', XP_BOXES, 8],
    ['a character has 10 inventory slots by default (Decision)', DEFAULT_INVENTORY_SLOTS, 10],
    ['a natural-20 defence lowers the next DR by 2 (Decision)', NATURAL_20_DEFENCE_DR_REDUCTION, 2],
    ['at most two attributes may be revealed again', MAX_REDRAWN_ATTRIBUTES, 2],
  ])('%s', (_, value, expected) => {
    expect(value).toBe(expected);
  });

  it('has four attributes', () => {
    expect(ATTRIBUTES).toEqual(['STRENGTH', 'DEXTERITY', 'WILLPOWER', 'HEART']);
  });

  it('starts with nothing pending', () => {
    expect(NO_PENDING).toEqual({
      resilienceCheckDue: false,
      woundsToTend: false,
      blessingDue: false,
      nextRollDrReduction: 0,
      bearArmorD4: false,
      oxLongRest: false,
      owlDoubleXp: false,
      allyAid: 0,
    });
  });
});

describe('inventory slots (Character creation step 4: items, weapons and conditions each take a slot)', () => {
  it.each<[string, Parameters<typeof activeCharacter>[0], number, number]>([
    ['the weapon alone', {}, 1, 9],
    ['no weapon (a draft)', { weapon: null }, 0, 10],
    ['a broken weapon is still carried', { weapon: { name: 'Spear', die: null, originalDie: 6 } }, 1, 9],
    ['two items and a condition', { inventory: { items: ['rope', 'torch'], conditions: ['Bruised'] } }, 4, 6],
    ['armor takes no slot', { armor: { name: 'Mail', die: 6, originalDie: 6 } }, 1, 9],
    ['a full pack', { inventory: { slots: 3, items: ['rope'], conditions: ['Bruised'] } }, 3, 0],
  ])('%s: %i used, %i free', (_, overrides, used, free) => {
    const sheet = activeCharacter(overrides);
    expect(usedSlots(sheet)).toBe(used);
    expect(freeSlots(sheet)).toBe(free);
  });

  it('is plain data that survives JSON storage', () => {
    const sheet = activeCharacter({ inventory: { items: ['rope'] }, pending: { owlDoubleXp: true } });
    expect(JSON.parse(JSON.stringify(sheet))).toEqual(sheet);
  });
});
