import { DIE_STEPS, stepDown } from '../die-steps.js';
import { freeSlots, type CarriedGear, type Gear, type TenthRealmSheet } from './sheet.js';
import { refuse, rule } from './table.js';

export type GearSlot = 'ARMOR' | 'WEAPON';

/** A damaged item's die steps down; stepping a d4 down breaks it (tenth-realm.md, Decision). */
export function stepDownOrBreak(die: number | null): number | null {
  if (die === null || die === 4) return null;
  return stepDown(die);
}

/** A damage die used in an attack, clamped to d4..d12 (tenth-realm.md, "Armor, weapons, damage"). */
export function clampDamageDie(sides: number): number {
  return Math.min(Math.max(sides, DIE_STEPS[0]), DIE_STEPS[DIE_STEPS.length - 1]);
}

/** Incoming damage: the damage roll less the armor roll, never below 0. */
export function damageAfterArmor(damageRoll: number, armorRoll: number): number {
  return Math.max(0, damageRoll - armorRoll);
}

function gearOf(sheet: TenthRealmSheet, slot: GearSlot): Gear {
  const gear = slot === 'ARMOR' ? sheet.armor : sheet.weapon;
  if (!gear) refuse('NOT_ACTIVE', 'finish creating the character first');
  return gear;
}

/** GM: a consequence damages armor or a weapon. */
export const damageGear = rule('tenth-realm.gear.damaged', (play, input: { characterId: string; gear: GearSlot }) => {
  const gear = gearOf(play.character(input.characterId), input.gear);
  if (gear.die === null) refuse('GEAR_BROKEN', `the ${input.gear.toLowerCase()} is already broken`);
  gear.die = stepDownOrBreak(gear.die);
  return { die: gear.die, broken: gear.die === null };
});

/** Repairs restore the item's original die (during a long rest, or as the GM rules). */
export function repair(sheet: TenthRealmSheet, slot: GearSlot): Gear {
  const gear = gearOf(sheet, slot);
  if (gear.die === gear.originalDie) refuse('NOTHING_TO_REPAIR', `the ${slot.toLowerCase()} is not damaged`);
  gear.die = gear.originalDie;
  return gear;
}

/** GM: repairs an item outside a rest. */
export const repairGear = rule('tenth-realm.gear.repaired', (play, input: { characterId: string; gear: GearSlot }) => {
  const gear = repair(play.character(input.characterId), input.gear);
  return { die: gear.die };
});

/** The die ratings gear may have: armor d4–d6, weapons d4–d12 (seed 002 lines 163, 169). */
export const GEAR_DICE: Readonly<Record<GearSlot, readonly number[]>> = { ARMOR: [4, 6], WEAPON: [...DIE_STEPS] };

function carried(sheet: TenthRealmSheet, slot: GearSlot, name: string): { list: CarriedGear[]; index: number } {
  gearOf(sheet, slot);
  const list = (sheet.gear ??= []);
  const index = list.findIndex((item) => item.slot === slot && item.name === name);
  if (index === -1) {
    const equipped = (slot === 'ARMOR' ? sheet.armor : sheet.weapon)?.name === name;
    refuse('UNKNOWN_GEAR', equipped ? `'${name}' is equipped: equip another ${slot.toLowerCase()} first` : `the character carries no ${slot.toLowerCase()} '${name}'`);
  }
  return { list, index };
}

/**
 * GM: a character gets armor or a weapon with its die rating, into an inventory slot (seed 002
 * line 167: "when you get an item or weapon, add it in an inventory slot"; lines 163, 169: armor
 * d4–d6, weapons d4–d12). Decision: the GM rates it, as the GM assigns a feat's damage die.
 */
export const gainGear = rule('tenth-realm.gear.gained', (play, input: { characterId: string; gear: GearSlot; name: string; die: number }) => {
  const sheet = play.character(input.characterId);
  gearOf(sheet, input.gear);
  if (!GEAR_DICE[input.gear].includes(input.die)) {
    refuse('INVALID_DIE', `${input.gear === 'ARMOR' ? 'armor' : 'a weapon'} is rated ${GEAR_DICE[input.gear].map((d) => `d${d}`).join(', ')}, not d${input.die}`);
  }
  if (freeSlots(sheet) < 1) refuse('NO_FREE_SLOT', `no free inventory slot for '${input.name}': drop an item first`);
  const item: CarriedGear = { slot: input.gear, name: input.name, die: input.die, originalDie: input.die };
  (sheet.gear ??= []).push(item);
  return { gear: sheet.gear };
});

/**
 * The player equips a carried armor or weapon; the one it replaces goes back to the inventory
 * (seed 002 line 95: one armor worn and one weapon in hand; a swap keeps the slots in use the same).
 */
export const equipGear = rule('tenth-realm.gear.equipped', (play, input: { characterId: string; gear: GearSlot; name: string }) => {
  const sheet = play.character(input.characterId);
  const { list, index } = carried(sheet, input.gear, input.name);
  const [item] = list.splice(index, 1);
  const previous = gearOf(sheet, input.gear);
  list.push({ slot: input.gear, name: previous.name, die: previous.die, originalDie: previous.originalDie });
  const equipped: Gear = { name: item.name, die: item.die, originalDie: item.originalDie };
  if (input.gear === 'ARMOR') sheet.armor = equipped;
  else sheet.weapon = equipped;
  return { equipped, gear: list };
});

/** The player drops a carried armor or weapon, freeing its slot. Decision: the equipped one stays (equip another first). */
export const dropGear = rule('tenth-realm.gear.dropped', (play, input: { characterId: string; gear: GearSlot; name: string }) => {
  const sheet = play.character(input.characterId);
  const { list, index } = carried(sheet, input.gear, input.name);
  list.splice(index, 1);
  return { gear: list };
});
