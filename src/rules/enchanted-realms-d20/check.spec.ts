import { callCheck, check, type CallCheckInput, type CheckCall, type CheckInput, type CheckKind } from './check.js';
import { D20_EVENTS, type Condition } from './state.js';
import { accepted, combatant, condition, dice, refused, run, stateWith } from './testing.js';

const table = (conditions: Condition[] = []) => stateWith([combatant('ana', { conditions })]);
const roll = (kind: CheckKind, extra: Partial<CheckInput> = {}): CheckInput => ({ combatantId: 'ana', kind, dice: 1, modifier: 0, targetValue: 12, ...extra });

describe('raw dice values of checks, saves and competitions (seed 004, lines 10–17)', () => {
  it.each<[string, CheckKind, number, number, number, boolean, boolean]>([
    ['Awareness, 20: a success, against Target Value 40', 'AWARENESS', 20, 0, 40, true, false],
    ['Awareness, 1: quite distracted, though 1 + 30 meets 12', 'AWARENESS', 1, 30, 12, false, true],
    ['Awareness, other faces: the total against the Target Value', 'AWARENESS', 10, 2, 12, true, false],
    ['Preservation save, 20: a success against 40', 'PRESERVATION_SAVE', 20, 0, 40, true, false],
    ['Preservation save, 1: a failure at +30', 'PRESERVATION_SAVE', 1, 30, 12, false, false],
    ['Feat save, 20: a success against 40', 'FEAT_SAVE', 20, 0, 40, true, false],
    ['Feat save, 1: a failure at +30', 'FEAT_SAVE', 1, 30, 12, false, false],
    ['Competition roll, 12: by total score only (12 short of 15)', 'COMPETITION', 12, 0, 15, false, false],
    ['Competition roll, 1: by total score only (1 + 20 beats 15)', 'COMPETITION', 1, 20, 15, true, false],
    ['Picking a lock (a skill check), 20: by total score only (20 short of 25)', 'SKILL', 20, 0, 25, false, false],
    ['Bartering (a skill check), 20: by total score only (20 + 2 meets 22)', 'SKILL', 20, 2, 22, true, false],
    ['a skill check, 1: by total (1 + 15 meets 12)', 'SKILL', 1, 15, 12, true, false],
    ['an attribute check, 20: by total (20 short of 21)', 'ATTRIBUTE', 20, 0, 21, false, false],
    ['an attribute check, 1: by total (1 + 11 meets 12)', 'ATTRIBUTE', 1, 11, 12, true, false],
  ])('%s', (_, kind, face, modifier, targetValue, success, quiteDistracted) => {
    const rng = dice(face);
    const { result } = accepted(run(check, table(), roll(kind, { modifier, targetValue }), rng));
    expect(result.rolled).toEqual([expect.objectContaining({ value: face, total: face + modifier, success, quiteDistracted })]);
    expect(result).toMatchObject({ successes: success ? 1 : 0, success, quiteDistracted });
    expect(rng.drawn).toEqual([kind === 'COMPETITION' ? 'd12' : 'd20']);
  });

  it('reads a competition d12 showing 12 as no natural 20', () => {
    expect(accepted(run(check, table(), roll('COMPETITION'), dice(12))).result.rolled[0]).toMatchObject({ natural20: false, natural1: false });
  });
});

describe('a pool of checks is read die by die: each success counts', () => {
  it('3 dice against 12: 15 and 12 succeed, 4 fails', () => {
    const { result } = accepted(run(check, table(), roll('SKILL', { dice: 3 }), dice(15, 4, 12)));
    expect(result.rolled.map((die) => die.success)).toEqual([true, false, true]);
    expect(result).toMatchObject({ successes: 2, success: true, setup: { poolSize: 3, sides: 20 } });
  });

  it('an Awareness pool with a success is not distracted by a natural 1 among its dice (Decision)', () => {
    const { result } = accepted(run(check, table(), roll('AWARENESS', { dice: 2 }), dice(1, 15)));
    expect(result.rolled.map((die) => die.quiteDistracted)).toEqual([true, false]);
    expect(result).toMatchObject({ successes: 1, quiteDistracted: false });
  });

  it.each<[string, Partial<CheckInput>, number]>([
    ['advantage adds a die', { advantage: true }, 2],
    ['disadvantage takes one away', { dice: 2, disadvantage: true }, 1],
    ['0 from skills with advantage is one die', { dice: 0, advantage: true }, 1],
  ])('%s', (_, extra, poolSize) => {
    const { result } = accepted(run(check, table(), roll('SKILL', extra), dice(...Array<number>(poolSize).fill(10))));
    expect(result.setup.poolSize).toBe(poolSize);
  });
});

