import { DIE_STEPS, stepDown } from '../die-steps.js';
import type { Gear, TenthRealmSheet } from './sheet.js';
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
