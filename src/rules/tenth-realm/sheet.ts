/**
 * A Tenth Realm character sheet and the tables it is built from (tenth-realm.md, "Character
 * creation"). Sheets are plain data so they can be stored as JSON and compared in tests.
 */

export const ATTRIBUTES = ['STRENGTH', 'DEXTERITY', 'WILLPOWER', 'HEART'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export const VANORI_NAMES = ['BEAR', 'WOLF', 'RAVEN', 'ELK', 'OX', 'OWL'] as const;
export type VanoriName = (typeof VANORI_NAMES)[number];

/** One row of the Vanori table. */
export interface VanoriRow {
  increases: Partial<Record<Attribute, number>>;
  /** Max resilience is this die + 3. */
  resilienceDie: number;
  ability: string;
}

/** tenth-realm.md, Character creation step 2, in the order of the d6 roll (1 = BEAR). */
export const VANORI: Readonly<Record<VanoriName, VanoriRow>> = {
  BEAR: { increases: { STRENGTH: 2, HEART: 1 }, resilienceDie: 10, ability: 'roll an extra d4 on top of the armor die to resist incoming damage' },
  WOLF: { increases: { DEXTERITY: 2, WILLPOWER: 1 }, resilienceDie: 8, ability: 'force an enemy to do a morale check' },
  RAVEN: { increases: { WILLPOWER: 2, DEXTERITY: 1 }, resilienceDie: 6, ability: 'force an enemy to step down its damage die' },
  ELK: { increases: { HEART: 2, STRENGTH: 1 }, resilienceDie: 10, ability: 'aid an ally for +3 instead of +2' },
  OX: { increases: { STRENGTH: 2, WILLPOWER: 1 }, resilienceDie: 12, ability: "get a long rest's benefits from a short rest" },
  OWL: { increases: { WILLPOWER: 2, HEART: 1 }, resilienceDie: 6, ability: 'once per session, mark XP twice' },
};

/** The resilience dice a custom Vanori may have: those of the table. */
export const CUSTOM_RESILIENCE_DICE = [6, 8, 10, 12] as const;

/** A Vanori as a sheet holds it: one of the table, or one invented with the GM's approval. */
export interface Vanori {
  name: VanoriName | 'CUSTOM';
  /** The invented Vanori's own name; null for the table's. */
  customName: string | null;
  increases: Partial<Record<Attribute, number>>;
  resilienceDie: number;
  ability: string;
}

/** An armor or a weapon: its die now (null when broken) and the die it had when whole. */
export interface Gear {
  name: string;
  die: number | null;
  originalDie: number;
}

/** Armor or a weapon carried but not equipped; each takes an inventory slot (seed 002 line 167). */
export interface CarriedGear extends Gear {
  slot: 'ARMOR' | 'WEAPON';
}

export const XP_BOXES = 8;
/** tenth-realm.md, Character creation step 4 (a campaign setting). */
export const DEFAULT_INVENTORY_SLOTS = 10;
/** tenth-realm.md, Combat: a defence on a natural 20 lowers the next roll's DR by this. */
export const NATURAL_20_DEFENCE_DR_REDUCTION = 2;
/** tenth-realm.md, Character creation step 1: at most this many attributes may be revealed again. */
export const MAX_REDRAWN_ATTRIBUTES = 2;

export type CharacterStatus = 'DRAFT' | 'ACTIVE' | 'INCAPACITATED';

/** What waits for the character's next roll, check or rest. */
export interface PendingFlags {
  /** Resilience fell to 0: a resilience check (a trial roll) is due. */
  resilienceCheckDue: boolean;
  /** Incapacitated: when the wounds are tended, resilience 1 and a new condition. */
  woundsToTend: boolean;
  /** The XP track is full: the Vanori's blessing is due. */
  blessingDue: boolean;
  /** Lowers the DR of the next roll (a defence on a natural 20). */
  nextRollDrReduction: number;
  /** BEAR burn: an extra d4 on the next armor roll against incoming damage. */
  bearArmorD4: boolean;
  /** OX burn: the next short rest gives a long rest's benefits. */
  oxLongRest: boolean;
  /** OWL burn: the next setback marks XP twice. */
  owlDoubleXp: boolean;
  /** AID AN ALLY burned outside a roll by other characters: added to the next roll's score. */
  allyAid: number;
}

/** How the Vanori is with the character (seed 002 line 77): conjured beside them, or its form taken. */
export type VanoriForm = 'CONJURED' | 'TAKEN_FORM';

/** A conjured Vanori (or its form taken): each of the character's rolls has its DR lowered by `amount`. */
export interface Conjuring {
  amount: number;
  form: VanoriForm;
}

export interface TenthRealmSheet {
  status: CharacterStatus;
  attributes: Record<Attribute, number>;
  /** The card revealed for each attribute at creation (the latest one after a redraw). */
  attributeCards: Record<Attribute, string>;
  redrawnAttributes: Attribute[];
  vanori: Vanori | null;
  resilience: number;
  maxResilience: number;
  resilienceRerolled: boolean;
  armor: Gear | null;
  weapon: Gear | null;
  /** Spare armor and weapons; absent on sheets stored before gear could be gained. */
  gear?: CarriedGear[];
  inventory: { slots: number; items: string[]; conditions: string[] };
  xp: number;
  pending: PendingFlags;
  /** The session in which the OWL burn was last used, or null. */
  owlUsedInSession: number | null;
  /** The Vanori conjured until the GM ends it; absent or null when it is not. */
  conjuring?: Conjuring | null;
}

export const NO_PENDING: PendingFlags = Object.freeze({
  resilienceCheckDue: false,
  woundsToTend: false,
  blessingDue: false,
  nextRollDrReduction: 0,
  bearArmorD4: false,
  oxLongRest: false,
  owlDoubleXp: false,
  allyAid: 0,
});

/**
 * Inventory slots in use: items, the weapon and conditions each take one (Character creation step 4);
 * so does each carried spare (Decision: spare armor too, as an item).
 */
export function usedSlots(sheet: TenthRealmSheet): number {
  return sheet.inventory.items.length + sheet.inventory.conditions.length + (sheet.weapon ? 1 : 0) + (sheet.gear?.length ?? 0);
}

export function freeSlots(sheet: TenthRealmSheet): number {
  return sheet.inventory.slots - usedSlots(sheet);
}