describe('conditions that put checks at disadvantage (crit-effect table)', () => {
  const heavyBlow = condition('HEAVY_BLOW', 'END_OF_ITS_NEXT_TURN', 'orc');
  const beaten = condition('BEATEN', 'UNTIL_SHORT_REST', 'orc');
  const shocked = condition('SHOCKED', 'UNTIL_SHORT_REST', 'orc');
  const marked = condition('MARKED', 'PERMANENT', 'orc');

  it.each<[string, Condition[], Partial<CheckInput>, string[]]>([
    ['Heavy Blow: every roll', [heavyBlow], { kind: 'SKILL' }, ['HEAVY_BLOW']],
    ['Beaten: a Resilience save', [beaten], { kind: 'PRESERVATION_SAVE', subAttribute: 'RESILIENCE' }, ['BEATEN']],
    ['Beaten: not a Judgment save', [beaten], { kind: 'FEAT_SAVE', subAttribute: 'JUDGMENT' }, []],
    ['Beaten: not a skill check of Resilience', [beaten], { kind: 'SKILL', subAttribute: 'RESILIENCE' }, []],
    ['Shocked: a Judgment save', [shocked], { kind: 'FEAT_SAVE', subAttribute: 'judgment' }, ['SHOCKED']],
    ['Marked: a social interaction', [marked], { kind: 'SKILL', social: true }, ['MARKED']],
    ['Marked: not another check', [marked], { kind: 'SKILL' }, []],
    ['Heavy Blow and asked-for disadvantage: one die off', [heavyBlow], { kind: 'SKILL', disadvantage: true }, ['INPUT', 'HEAVY_BLOW']],
  ])('%s', (_, conditions, extra, disadvantageFrom) => {
    const input = roll('SKILL', { dice: 3, ...extra });
    const poolSize = disadvantageFrom.length > 0 ? 2 : 3;
    const { result } = accepted(run(check, table(conditions), input, dice(...Array<number>(poolSize).fill(10))));
    expect(result).toMatchObject({ disadvantageFrom, setup: { poolSize } });
  });
});

describe('refusals', () => {
  it.each<[string, Condition[], Partial<CheckInput>, string]>([
    ['a pool of 0 dice', [], { dice: 0 }, 'EMPTY_POOL'],
    ['one die at disadvantage', [], { disadvantage: true }, 'EMPTY_POOL'],
    ['one die under Heavy Blow', [condition('HEAVY_BLOW', 'END_OF_ITS_NEXT_TURN', 'orc')], {}, 'EMPTY_POOL'],
    ['6 dice from skills', [], { dice: 6 }, 'INVALID_NUMBER'],
    ['a fractional Target Value', [], { targetValue: 7.5 }, 'INVALID_NUMBER'],
    ['an unknown kind', [], { kind: 'PERCEPTION' as never }, 'INVALID_KIND'],
    ['an unknown combatant', [], { combatantId: 'zed' }, 'UNKNOWN_COMBATANT'],
  ])('%s', (_, conditions, extra, reason) => {
    expect(refused(run(check, table(conditions), roll('SKILL', extra)))).toMatchObject({ reason, message: expect.any(String) });
  });
});

