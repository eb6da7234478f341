import type { AttackDie } from './attack-roll.js';
import { attack, type AttackInput } from './attack.js';
import type { CritEffect, ImmunityKind } from './crit-table.js';
import { standingOf, type Combatant } from './state.js';
import { accepted, combatant, combatOf, condition, dice, refused, run, stateWith } from './testing.js';

/** Ana knows the whole melee tree and archery; the orc has Defense 12 and wears armor. */
const ana = (overrides: Partial<Combatant> = {}) =>
  combatant('ana', {
    skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'STYLE_POLEARMS', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW', 'MASSIVE_BLOW', 'ARCHERY', 'VOLLEY'],
    ...overrides,
  });
const orc = (overrides: Partial<Combatant> = {}) => combatant('orc', { defense: 12, ...overrides });
const table = (target: Partial<Combatant> = {}, attacker: Partial<Combatant> = {}) => stateWith([ana(attacker), orc(target), combatant('bo')]);

/** A melee swing of a trained stylist (2d20): ana at the orc, modifier 0, 1 damage a hit. */
const swing = (extra: Partial<AttackInput> = {}): AttackInput => ({
  attackerId: 'ana',
  targetId: 'orc',
  kind: 'MELEE',
  skills: ['MELEE_TRAINING', 'STYLE_SLASHING'],
  ...extra,
});

const die = (value: number, read: Partial<AttackDie> = {}): AttackDie => ({
  value,
  total: value,
  hit: value >= 12,
  natural20: value === 20,
  natural1: value === 1,
  crit: false,
  awarded: false,
  keptLowerOf: null,
  ...read,
});

