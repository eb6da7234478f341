/**
 * The crit-effect table (enchanted-realms-d20.md, "Crit-effect table"; seed 004, lines 19–44):
 * each crit rolls a d100 on it, and its effect lands on the target without a save unless the
 * target is immune to the effect's kind.
 */

/** The effects of the crit table, in table order. */
export const CRIT_EFFECTS = [
  'HARD_HIT',
  'AGONY',
  'UNNERVED',
  'SMOTE',
  'OFF_BALANCE',
  'REELING',
  'GARB_ISSUE',
  'STUCK',
  'ROCKED',
  'ROLLED',
  'MY_EYES',
  'CONFUSION',
  'HEAVY_BLOW',
  'AWE_STRUCK',
  'CRUSHED',
  'BEATEN',
  'SHOCKED',
  'EAR_SPLIT',
  'LEG_STRIKE',
  'MARKED',
  'WARDROBE_MALFUNCTION',
  'BLEEDING',
] as const;
export type CritEffect = (typeof CRIT_EFFECTS)[number];

/**
 * How long an effect lasts (the table's "lasts" column). A turn-bound one is timed by a
 * combatant's turns on the combat tracker: the target's own, or for Off Balance the attacker's.
 */
export type LastsUntil =
  /** Happens once, when the crit lands; nothing stays on the target. */
  | 'INSTANT'
  /** Off Balance: through the attacker's next turn. */
  | 'ATTACKERS_NEXT_TURN'
  /** Until the end of the target's next turn. */
  | 'END_OF_ITS_NEXT_TURN'
  /** Confusion: during the target's next turn (it ends with that turn). */
  | 'ITS_NEXT_TURN'
  /** Garb Issue: until an action is used to correct it. */
  | 'UNTIL_CORRECTED'
  | 'UNTIL_SHORT_REST'
  /** Marked: a scar, until a moderate treatment spell removes it. */
  | 'PERMANENT'
  /** Wardrobe Malfunction: until the armor is repaired. */
  | 'UNTIL_REPAIRED'
  /** Bleeding. */
  | 'UNTIL_BANDAGED_OR_HEALED';

/** The durations the combat tracker ends at the end of a turn (enchanted-realms-d20.md, after the table). */
export const TURN_BOUND: readonly LastsUntil[] = ['ATTACKERS_NEXT_TURN', 'END_OF_ITS_NEXT_TURN', 'ITS_NEXT_TURN'];

/**
 * What a creature can be immune to (enchanted-realms-d20.md, "Crits": fear, stun, prone, blind,
 * deafen, …). **Decision**: the "…" is one kind per remaining condition of the table, so that each
 * effect but three can be resisted; Hard Hit (damage) and the two armor effects (which armor, not
 * the body, suffers; they already do nothing without armor) have no kind.
 */
export const IMMUNITY_KINDS = [
  'PAIN',
  'ANXIETY',
  'SPITE',
  'OFF_BALANCE',
  'PUSH',
  'RESTRAIN',
  'PRONE',
  'BLIND',
  'CONFUSION',
  'DISADVANTAGE',
  'FEAR',
  'STUN',
  'DEAFEN',
  'SLOW',
  'SCAR',
  'BLEED',
] as const;
export type ImmunityKind = (typeof IMMUNITY_KINDS)[number];

/** One range of the d100 table. */
export interface CritRow {
  /** First and last roll of the range, inclusive; 00 reads 100. */
  from: number;
  to: number;
  effect: CritEffect;
  /** The rulebook's name. */
  name: string;
  /** What it does, as the table says. */
  text: string;
  lastsUntil: LastsUntil;
  /** What a target must be immune to in order to ignore it (Rolled has two parts). */
  kinds: readonly ImmunityKind[];
}

const row = (from: number, to: number, effect: CritEffect, name: string, text: string, lastsUntil: LastsUntil, kinds: ImmunityKind[] = []): CritRow => ({
  from,
  to,
  effect,
  name,
  text,
  lastsUntil,
  kinds,
});