describe('a check the GM calls, which the player rolls (seed 004, line 17: the GM sets the Target Value)', () => {
  const call: CheckCall = { kind: 'PRESERVATION_SAVE', targetValue: 14, advantage: false, disadvantage: true, subAttribute: 'RESILIENCE', social: false };
  const called = (conditions: Condition[] = []) => stateWith([combatant('ana', { conditions, calledCheck: call })]);
  const asCalled = (extra: Partial<CheckInput> = {}): CheckInput => ({ combatantId: 'ana', kind: 'PRESERVATION_SAVE', dice: 2, modifier: 3, targetValue: 14, asCalled: true, ...extra });

  it('keeps the call on the combatant and records it', () => {
    const input: CallCheckInput = { combatantId: 'ana', kind: 'PRESERVATION_SAVE', targetValue: 14, disadvantage: true, subAttribute: ' resilience ' };
    const outcome = accepted(run(callCheck, table(), input));
    expect(outcome.result.call).toEqual(call);
    expect(outcome.state.combatants.ana.calledCheck).toEqual(call);
    expect(outcome.events).toEqual([{ type: D20_EVENTS.checkCalled, payload: expect.objectContaining({ combatantId: 'ana', call }) }]);
  });

  it('replaces a call that waits with the new one', () => {
    const outcome = accepted(run(callCheck, called(), { combatantId: 'ana', kind: 'AWARENESS', targetValue: 11 }));
    expect(outcome.state.combatants.ana.calledCheck).toEqual({ kind: 'AWARENESS', targetValue: 11, advantage: false, disadvantage: false, subAttribute: null, social: false });
  });

  it("rolls as called: the call's disadvantage applies, the input's circumstances do not, and the call is answered", () => {
    const outcome = accepted(run(check, called(), asCalled({ advantage: true }), dice(13)));
    expect(outcome.result).toMatchObject({ advantageFrom: [], disadvantageFrom: ['INPUT'], setup: { poolSize: 1, targetValue: 14 }, successes: 1, answeredCall: call });
    expect(outcome.state.combatants.ana.calledCheck).toBeNull();
  });

  it("applies Beaten through the call's sub-attribute", () => {
    const beaten = condition('BEATEN', 'UNTIL_SHORT_REST', 'orc');
    const outcome = accepted(run(check, called([beaten]), asCalled({ dice: 3 }), dice(10, 10)));
    expect(outcome.result.disadvantageFrom).toEqual(['INPUT', 'BEATEN']);
  });

  it('is answered by a check the GM rolls of the kind and Target Value called, and not by another', () => {
    const same = accepted(run(check, called(), { combatantId: 'ana', kind: 'PRESERVATION_SAVE', dice: 1, modifier: 0, targetValue: 14 }, dice(8)));
    expect(same.state.combatants.ana.calledCheck).toBeNull();
    const other = accepted(run(check, called(), { combatantId: 'ana', kind: 'AWARENESS', dice: 1, modifier: 0, targetValue: 14 }, dice(8)));
    expect(other.result.answeredCall).toBeNull();
    expect(other.state.combatants.ana.calledCheck).toEqual(call);
  });

  it.each<[string, CheckCall | null, Partial<CheckInput>, string]>([
    ['no call', null, {}, 'NO_CHECK_CALLED'],
    ['another kind', call, { kind: 'FEAT_SAVE' }, 'NOT_THE_CHECK_CALLED'],
    ['another Target Value', call, { targetValue: 9 }, 'NOT_THE_CHECK_CALLED'],
  ])('refuses a check as called with %s', (_, calledCheck, extra, reason) => {
    const state = stateWith([combatant('ana', { calledCheck })]);
    expect(refused(run(check, state, asCalled(extra), dice(10, 10)))).toMatchObject({ reason, message: expect.any(String) });
  });

  it.each<[string, Partial<CallCheckInput>, string]>([
    ['an unknown combatant', { combatantId: 'zed' }, 'UNKNOWN_COMBATANT'],
    ['an unknown kind', { kind: 'LUCK' as never }, 'INVALID_KIND'],
    ['a fractional Target Value', { targetValue: 1.5 }, 'INVALID_NUMBER'],
    ['a sub-attribute that is not a name', { subAttribute: 'resilience!' }, 'INVALID_SUB_ATTRIBUTE'],
  ])('refuses a call of %s', (_, extra, reason) => {
    expect(refused(run(callCheck, table(), { combatantId: 'ana', kind: 'SKILL', targetValue: 12, ...extra }))).toMatchObject({ reason });
  });
});
