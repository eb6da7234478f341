import { CRIT_EFFECTS, CRIT_TABLE, critRowFor, type CritEffect, type LastsUntil } from './crit-table.js';

/** Seed 004, lines 21–42: the range, the effect, and how long it lasts (enchanted-realms-d20.md). */
const SEED_TABLE: Array<[from: number, to: number, effect: CritEffect, lastsUntil: LastsUntil]> = [
  [1, 10, 'HARD_HIT', 'INSTANT'],
  [11, 15, 'AGONY', 'INSTANT'],
  [16, 20, 'UNNERVED', 'INSTANT'],
  [21, 25, 'SMOTE', 'INSTANT'],
  [26, 30, 'OFF_BALANCE', 'ATTACKERS_NEXT_TURN'],
  [31, 35, 'REELING', 'INSTANT'],
  [36, 40, 'GARB_ISSUE', 'UNTIL_CORRECTED'],
  [41, 45, 'STUCK', 'END_OF_ITS_NEXT_TURN'],
  [46, 50, 'ROCKED', 'INSTANT'],
  [51, 55, 'ROLLED', 'INSTANT'],
  [56, 60, 'MY_EYES', 'END_OF_ITS_NEXT_TURN'],
  [61, 65, 'CONFUSION', 'ITS_NEXT_TURN'],
  [66, 70, 'HEAVY_BLOW', 'END_OF_ITS_NEXT_TURN'],
  [71, 74, 'AWE_STRUCK', 'END_OF_ITS_NEXT_TURN'],
  [75, 78, 'CRUSHED', 'END_OF_ITS_NEXT_TURN'],
  [79, 82, 'BEATEN', 'UNTIL_SHORT_REST'],
  [83, 86, 'SHOCKED', 'UNTIL_SHORT_REST'],
  [87, 90, 'EAR_SPLIT', 'UNTIL_SHORT_REST'],
  [91, 93, 'LEG_STRIKE', 'UNTIL_SHORT_REST'],
  [94, 96, 'MARKED', 'PERMANENT'],
  [97, 98, 'WARDROBE_MALFUNCTION', 'UNTIL_REPAIRED'],
  [99, 100, 'BLEEDING', 'UNTIL_BANDAGED_OR_HEALED'],
];

describe('the crit-effect table (seed 004, lines 19–44)', () => {
  it('has the 22 ranges of the seed, in order', () => {
    expect(SEED_TABLE).toHaveLength(22);
    expect(CRIT_TABLE.map((row) => [row.from, row.to, row.effect, row.lastsUntil])).toEqual(SEED_TABLE);
    expect(CRIT_TABLE.map((row) => row.effect)).toEqual(CRIT_EFFECTS);
  });

  it.each(SEED_TABLE.map(([from, to, effect], index) => [effect, from, to, index] as const))(
    '%s reads %i and %i; the rolls just outside belong to its neighbours',
    (effect, from, to, index) => {
      expect(critRowFor(from).effect).toBe(effect);
      expect(critRowFor(to).effect).toBe(effect);
      if (index > 0) expect(critRowFor(from - 1).effect).toBe(SEED_TABLE[index - 1][2]);
      if (index < SEED_TABLE.length - 1) expect(critRowFor(to + 1).effect).toBe(SEED_TABLE[index + 1][2]);
    },
  );

  it('reads every roll from 1 to 100 exactly once', () => {
    const covered = CRIT_TABLE.flatMap((row) => Array.from({ length: row.to - row.from + 1 }, (_, i) => row.from + i));
    expect(covered).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('reads a d100 showing 00 as 100: Bleeding', () => {
    expect(critRowFor(100)).toMatchObject({ effect: 'BLEEDING', name: 'Bleeding' });
  });

  it.each([0, 101, 50.5, -1])('refuses to read %p, which no d100 shows', (roll) => {
    expect(() => critRowFor(roll)).toThrow(RangeError);
  });

  it.each<[CritEffect, string[]]>([
    ['HARD_HIT', []],
    ['AWE_STRUCK', ['FEAR']],
    ['CRUSHED', ['STUN']],
    ['ROCKED', ['PRONE']],
    ['ROLLED', ['PUSH', 'PRONE']],
    ['MY_EYES', ['BLIND']],
    ['EAR_SPLIT', ['DEAFEN']],
    ['GARB_ISSUE', []],
    ['WARDROBE_MALFUNCTION', []],
    ['BLEEDING', ['BLEED']],
  ])('%s is ignored only by a target immune to all of %p (none: nothing resists it)', (effect, kinds) => {
    expect(CRIT_TABLE.find((row) => row.effect === effect)!.kinds).toEqual(kinds);
  });
});