describe('the pool: one d20 per applicable skill, at most 5 from skills; advantage +1, disadvantage −1 (enchanted-realms-d20.md, "Dice pools")', () => {
  it.each<[string, Partial<AttackInput>, number, number]>([
    ['melee training alone: 1d20', { skills: ['MELEE_TRAINING'] }, 1, 1],
    ['training and a style: 2d20', { skills: ['MELEE_TRAINING', 'STYLE_SLASHING'] }, 2, 2],
    ['with weapon forte: 3d20', { skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE'] }, 3, 3],
    ['polearms alone: 1d20', { skills: ['STYLE_POLEARMS'] }, 1, 1],
    ['polearms with forte: 2d20', { skills: ['STYLE_POLEARMS', 'WEAPON_FORTE'] }, 2, 2],
    ['charging and heavy blow add a d20 each: 5d20', { skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW'] }, 5, 5],
    ['six skills still give 5d20', { skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW', 'MASSIVE_BLOW'] }, 5, 5],
    ['advantage takes 5 from skills to 6', { skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW'], advantage: true }, 6, 6],
    ['disadvantage takes 2 to 1', { disadvantage: true }, 1, 1],
    ['advantage and disadvantage cancel out', { advantage: true, disadvantage: true }, 2, 2],
    ['an untrained fighter with advantage rolls 1d20', { skills: [], advantage: true }, 1, 1],
    ['a ranged archer: 1d20', { kind: 'RANGED', skills: ['ARCHERY'] }, 1, 1],
    ['a ranged volley: 2d20', { kind: 'RANGED', skills: ['ARCHERY', 'VOLLEY'] }, 2, 2],
  ])('%s', (_, input, poolSize, draws) => {
    const rng = dice(...Array<number>(draws).fill(10));
    const { result } = accepted(run(attack, table(), swing(input), rng));
    expect(result.poolSize).toBe(poolSize);
    expect(result.untrainedRoll).toBe(false);
    expect(result.dice).toEqual(Array(poolSize).fill(die(10)));
    expect(rng.drawn).toEqual(Array(draws).fill('d20'));
  });

  it.each<[string, Partial<AttackInput>]>([
    ['an untrained fighter (no skill)', { skills: [] }],
    ['a novice at disadvantage (1 − 1 = 0)', { skills: ['MELEE_TRAINING'], disadvantage: true }],
    ['an untrained fighter at disadvantage (never below 0)', { skills: [], disadvantage: true }],
  ])('%s rolls 2d20 in melee and keeps the lower as a single die', (_, input) => {
    const rng = dice(17, 8);
    const { result } = accepted(run(attack, table(), swing(input), rng));
    expect(result).toMatchObject({ poolSize: 1, untrainedRoll: true, hits: 0, damage: 0 });
    expect(result.dice).toEqual([die(8, { keptLowerOf: [17, 8] })]);
    expect(rng.drawn).toEqual(['d20', 'd20']);
  });

  it('keeps the lower of two natural 20s: a natural 20, a hit', () => {
    const { result } = accepted(run(attack, table({ defense: 40 }), swing({ skills: [] }), dice(20, 20)));
    expect(result.dice).toEqual([die(20, { hit: true, keptLowerOf: [20, 20] })]);
  });

  it('refuses a ranged pool of 0: only melee rolls untrained', () => {
    expect(refused(run(attack, table(), swing({ kind: 'RANGED', skills: [] })))).toMatchObject({ reason: 'EMPTY_POOL' });
    expect(refused(run(attack, table(), swing({ kind: 'RANGED', skills: ['ARCHERY'], disadvantage: true })))).toMatchObject({ reason: 'EMPTY_POOL' });
  });
});

describe('each die is read on its own: die + modifier vs Defense, meeting it hits', () => {
  it.each<[string, number, number, number, boolean]>([
    ['12 meets Defense 12', 12, 0, 12, true],
    ['11 falls short of 12', 11, 0, 11, false],
    ['9 + 3 meets 12', 9, 3, 12, true],
    ['13 − 2 falls short of 12', 13, -2, 11, false],
  ])('%s', (_, value, modifier, total, hit) => {
    const { result } = accepted(run(attack, table(), swing({ skills: ['MELEE_TRAINING'], modifier }), dice(value)));
    expect(result.dice[0]).toMatchObject({ value, total, hit });
    expect(result.hits).toBe(hit ? 1 : 0);
  });

  it('counts every hitting die: 3 dice, 2 hits, 3 damage a hit', () => {
    const rng = dice(15, 4, 12);
    const outcome = accepted(run(attack, table(), swing({ skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE'], damagePerHit: 3 }), rng));
    expect(outcome.result).toMatchObject({ hits: 2, hitDamage: 6, critDamage: 0, damage: 6, crits: [] });
    expect(outcome.result.target.damageTaken).toBe(6);
    expect(outcome.state.combatants.orc.damageTaken).toBe(6);
  });

  it('deals 1 damage a hit when the weapon is not given (Decision)', () => {
    expect(accepted(run(attack, table(), swing(), dice(15, 14))).result).toMatchObject({ hits: 2, damage: 2 });
  });
});

describe('raw dice values of an attack (seed 004, lines 6–9)', () => {
  it('Attack, 20: always a hit — against Defense 40', () => {
    const { result } = accepted(run(attack, table({ defense: 40 }), swing({ skills: ['MELEE_TRAINING'] }), dice(20)));
    expect(result.dice).toEqual([die(20, { hit: true })]);
    expect(result.crits).toEqual([]);
  });

  it('Attack, 1: always a miss — even at +30 against Defense 12', () => {
    const { result } = accepted(run(attack, table(), swing({ skills: ['MELEE_TRAINING'], modifier: 30 }), dice(1)));
    expect(result.dice).toEqual([die(1, { total: 31, hit: false })]);
  });

  it('Melee with 2d20, 20: a crit', () => {
    const rng = dice(20, 5, 7, 46);
    const { result } = accepted(run(attack, table(), swing(), rng));
    expect(result.dice).toEqual([die(20, { crit: true }), die(5), die(7, { awarded: true })]);
    expect(result.crits).toEqual([expect.objectContaining({ dieIndex: 0, roll: 46, effect: 'ROCKED', applied: true })]);
  });

  it('Range with 2d20, 20: always a hit, never a crit — not even with an effect that grants crits', () => {
    const rng = dice(20, 5);
    const { result } = accepted(run(attack, table({ defense: 40 }), swing({ kind: 'RANGED', skills: ['ARCHERY', 'VOLLEY'], grantsCrit: true }), rng));
    expect(result.dice).toEqual([die(20, { hit: true }), die(5, { hit: false })]);
    expect(result).toMatchObject({ hits: 1, crits: [] });
    expect(rng.drawn).toEqual(['d20', 'd20']);
  });

  it('reads a natural 20 and 1 per die: 20 and 1 in one pool are a hit and a miss', () => {
    const { result } = accepted(run(attack, table(), swing({ skills: ['MELEE_TRAINING', 'CHARGING'], modifier: 15 }), dice(20, 1)));
    expect(result.dice.map((one) => [one.value, one.hit])).toEqual([
      [20, true],
      [1, false],
    ]);
  });
});

describe('a crit: melee, a natural 20, at least two d20 in the pool, and a style or an effect that grants crits (seed 004, lines 47–48)', () => {
  it.each<[string, Partial<AttackInput>, number[], boolean]>([
    ['training and a style, 2d20', {}, [20, 5], true],
    ['slashing among 5 dice, the 20 last', { skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW'] }, [3, 4, 5, 6, 20], true],
    ['polearms with forte', { skills: ['STYLE_POLEARMS', 'WEAPON_FORTE'] }, [20, 5], true],
    ['no style and no effect: a hit, no crit', { skills: ['MELEE_TRAINING', 'CHARGING'] }, [20, 5], false],
    ['no style, but an effect grants crits', { skills: ['MELEE_TRAINING', 'CHARGING'], grantsCrit: true }, [20, 5], true],
    ['a style with one die is not enough', { skills: ['STYLE_POLEARMS'] }, [20], false],
    ['a novice (polearms, 1d20) with advantage reaches two dice and crits', { skills: ['STYLE_POLEARMS'], advantage: true }, [3, 20], true],
    ['a stylist at disadvantage is down to one die', { disadvantage: true }, [20], false],
    ['the untrained roll is one die, even with an effect', { skills: [], grantsCrit: true }, [20, 20], false],
  ])('%s', (_, input, pool, crits) => {
    const rng = dice(...pool, ...(crits ? [9, 31] : []));
    const { result } = accepted(run(attack, table(), swing(input), rng));
    expect(result.dice.some((one) => one.crit)).toBe(crits);
    expect(result.crits).toHaveLength(crits ? 1 : 0);
    expect(result.dice.filter((one) => one.awarded)).toHaveLength(crits ? 1 : 0);
    expect(rng.unused).toEqual([]);
  });

  it('awards one d20 however many natural 20s the pool had, and rolls the table once per crit', () => {
    const rng = dice(20, 20, 20, 4, 46, 31, 26);
    const { result } = accepted(run(attack, table(), swing({ skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE'] }), rng));
    expect(result.dice).toEqual([die(20, { crit: true }), die(20, { crit: true }), die(20, { crit: true }), die(4, { awarded: true, hit: false })]);
    expect(result.crits.map((crit) => [crit.dieIndex, crit.roll, crit.effect])).toEqual([
      [0, 46, 'ROCKED'],
      [1, 31, 'REELING'],
      [2, 26, 'OFF_BALANCE'],
    ]);
    expect(result.hits).toBe(3);
    expect(rng.drawn).toEqual(['d20', 'd20', 'd20', 'd20', 'd100', 'd100', 'd100']);
  });

  it('chains: each awarded natural 20 is another crit and another d20 (a forced sequence of 20s)', () => {
    // pool 20, 3; awarded 20, 20, 20, 9; then the table for 4 crits: Hard Hit (d3 2), Rocked, Rocked, Bleeding (00).
    const rng = dice(20, 3, 20, 20, 20, 9, 1, 2, 46, 47, 100);
    const { result, state } = accepted(run(attack, table(), swing(), rng));
    expect(result.dice).toEqual([
      die(20, { crit: true }),
      die(3),
      die(20, { crit: true, awarded: true }),
      die(20, { crit: true, awarded: true }),
      die(20, { crit: true, awarded: true }),
      die(9, { awarded: true }),
    ]);
    expect(result.crits.map((crit) => [crit.dieIndex, crit.roll, crit.effect, crit.amount])).toEqual([
      [0, 1, 'HARD_HIT', 2],
      [2, 46, 'ROCKED', null],
      [3, 47, 'ROCKED', null],
      [4, 100, 'BLEEDING', null],
    ]);
    expect(result).toMatchObject({ poolSize: 2, hits: 4, hitDamage: 4, critDamage: 2, damage: 6 });
    expect(state.combatants.orc).toMatchObject({ damageTaken: 6, conditions: [condition('BLEEDING', 'UNTIL_BANDAGED_OR_HEALED', 'ana')] });
    expect(rng.drawn).toEqual(['d20', 'd20', 'd20', 'd20', 'd20', 'd20', 'd100', 'd3', 'd100', 'd100', 'd100']);
  });

  it('lets the award pass the 5d20 limit: 5 skills + advantage + the award is 7 dice', () => {
    const rng = dice(20, 2, 2, 2, 2, 2, 15, 46);
    const { result } = accepted(
      run(attack, table(), swing({ skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW'], advantage: true }), rng),
    );
    expect(result.poolSize).toBe(6);
    expect(result.dice).toHaveLength(7);
    expect(result.dice[6]).toEqual(die(15, { awarded: true }));
    expect(result.hits).toBe(2);
  });

  it('reads the awarded die like the others: a natural 1 misses even at +20', () => {
    const { result } = accepted(run(attack, table(), swing({ modifier: 20 }), dice(20, 5, 1, 46)));
    expect(result.dice[2]).toEqual(die(1, { total: 21, hit: false, awarded: true }));
    expect(result.hits).toBe(2);
  });
});

describe('each crit lands on the target without a save (crit-effect table)', () => {
  /** A crit from die 0 (20, 5, awarded 5 — one hit), then the table roll and its d3. */
  const critWith = (roll: number, d3: number[] = [], target: Partial<Combatant> = {}) =>
    accepted(run(attack, table(target), swing(), dice(20, 5, 5, roll, ...d3)));

  it.each<[number, CritEffect, number[], Partial<Combatant>, number]>([
    [1, 'HARD_HIT', [3], {}, 4],
    [11, 'AGONY', [2], { pain: 2 }, 1],
    [16, 'UNNERVED', [], { anxiety: 1 }, 1],
    [21, 'SMOTE', [], { spite: 1 }, 1],
    [31, 'REELING', [], {}, 1],
    [46, 'ROCKED', [], {}, 1],
    [51, 'ROLLED', [], {}, 1],
  ])('roll %i, %s: instant, nothing stays on the target', (roll, effect, d3, tallies, damage) => {
    const { result, state } = critWith(roll, d3);
    expect(result.crits).toEqual([expect.objectContaining({ effect, lastsUntil: 'INSTANT', applied: true, ignoredBecause: null })]);
    expect(result.damage).toBe(damage);
    expect(state.combatants.orc).toMatchObject({ conditions: [], damageTaken: damage, pain: 0, anxiety: 0, spite: 0, ...tallies });
  });

  it.each<[number, CritEffect, string, (standing: ReturnType<typeof standingOf>) => unknown, unknown]>([
    [26, 'OFF_BALANCE', 'ATTACKERS_NEXT_TURN', (s) => s.offBalanceAgainst, []],
    [36, 'GARB_ISSUE', 'UNTIL_CORRECTED', (s) => s.defense, 10],
    [41, 'STUCK', 'END_OF_ITS_NEXT_TURN', (s) => [s.canMove, s.canDodge], [false, false]],
    [56, 'MY_EYES', 'END_OF_ITS_NEXT_TURN', (s) => s.blind, true],
    [61, 'CONFUSION', 'ITS_NEXT_TURN', (s) => s.mustAttack, null],
    [66, 'HEAVY_BLOW', 'END_OF_ITS_NEXT_TURN', (s) => s.disadvantageOnAllRolls, true],
    [71, 'AWE_STRUCK', 'END_OF_ITS_NEXT_TURN', (s) => s.frightened, true],
    [75, 'CRUSHED', 'END_OF_ITS_NEXT_TURN', (s) => s.stunned, true],
    [79, 'BEATEN', 'UNTIL_SHORT_REST', (s) => s.disadvantageOnResilienceSaves, true],
    [83, 'SHOCKED', 'UNTIL_SHORT_REST', (s) => s.disadvantageOnJudgmentSaves, true],
    [87, 'EAR_SPLIT', 'UNTIL_SHORT_REST', (s) => s.deafened, true],
    [91, 'LEG_STRIKE', 'UNTIL_SHORT_REST', (s) => s.movementPenaltyFeet, 10],
    [94, 'MARKED', 'PERMANENT', (s) => [s.scarred, s.disadvantageOnSocial], [true, true]],
    [97, 'WARDROBE_MALFUNCTION', 'UNTIL_REPAIRED', (s) => s.defense, 10],
    [99, 'BLEEDING', 'UNTIL_BANDAGED_OR_HEALED', (s) => s.bleeding, true],
  ])('roll %i, %s: stays on the target, %s', (roll, effect, lastsUntil, read, expected) => {
    const { result, state } = critWith(roll);
    expect(result.crits).toEqual([expect.objectContaining({ roll, effect, lastsUntil, applied: true, ignoredBecause: null, amount: null })]);
    expect(state.combatants.orc.conditions).toEqual([condition(effect, lastsUntil as never, 'ana')]);
    expect(read(standingOf(state.combatants.orc))).toEqual(expected);
  });

  it.each<[string, number, ImmunityKind[], boolean, string | null, ImmunityKind[]]>([
    ['Awe-Struck on a creature immune to fear', 71, ['FEAR'], false, 'IMMUNE_TO_FEAR', ['FEAR']],
    ['Crushed on a creature immune to stun', 75, ['STUN'], false, 'IMMUNE_TO_STUN', ['STUN']],
    ['Rocked on a creature immune to prone', 46, ['PRONE'], false, 'IMMUNE_TO_PRONE', ['PRONE']],
    ['My eyes! on a creature immune to blindness', 56, ['BLIND'], false, 'IMMUNE_TO_BLIND', ['BLIND']],
    ['Ear-split on a creature immune to deafness', 87, ['DEAFEN'], false, 'IMMUNE_TO_DEAFEN', ['DEAFEN']],
    ['Bleeding on a creature that does not bleed', 100, ['BLEED'], false, 'IMMUNE_TO_BLEED', ['BLEED']],
    ['Marked on a creature that does not scar', 95, ['SCAR'], false, 'IMMUNE_TO_SCAR', ['SCAR']],
    ['Heavy Blow on a creature immune to disadvantage', 66, ['DISADVANTAGE'], false, 'IMMUNE_TO_DISADVANTAGE', ['DISADVANTAGE']],
    ['Rolled on a creature immune to prone: still pushed', 51, ['PRONE'], true, 'IMMUNE_TO_PRONE', ['PRONE']],
    ['Rolled on a creature immune to push and prone', 51, ['PUSH', 'PRONE'], false, 'IMMUNE_TO_PUSH', ['PUSH', 'PRONE']],
    ['Awe-Struck on a creature immune to stun only', 71, ['STUN'], true, null, []],
    ['Hard Hit on a creature immune to everything it can be', 1, ['FEAR', 'STUN', 'PRONE', 'PAIN', 'BLEED'], true, null, []],
  ])('%s', (_, roll, immunities, applied, ignoredBecause, ignoredKinds) => {
    const d3 = roll === 1 ? [3] : [];
    const { result, state } = critWith(roll, d3, { immunities });
    expect(result.crits[0]).toMatchObject({ roll, applied, ignoredBecause, ignoredKinds });
    if (!applied || result.crits[0].lastsUntil === 'INSTANT') expect(state.combatants.orc.conditions).toEqual([]);
    else expect(state.combatants.orc.conditions).toHaveLength(1);
  });

  it('rolls no d3 for an Agony the target is immune to', () => {
    const rng = dice(20, 5, 5, 12);
    const { result, state } = accepted(run(attack, table({ immunities: ['PAIN'] }), swing(), rng));
    expect(result.crits[0]).toMatchObject({ effect: 'AGONY', applied: false, ignoredBecause: 'IMMUNE_TO_PAIN', amount: null });
    expect(state.combatants.orc.pain).toBe(0);
    expect(rng.drawn).not.toContain('d3');
  });

  it.each<[number, CritEffect]>([
    [38, 'GARB_ISSUE'],
    [98, 'WARDROBE_MALFUNCTION'],
  ])('roll %i, %s: no effect on a target without armor (seed 004, line 44)', (roll, effect) => {
    const { result, state } = critWith(roll, [], { armorWorn: false });
    expect(result.crits[0]).toMatchObject({ effect, applied: false, ignoredBecause: 'NO_ARMOR_WORN' });
    expect(state.combatants.orc.conditions).toEqual([]);
  });

  it('foes crit player characters by the same rules', () => {
    const state = stateWith([combatant('ogre', { skills: ['MELEE_TRAINING', 'STYLE_BLUDGEONING'] }), combatant('ana', { characterId: 'char-ana' })]);
    const { result } = accepted(run(attack, state, { attackerId: 'ogre', targetId: 'ana', kind: 'MELEE', skills: ['MELEE_TRAINING', 'STYLE_BLUDGEONING'] }, dice(20, 4, 8, 99)));
    expect(result.crits[0]).toMatchObject({ effect: 'BLEEDING', applied: true });
    expect(result.target.conditions).toEqual([condition('BLEEDING', 'UNTIL_BANDAGED_OR_HEALED', 'ogre')]);
  });

  it('starts a condition the target already has afresh rather than stacking it (Decision)', () => {
    const stuck = condition('STUCK', 'END_OF_ITS_NEXT_TURN', 'bo', { turnsBegun: 1 });
    const { state } = accepted(run(attack, table({ conditions: [stuck] }), swing(), dice(20, 5, 5, 42)));
    expect(state.combatants.orc.conditions).toEqual([condition('STUCK', 'END_OF_ITS_NEXT_TURN', 'ana')]);
  });
});

describe('conditions that change the next attack', () => {
  it.each<[string, Partial<Combatant>, number]>([
    ['Garb Issue: −2 Defense', { conditions: [condition('GARB_ISSUE', 'UNTIL_CORRECTED', 'bo')] }, 10],
    ['Wardrobe Malfunction: −2 Defense', { conditions: [condition('WARDROBE_MALFUNCTION', 'UNTIL_REPAIRED', 'bo')] }, 10],
    ['both: −4 (Decision)', { conditions: [condition('GARB_ISSUE', 'UNTIL_CORRECTED', 'bo'), condition('WARDROBE_MALFUNCTION', 'UNTIL_REPAIRED', 'bo')] }, 8],
    ['either, armor taken off since: no effect', { armorWorn: false, conditions: [condition('GARB_ISSUE', 'UNTIL_CORRECTED', 'bo')] }, 12],
  ])('%s: the dice are read against Defense %i', (_, target, defense) => {
    const { result } = accepted(run(attack, table(target), swing({ skills: ['MELEE_TRAINING'] }), dice(defense)));
    expect(result.setup.defense).toBe(defense);
    expect(result.dice[0].hit).toBe(true);
  });

  it.each<[string, number, string[], number]>([
    ['Off Balance by the attacker, its next turn begun: advantage', 1, ['OFF_BALANCE'], 2],
    ['Off Balance by the attacker, its next turn not yet begun: none', 0, [], 1],
  ])('%s', (_, turnsBegun, advantageFrom, poolSize) => {
    const target = { conditions: [condition('OFF_BALANCE', 'ATTACKERS_NEXT_TURN', 'ana', { turnsBegun })] };
    const { result } = accepted(run(attack, table(target), swing({ skills: ['MELEE_TRAINING'] }), dice(10, 10)));
    expect(result.advantageFrom).toEqual(advantageFrom);
    expect(result.poolSize).toBe(poolSize);
  });

  it("gives no advantage against a target another attacker put Off Balance", () => {
    const target = { conditions: [condition('OFF_BALANCE', 'ATTACKERS_NEXT_TURN', 'bo', { turnsBegun: 1 })] };
    expect(accepted(run(attack, table(target), swing({ skills: ['MELEE_TRAINING'] }), dice(10))).result.poolSize).toBe(1);
  });

  it('Off Balance and advantage asked for give one die, not two (Decision)', () => {
    const target = { conditions: [condition('OFF_BALANCE', 'ATTACKERS_NEXT_TURN', 'ana', { turnsBegun: 1 })] };
    const { result } = accepted(run(attack, table(target), swing({ skills: ['MELEE_TRAINING'], advantage: true }), dice(10, 10)));
    expect(result).toMatchObject({ advantageFrom: ['INPUT', 'OFF_BALANCE'], poolSize: 2 });
  });

  it('Heavy Blow puts the attacker at disadvantage', () => {
    const attacker = { conditions: [condition('HEAVY_BLOW', 'END_OF_ITS_NEXT_TURN', 'orc')] };
    const { result } = accepted(run(attack, table({}, attacker), swing(), dice(10)));
    expect(result).toMatchObject({ disadvantageFrom: ['HEAVY_BLOW'], poolSize: 1 });
  });

  it('Confusion: on its turn a confused attacker attacks the target drawn for it, and no other', () => {
    const attacker = { conditions: [condition('CONFUSION', 'ITS_NEXT_TURN', 'orc', { turnsBegun: 1, randomTarget: 'bo' })] };
    expect(refused(run(attack, table({}, attacker), swing()))).toMatchObject({ reason: 'CONFUSED', message: expect.stringContaining('Bo') });
    expect(accepted(run(attack, table({}, attacker), swing({ targetId: 'bo' }), dice(10, 10))).result.target.id).toBe('bo');
  });
});

describe('refusals change nothing', () => {
  const fighting = () => stateWith([ana(), orc(), combatant('bo')], [combatOf(['ana', 'bo'])]);
  it.each<[string, Partial<AttackInput>, string]>([
    ['an unknown attacker', { attackerId: 'zed' }, 'UNKNOWN_COMBATANT'],
    ['an unknown target', { targetId: 'zed' }, 'UNKNOWN_COMBATANT'],
    ['attacking oneself', { targetId: 'ana' }, 'SAME_COMBATANT'],
    ['a kind of attack that does not exist', { kind: 'THROWN' as never }, 'INVALID_KIND'],
    ['a skill the attacker does not have', { skills: ['STYLE_CLEAVING'] }, 'SKILL_NOT_KNOWN'],
    ['a skill named twice', { skills: ['MELEE_TRAINING', 'MELEE_TRAINING'] }, 'DUPLICATE_SKILL'],
    ['a skill not in UPPER_SNAKE', { skills: ['Style: Slashing'] }, 'INVALID_SKILL'],
    ['a fractional modifier', { modifier: 1.5 }, 'INVALID_NUMBER'],
    ['negative damage', { damagePerHit: -1 }, 'INVALID_NUMBER'],
    ['advantage that is not a flag', { advantage: 'yes' as never }, 'INVALID_NUMBER'],
  ])('%s', (_, input, reason) => {
    expect(refused(run(attack, table(), swing(input)))).toMatchObject({ reason, message: expect.any(String) });
  });

  it.each<[string, string]>([
    ['a combatant in a combat attacks one outside it', 'orc'],
    ['one outside a combat attacks one in it', 'bo'],
  ])('%s', (_, targetId) => {
    const input = targetId === 'bo' ? swing({ attackerId: 'orc', targetId }) : swing({ targetId });
    expect(refused(run(attack, fighting(), input))).toMatchObject({ reason: 'NOT_IN_SAME_COMBAT' });
  });

  it('lets combatants of one combat attack each other out of turn (a reaction)', () => {
    const state = fighting();
    expect(accepted(run(attack, state, swing({ targetId: 'bo', attackerId: 'ana' }), dice(10, 10))).result.hits).toBe(0);
  });
});
