import { clampDamageDie, damageAfterArmor, damageGear, dropGear, equipGear, gainGear, repairGear, stepDownOrBreak, type GearSlot } from './gear.js';
import type { Gear, TenthRealmSheet } from './sheet.js';
import { accepted, activeCharacter, draftCharacter, refused, run, tableWith } from './testing.js';

describe('stepDownOrBreak (tenth-realm.md, "Armor, weapons, damage": damaged → step down; a d4 breaks)', () => {
  it.each<[number | null, number | null]>([
    [12, 10],
    [10, 8],
    [8, 6],
    [6, 4],
    [4, null],
    [null, null],
  ])('d%p → %p', (die, after) => {
    expect(stepDownOrBreak(die)).toBe(after);
  });
});

describe('clampDamageDie (a damage die is d4..d12)', () => {
  it.each([
    [2, 4],
    [4, 4],
    [8, 8],
    [12, 12],
    [20, 12],
  ])('d%i → d%i', (die, clamped) => {
    expect(clampDamageDie(die)).toBe(clamped);
  });
});

describe('damageAfterArmor (damage roll − armor roll, min 0)', () => {
  it.each([
    [5, 2, 3],
    [12, 1, 11],
    [3, 3, 0],
    [2, 5, 0],
    [0, 0, 0],
  ])('%i − %i = %i', (damageRoll, armorRoll, damage) => {
    expect(damageAfterArmor(damageRoll, armorRoll)).toBe(damage);
  });
});

const gearOf = (sheet: TenthRealmSheet, slot: GearSlot): Gear | null => (slot === 'ARMOR' ? sheet.armor : sheet.weapon);

describe('damageGear (GM consequence: a damaged item steps down)', () => {
  it.each<[GearSlot, Gear, number | null]>([
    ['WEAPON', { name: 'Spear', die: 6, originalDie: 6 }, 4],
    ['WEAPON', { name: 'Spear', die: 4, originalDie: 6 }, null],
    ['WEAPON', { name: 'Greataxe', die: 12, originalDie: 12 }, 10],
    ['ARMOR', { name: 'Mail', die: 6, originalDie: 6 }, 4],
    ['ARMOR', { name: 'Armor', die: 4, originalDie: 4 }, null],
  ])('%s %p → d%p', (slot, gear, die) => {
    const sheet = activeCharacter(slot === 'ARMOR' ? { armor: gear } : { weapon: gear });
    const outcome = accepted(run(damageGear, tableWith({ characters: { ana: sheet } }), { characterId: 'ana', gear: slot }));
    expect(outcome.result).toEqual({ die, broken: die === null });
    expect(gearOf(outcome.state.characters.ana, slot)).toEqual({ ...gear, die });
  });

  it('damages a d6 weapon twice to break it, then refuses a third time', () => {
    let state = tableWith({ characters: { ana: activeCharacter() } });
    state = accepted(run(damageGear, state, { characterId: 'ana', gear: 'WEAPON' })).state;
    state = accepted(run(damageGear, state, { characterId: 'ana', gear: 'WEAPON' })).state;
    expect(state.characters.ana.weapon).toEqual({ name: 'Spear', die: null, originalDie: 6 });
    expect(refused(run(damageGear, state, { characterId: 'ana', gear: 'WEAPON' }))).toEqual({ reason: 'GEAR_BROKEN', message: 'the weapon is already broken' });
  });

  it('is refused for a character without gear yet', () => {
    expect(refused(run(damageGear, tableWith({ characters: { ana: draftCharacter() } }), { characterId: 'ana', gear: 'ARMOR' }))).toEqual({
      reason: 'NOT_ACTIVE',
      message: 'finish creating the character first',
    });
  });
});

describe("repairGear (repairs restore the item's original die)", () => {
  it.each<[GearSlot, Gear]>([
    ['WEAPON', { name: 'Spear', die: null, originalDie: 6 }],
    ['WEAPON', { name: 'Spear', die: 4, originalDie: 6 }],
    ['ARMOR', { name: 'Mail', die: 4, originalDie: 6 }],
  ])('%s %p is restored', (slot, gear) => {
    const sheet = activeCharacter(slot === 'ARMOR' ? { armor: gear } : { weapon: gear });
    const outcome = accepted(run(repairGear, tableWith({ characters: { ana: sheet } }), { characterId: 'ana', gear: slot }));
    expect(outcome.result).toEqual({ die: gear.originalDie });
    expect(gearOf(outcome.state.characters.ana, slot)).toEqual({ ...gear, die: gear.originalDie });
  });

  it('is refused for an undamaged item', () => {
    expect(refused(run(repairGear, tableWith({ characters: { ana: activeCharacter() } }), { characterId: 'ana', gear: 'ARMOR' }))).toEqual({
      reason: 'NOTHING_TO_REPAIR',
      message: 'the armor is not damaged',
    });
  });
});