/** Seed 004, lines 21–42, with the footnotes of line 44. */
export const CRIT_TABLE: readonly CritRow[] = [
  row(1, 10, 'HARD_HIT', 'Hard Hit', '+d3 damage', 'INSTANT'),
  row(11, 15, 'AGONY', 'Agony', '+d3 Pain', 'INSTANT', ['PAIN']),
  row(16, 20, 'UNNERVED', 'Unnerved', '+1 Anxiety', 'INSTANT', ['ANXIETY']),
  row(21, 25, 'SMOTE', 'Smote', '+1 Spite', 'INSTANT', ['SPITE']),
  row(26, 30, 'OFF_BALANCE', 'Off Balance', 'the attacker has advantage against the same target on its next turn', 'ATTACKERS_NEXT_TURN', ['OFF_BALANCE']),
  row(31, 35, 'REELING', 'Reeling', 'pushed 5 ft', 'INSTANT', ['PUSH']),
  row(36, 40, 'GARB_ISSUE', 'Garb Issue', '−2 Defense until an action corrects it; no effect if no armor is worn', 'UNTIL_CORRECTED'),
  row(41, 45, 'STUCK', 'Stuck', 'cannot move or use the dodge reaction', 'END_OF_ITS_NEXT_TURN', ['RESTRAIN']),
  row(46, 50, 'ROCKED', 'Rocked', 'knocked prone', 'INSTANT', ['PRONE']),
  row(51, 55, 'ROLLED', 'Rolled', 'pushed 5 ft and knocked prone', 'INSTANT', ['PUSH', 'PRONE']),
  row(56, 60, 'MY_EYES', 'My eyes!', 'blind', 'END_OF_ITS_NEXT_TURN', ['BLIND']),
  row(61, 65, 'CONFUSION', 'Confusion', 'attacks a random target on its next turn', 'ITS_NEXT_TURN', ['CONFUSION']),
  row(66, 70, 'HEAVY_BLOW', 'Heavy Blow', 'at disadvantage', 'END_OF_ITS_NEXT_TURN', ['DISADVANTAGE']),
  row(71, 74, 'AWE_STRUCK', 'Awe-Struck', 'frightened', 'END_OF_ITS_NEXT_TURN', ['FEAR']),
  row(75, 78, 'CRUSHED', 'Crushed', 'stunned', 'END_OF_ITS_NEXT_TURN', ['STUN']),
  row(79, 82, 'BEATEN', 'Beaten', 'disadvantage on Resilience saves', 'UNTIL_SHORT_REST', ['DISADVANTAGE']),
  row(83, 86, 'SHOCKED', 'Shocked', 'disadvantage on Judgment saves', 'UNTIL_SHORT_REST', ['DISADVANTAGE']),
  row(87, 90, 'EAR_SPLIT', 'Ear-split', 'deafened', 'UNTIL_SHORT_REST', ['DEAFEN']),
  row(91, 93, 'LEG_STRIKE', 'Leg Strike', 'movement −10 ft', 'UNTIL_SHORT_REST', ['SLOW']),
  row(94, 96, 'MARKED', 'Marked', 'a permanent scar: social interactions at disadvantage; a moderate treatment spell removes it, a salve does not', 'PERMANENT', ['SCAR']),
  row(97, 98, 'WARDROBE_MALFUNCTION', 'Wardrobe Malfunction', '−2 Defense until repaired (10% of the armor\'s value); no effect if no armor is worn', 'UNTIL_REPAIRED'),
  row(99, 100, 'BLEEDING', 'Bleeding', '1 damage at the start of its turn', 'UNTIL_BANDAGED_OR_HEALED', ['BLEED']),
];

/** The row of a crit effect. */
export function critRowOf(effect: CritEffect): CritRow {
  return CRIT_TABLE.find((candidate) => candidate.effect === effect)!;
}

/**
 * The row a d100 roll reads (seed 004, lines 21–42); a d100 showing 00 reads 100.
 *
 * @throws RangeError when the roll is not an integer 1..100.
 */
export function critRowFor(roll: number): CritRow {
  const found = CRIT_TABLE.find((candidate) => candidate.from <= roll && roll <= candidate.to);
  if (!Number.isInteger(roll) || found === undefined) throw new RangeError(`a d100 reads 1 to 100 (00 is 100), got ${roll}`);
  return found;
}

/** Effects that lower Defense by 2 while they last, unless no armor is worn (seed 004, line 44). */
export const ARMOR_EFFECTS: readonly CritEffect[] = ['GARB_ISSUE', 'WARDROBE_MALFUNCTION'];

/** How much an armor effect lowers Defense. */
export const ARMOR_EFFECT_DEFENSE_PENALTY = 2;
