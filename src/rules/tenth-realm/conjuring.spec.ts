import { callTrial } from './calls.js';
import { endConjuring } from './conjuring.js';
import { tenthRealmOddsView, tenthRealmTrialOdds } from './odds.js';
import type { TenthRealmSheet } from './sheet.js';
import type { TenthRealmState } from './table.js';
import { accepted, activeCharacter, dice, inRegion, refused, run, tableWith } from './testing.js';
import { trialRoll, type TrialInput } from './trial-roll.js';

/** Ana: strength +2, a BEAR (activeCharacter's Vanori). */
const ana = (overrides: Partial<TenthRealmSheet> = {}): TenthRealmSheet => activeCharacter({ attributes: { STRENGTH: 2, DEXTERITY: 0, WILLPOWER: 1, HEART: -1 }, ...overrides });

const table = (sheet: TenthRealmSheet = ana(), options: Parameters<typeof tableWith>[0] = {}) =>
  tableWith({ hands: { ana: ['KS', 'QS'] }, world: inRegion(0), ...options, characters: { ana: sheet, ...options.characters } });

const strength = (extra: Partial<TrialInput> = {}): TrialInput => ({ characterId: 'ana', attribute: 'STRENGTH', dr: 14, ...extra });
const conjure = (amount?: number, form?: 'CONJURED' | 'TAKEN_FORM') => ({ burns: [{ characterId: 'ana', cardId: 'KS', effect: 'VANORI' as const, amount, form }] });

describe('a conjured Vanori lasts until the GM ends it (seed 002 line 77)', () => {
  it('the burn lowers the DR of its roll and stays on the sheet', () => {
    const outcome = accepted(run(trialRoll, table(), strength(conjure(3, 'TAKEN_FORM')), dice(10)));
    expect(outcome.result).toMatchObject({ baseDr: 14, conjured: 3, effectiveDr: 11, score: 12, success: true, burned: ['KS'], cardKept: null });
    expect(outcome.state.characters.ana.conjuring).toEqual({ amount: 3, form: 'TAKEN_FORM' });
  });

  it('the form defaults to the Vanori conjured beside the character', () => {
    expect(accepted(run(trialRoll, table(), strength(conjure(2)), dice(10))).state.characters.ana.conjuring).toEqual({ amount: 2, form: 'CONJURED' });
  });

  it('each later roll of the character has its DR lowered without a burn, and may keep a card', () => {
    let state: TenthRealmState = accepted(run(trialRoll, table(ana(), { world: inRegion(1), drawPile: ['2H'] }), strength(conjure(3)), dice(10))).state;
    state = { ...state, piles: { ...state.piles, drawPile: ['3H', ...state.piles.drawPile.filter((card) => card !== '3H')] } };
    const later = accepted(run(trialRoll, state, strength(), dice(10)));
    expect(later.result).toMatchObject({ conjured: 3, effectiveDr: 11, score: 12, success: true, burned: [], cardKept: { code: '3H' } });
    expect(later.state.characters.ana.conjuring).toEqual({ amount: 3, form: 'CONJURED' });
  });

  it("lowers only its own character's rolls", () => {
    const state = table(ana({ conjuring: { amount: 4, form: 'CONJURED' } }), { characters: { bo: activeCharacter() } });
    expect(accepted(run(trialRoll, state, { characterId: 'bo', attribute: 'STRENGTH', dr: 14 }, dice(10))).result).toMatchObject({ conjured: 0, effectiveDr: 14 });
  });

  it('is refused a second time while it lasts, and a roll conjures with one card', () => {
    expect(refused(run(trialRoll, table(ana({ conjuring: { amount: 2, form: 'CONJURED' } })), strength(conjure(2)), dice(10)))).toMatchObject({ reason: 'VANORI_ALREADY_CONJURED' });
    const twice = { burns: [...conjure(2).burns, { characterId: 'ana', cardId: 'QS', effect: 'VANORI' as const, amount: 1 }] };
    expect(refused(run(trialRoll, table(), strength(twice), dice(10)))).toEqual({ reason: 'INVALID_BURN', message: 'the Vanori is conjured with one card' });
  });

  it('answering a call, the amount is the one the GM put in the call', () => {
    const called = accepted(run(callTrial, table(), { callId: 'c1', characterId: 'ana', attribute: 'STRENGTH', dr: 14, conjuringAmount: 2 })).state;
    const outcome = accepted(run(trialRoll, called, { characterId: 'ana', callId: 'c1', ...conjure() }, dice(10)));
    expect(outcome.result).toMatchObject({ conjured: 2, effectiveDr: 12, call: { conjuringAmount: 2 } });
    expect(outcome.state.characters.ana.conjuring).toEqual({ amount: 2, form: 'CONJURED' });
  });

  it('a call without an amount leaves the player nothing to conjure with', () => {
    const called = accepted(run(callTrial, table(), { callId: 'c1', characterId: 'ana', dr: 14 })).state;
    expect(refused(run(trialRoll, called, { characterId: 'ana', callId: 'c1', attribute: 'STRENGTH', ...conjure() }, dice(10)))).toMatchObject({
      reason: 'INVALID_BURN',
      message: expect.stringContaining('conjuringAmount'),
    });
    expect(refused(run(callTrial, table(), { callId: 'c2', characterId: 'ana', conjuringAmount: 0 }))).toMatchObject({ reason: 'INVALID_CALL' });
  });

  it('the GM ends it: later rolls are at the full DR; ending none is refused', () => {
    const conjured = table(ana({ conjuring: { amount: 3, form: 'TAKEN_FORM' } }));
    const ended = accepted(run(endConjuring, conjured, { characterId: 'ana' }));
    expect(ended.result).toEqual({ ended: { amount: 3, form: 'TAKEN_FORM' } });
    expect(ended.events.map((event) => event.type)).toEqual(['tenth-realm.conjuring.ended']);
    expect(ended.state.characters.ana.conjuring).toBeNull();
    expect(accepted(run(trialRoll, ended.state, strength(), dice(10))).result).toMatchObject({ conjured: 0, effectiveDr: 14 });
    expect(refused(run(endConjuring, ended.state, { characterId: 'ana' }))).toMatchObject({ reason: 'NOT_CONJURED' });
  });

  it('the odds count a Vanori conjured before, or by the roll, and refuse a second conjuring', () => {
    const view = (sheet: TenthRealmSheet) => tenthRealmOddsView(table(sheet), ['ana']);
    const odds = (sheet: TenthRealmSheet, input: TrialInput) => {
      const answer = tenthRealmTrialOdds(view(sheet), input);
      if (!answer.ok) throw new Error(answer.violation.message);
      return answer.odds;
    };
    expect(odds(ana({ conjuring: { amount: 3, form: 'CONJURED' } }), strength()).drBeforeCards).toBe(11);
    expect(odds(ana(), strength(conjure(2))).drBeforeCards).toBe(12);
    expect(odds(ana(), strength()).drBeforeCards).toBe(14);
    expect(tenthRealmTrialOdds(view(ana({ conjuring: { amount: 3, form: 'CONJURED' } })), strength(conjure(2)))).toMatchObject({ ok: false, violation: { reason: 'VANORI_ALREADY_CONJURED' } });
  });
});
