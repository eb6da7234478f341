import { callTrial, revealRisk } from './calls.js';
import { attack } from './combat.js';
import { accepted, activeCharacter, combatWith, dice, inRegion, refused, run, tableWith } from './testing.js';
import type { TenthRealmState } from './table.js';
import { trialRoll } from './trial-roll.js';

/** Ana stands in a risk-2 region whose next cards are a black and a red one. */
const table = (): TenthRealmState =>
  tableWith({ drawPile: ['2S', '3H'], world: inRegion(2), characters: { ana: activeCharacter({ attributes: { STRENGTH: 2, DEXTERITY: 0, WILLPOWER: 0, HEART: 0 } }), bo: activeCharacter() } });

const call = (state: TenthRealmState, extra: Record<string, unknown> = {}) =>
  accepted(run(callTrial, state, { callId: 'c1', characterId: 'ana', attribute: 'STRENGTH' as const, dr: 9, drAdjustments: [{ amount: 1, reason: 'rain' }], ...extra })).state;

describe('a call for a trial, then its roll (seed 002 lines 123–126)', () => {
  it('stores the GM\'s DR and changes; the roll uses them and uses the call up', () => {
    const called = call(table());
    expect(called.world.calls?.c1).toMatchObject({ characterId: 'ana', attribute: 'STRENGTH', dr: 9, revealed: null });
    const rolled = accepted(run(trialRoll, called, { characterId: 'ana', callId: 'c1' }, dice(8)));
    // 9 + 1 (rain) + 2 (one black card) = 12; 8 + 2 = 10 is a setback.
    expect(rolled.result).toMatchObject({ baseDr: 9, effectiveDr: 12, score: 10, success: false });
    expect(rolled.state.world.calls).toEqual({});
    expect(refused(run(trialRoll, rolled.state, { characterId: 'ana', callId: 'c1' }, dice(8))).reason).toBe('UNKNOWN_CALL');
  });

  it('is rolled only for the character called', () => {
    expect(refused(run(trialRoll, call(table()), { characterId: 'bo', callId: 'c1' }, dice(8))).reason).toBe('CALL_FOR_ANOTHER_CHARACTER');
  });

  it('leaves the attribute to the player when the GM names none, and holds them to it when the GM does', () => {
    const open = call(table(), { attribute: undefined });
    expect(refused(run(trialRoll, open, { characterId: 'ana', callId: 'c1' }, dice(8))).reason).toBe('INVALID_CALL');
    expect(accepted(run(trialRoll, open, { characterId: 'ana', callId: 'c1', attribute: 'HEART' }, dice(8))).result.attributeModifier).toBe(0);
    expect(refused(run(trialRoll, call(table()), { characterId: 'ana', callId: 'c1', attribute: 'HEART' }, dice(8))).reason).toBe('INVALID_CALL');
  });

  it('refuses a feat die outside d4–d12', () => {
    expect(refused(run(callTrial, table(), { callId: 'c1', characterId: 'ana', attribute: 'STRENGTH', featDie: 20 })).reason).toBe('INVALID_DIE');
  });
});

describe('two steps: the risk is revealed, then the player burns and rolls (seed 002 line 125)', () => {
  it('reveals the risk cards once, and the roll reveals no more', () => {
    const revealed = accepted(run(revealRisk, call(table()), { callId: 'c1', characterId: 'ana' }));
    expect(revealed.result).toEqual({ callId: 'c1', revealed: [{ code: '2S', color: 'BLACK' }, { code: '3H', color: 'RED' }], drAfterRisk: 12 });
    expect(refused(run(revealRisk, revealed.state, { callId: 'c1', characterId: 'ana' })).reason).toBe('RISK_ALREADY_REVEALED');
    const rolled = accepted(run(trialRoll, revealed.state, { characterId: 'ana', callId: 'c1' }, dice(15)));
    expect(rolled.result).toMatchObject({ effectiveDr: 12, success: true, revealed: [{ code: '2S' }, { code: '3H' }], cardKept: { code: '3H' } });
    expect(rolled.state.piles.hands.ana).toEqual(['3H']);
  });

  it('reveals nothing for a fate roll', () => {
    expect(refused(run(revealRisk, call(table(), { fate: true }), { callId: 'c1', characterId: 'ana' })).reason).toBe('INVALID_CALL');
  });
});

describe('an attack answering a call takes the feat die the GM assigned (seed 002 line 239)', () => {
  it('rolls the called feat die', () => {
    const state = { ...call(table(), { featDie: 10, dr: -50, drAdjustments: [] }), combat: combatWith(['ana']) };
    const rng = dice(10, 7, 1);
    const outcome = accepted(run(attack, state, { characterId: 'ana', callId: 'c1', encounterId: 'fight-1', enemyId: 'e1', mode: 'FEAT' as const }, rng));
    expect(rng.rolled).toEqual(['d20', 'd10', 'd4']);
    expect(outcome.result).toMatchObject({ damageDie: 10, damage: 6 });
  });
});