describe('gainGear, equipGear, dropGear (seed 002 lines 163–169: rated gear in an inventory slot)', () => {
  const ana = (overrides = {}) => tableWith({ characters: { ana: activeCharacter(overrides) } });

  it('gains a rated weapon into a slot, equips it, and drops the one it replaced', () => {
    let state = ana();
    const gained = accepted(run(gainGear, state, { characterId: 'ana', gear: 'WEAPON', name: 'Greataxe', die: 10 }));
    expect(gained.result).toEqual({ gear: [{ slot: 'WEAPON', name: 'Greataxe', die: 10, originalDie: 10 }] });
    state = gained.state;

    const equipped = accepted(run(equipGear, state, { characterId: 'ana', gear: 'WEAPON', name: 'Greataxe' }));
    expect(equipped.state.characters.ana.weapon).toEqual({ name: 'Greataxe', die: 10, originalDie: 10 });
    expect(equipped.result.gear).toEqual([{ slot: 'WEAPON', name: 'Spear', die: 6, originalDie: 6 }]);
    state = equipped.state;

    const dropped = accepted(run(dropGear, state, { characterId: 'ana', gear: 'WEAPON', name: 'Spear' }));
    expect(dropped.state.characters.ana.gear).toEqual([]);
    expect(dropped.state.characters.ana.weapon?.name).toBe('Greataxe');
  });

  it('keeps a damaged item damaged through a swap', () => {
    let state = ana({ armor: { name: 'Leather', die: null, originalDie: 4 } });
    state = accepted(run(gainGear, state, { characterId: 'ana', gear: 'ARMOR', name: 'Mail', die: 6 })).state;
    state = accepted(run(equipGear, state, { characterId: 'ana', gear: 'ARMOR', name: 'Mail' })).state;
    expect(state.characters.ana.armor).toEqual({ name: 'Mail', die: 6, originalDie: 6 });
    expect(state.characters.ana.gear).toEqual([{ slot: 'ARMOR', name: 'Leather', die: null, originalDie: 4 }]);
  });

  it.each<[GearSlot, number, string]>([
    ['ARMOR', 8, 'armor is rated d4, d6, not d8'],
    ['ARMOR', 5, 'armor is rated d4, d6, not d5'],
    ['WEAPON', 20, 'a weapon is rated d4, d6, d8, d10, d12, not d20'],
    ['WEAPON', 2, 'a weapon is rated d4, d6, d8, d10, d12, not d2'],
  ])('refuses %s rated d%i', (gear, die, message) => {
    expect(refused(run(gainGear, ana(), { characterId: 'ana', gear, name: 'Odd', die }))).toEqual({ reason: 'INVALID_DIE', message });
  });

  it('needs a free slot for the carried item', () => {
    const full = ana({ inventory: { slots: 2, items: ['rope'], conditions: [] } });
    expect(refused(run(gainGear, full, { characterId: 'ana', gear: 'WEAPON', name: 'Bow', die: 8 }))).toEqual({
      reason: 'NO_FREE_SLOT',
      message: "no free inventory slot for 'Bow': drop an item first",
    });
  });

  it('refuses to drop the equipped item or one not carried', () => {
    expect(refused(run(dropGear, ana(), { characterId: 'ana', gear: 'WEAPON', name: 'Spear' }))).toEqual({
      reason: 'UNKNOWN_GEAR',
      message: "'Spear' is equipped: equip another weapon first",
    });
    expect(refused(run(equipGear, ana(), { characterId: 'ana', gear: 'ARMOR', name: 'Plate' }))).toEqual({
      reason: 'UNKNOWN_GEAR',
      message: "the character carries no armor 'Plate'",
    });
  });

  it('is refused for a character without gear yet', () => {
    expect(refused(run(gainGear, tableWith({ characters: { ana: draftCharacter() } }), { characterId: 'ana', gear: 'WEAPON', name: 'Bow', die: 8 })).reason).toBe('NOT_ACTIVE');
  });
});
