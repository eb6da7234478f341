import { endCombat, nextTurn, startCombat } from './combat.js';
import type { LastsUntil } from './crit-table.js';
import { D20_EVENTS, standingOf, type Condition, type D20State } from './state.js';
import { accepted, combatant, combatOf, condition, dice, refused, run, stateWith, type ScriptedRng } from './testing.js';

/** Ana, the orc and Bo fight in that order; it is Ana's turn of round 1. */
function fight(conditions: Record<string, Condition[]> = {}): D20State {
  const ids = ['ana', 'orc', 'bo'];
  return stateWith(
    ids.map((id) => combatant(id, { conditions: conditions[id] ?? [] })),
    [combatOf(ids)],
  );
}

/** Advances `times` turns; returns the state and each call's result. */
function advance(state: D20State, times: number, rng: ScriptedRng = dice()) {
  const results = [];
  for (let i = 0; i < times; i += 1) {
    const outcome = accepted(run(nextTurn, state, { encounterId: 'fight' }, rng));
    state = outcome.state;
    results.push(outcome.result);
  }
  return { state, results };
}

describe('the combat tracker: turns in the order given, rounds', () => {
  it('starts round 1 at the first combatant\'s turn (Decision: the GM gives the order)', () => {
    const state = stateWith([combatant('ana'), combatant('orc'), combatant('bo')]);
    const outcome = accepted(run(startCombat, state, { campaignId: 'camp', encounterId: 'e-1', combatantIds: ['orc', 'ana', 'bo'] }));
    const combat = { id: 'e-1', status: 'ACTIVE', order: ['orc', 'ana', 'bo'], turnIndex: 0, round: 1 };
    expect(outcome.result).toEqual({ combat, started: { combatantId: 'orc', round: 1, bleedingDamage: 0, confusion: null } });
    expect(outcome.state.encounters['e-1']).toEqual(combat);
    expect(outcome.events).toEqual([{ type: D20_EVENTS.combatStarted, payload: expect.objectContaining({ encounterId: 'e-1', combat }) }]);
  });

  it('passes the turn down the order and begins a new round after the last', () => {
    const { results } = advance(fight(), 5);
    expect(results.map((result) => [result.endedTurnOf, result.started.combatantId, result.combat.round])).toEqual([
      ['ana', 'orc', 1],
      ['orc', 'bo', 1],
      ['bo', 'ana', 2],
      ['ana', 'orc', 2],
      ['orc', 'bo', 2],
    ]);
  });

  it.each<[string, D20State, string[], string]>([
    ['one combatant', stateWith([combatant('ana')]), ['ana'], 'TOO_FEW_COMBATANTS'],
    ['a combatant twice', stateWith([combatant('ana'), combatant('bo')]), ['ana', 'ana'], 'TOO_FEW_COMBATANTS'],
    ['an unknown combatant', stateWith([combatant('ana')]), ['ana', 'zed'], 'UNKNOWN_COMBATANT'],
    ['a combatant already fighting', stateWith([combatant('ana'), combatant('bo'), combatant('cy')], [combatOf(['ana', 'bo'], { id: 'other' })]), ['cy', 'bo'], 'ALREADY_IN_COMBAT'],
    ['an encounter id already used', stateWith([combatant('ana'), combatant('bo')], [combatOf(['ana', 'bo'], { id: 'e-1', status: 'ENDED' })]), ['ana', 'bo'], 'ENCOUNTER_EXISTS'],
  ])('refuses to start a combat with %s', (_, state, combatantIds, reason) => {
    expect(refused(run(startCombat, state, { encounterId: 'e-1', combatantIds }))).toMatchObject({ reason, message: expect.any(String) });
  });

  it('lets a combatant whose combat ended fight again', () => {
    const state = stateWith([combatant('ana'), combatant('bo')], [combatOf(['ana', 'bo'], { id: 'old', status: 'ENDED' })]);
    expect(accepted(run(startCombat, state, { encounterId: 'new', combatantIds: ['bo', 'ana'] })).state.encounters.new.status).toBe('ACTIVE');
  });

  it.each<[string, D20State, string]>([
    ['an unknown combat', fight(), 'UNKNOWN_ENCOUNTER'],
    ['a combat that is over', stateWith([combatant('ana'), combatant('bo')], [combatOf(['ana', 'bo'], { id: 'nope', status: 'ENDED' })]), 'COMBAT_OVER'],
  ])('refuses the next turn of %s', (_, state, reason) => {
    expect(refused(run(nextTurn, state, { encounterId: 'nope' }))).toMatchObject({ reason });
  });
});

describe('durations: a condition set during Ana\'s turn of round 1 (turns: Ana, orc, Bo, Ana, orc, Bo)', () => {
  it.each<[string, string, Condition['name'], LastsUntil, string, number | null]>([
    ["end of its next turn: Stuck on the orc ends as the orc's turn ends", 'orc', 'STUCK', 'END_OF_ITS_NEXT_TURN', 'ana', 2],
    ["end of its next turn, set on Ana in her own turn (a reaction): her current turn does not count", 'ana', 'STUCK', 'END_OF_ITS_NEXT_TURN', 'orc', 4],
    ["attacker's next turn: Off Balance by Ana ends as Ana's next turn ends", 'orc', 'OFF_BALANCE', 'ATTACKERS_NEXT_TURN', 'ana', 4],
    ['until a short rest: Beaten outlasts the turns', 'orc', 'BEATEN', 'UNTIL_SHORT_REST', 'ana', null],
    ['until corrected: Garb Issue outlasts the turns', 'orc', 'GARB_ISSUE', 'UNTIL_CORRECTED', 'ana', null],
    ['until repaired: Wardrobe Malfunction outlasts the turns', 'orc', 'WARDROBE_MALFUNCTION', 'UNTIL_REPAIRED', 'ana', null],
    ['until bandaged: Bleeding outlasts the turns', 'bo', 'BLEEDING', 'UNTIL_BANDAGED_OR_HEALED', 'ana', null],
    ['permanent: Marked outlasts the turns', 'orc', 'MARKED', 'PERMANENT', 'ana', null],
  ])('%s', (_, holder, name, lastsUntil, inflictedBy, endsOnCall) => {
    let state = fight({ [holder]: [condition(name, lastsUntil, inflictedBy)] });
    for (let call = 1; call <= 6; call += 1) {
      const { state: next, results } = advance(state, 1);
      state = next;
      const ended = results[0].expired.some((one) => one.combatantId === holder && one.condition === name);
      expect([call, ended]).toEqual([call, call === endsOnCall]);
      expect([call, state.combatants[holder].conditions.length]).toEqual([call, endsOnCall !== null && call >= endsOnCall ? 0 : 1]);
    }
  });

  it("its next turn: Confusion draws the orc's random target as its turn begins, holds it to that target, and ends with the turn", () => {
    const rng = dice(1);
    const { state, results } = advance(fight({ orc: [condition('CONFUSION', 'ITS_NEXT_TURN', 'ana')] }), 1, rng);
    expect(rng.drawn).toEqual(['u2']);
    expect(results[0].started.confusion).toEqual({ candidates: ['ana', 'bo'], target: 'bo' });
    expect(standingOf(state.combatants.orc).mustAttack).toBe('bo');
    const after = advance(state, 1);
    expect(after.results[0].expired).toEqual([{ combatantId: 'orc', condition: 'CONFUSION', inflictedBy: 'ana' }]);
    expect(standingOf(after.state.combatants.orc).mustAttack).toBeNull();
  });

  it("Off Balance gives Ana advantage only once her next turn has begun", () => {
    const { state } = advance(fight({ orc: [condition('OFF_BALANCE', 'ATTACKERS_NEXT_TURN', 'ana')] }), 2);
    expect(standingOf(state.combatants.orc).offBalanceAgainst).toEqual([]);
    expect(standingOf(advance(state, 1).state.combatants.orc).offBalanceAgainst).toEqual(['ana']);
  });
});

describe('Bleeding deals its damage when the bleeding combatant\'s turn starts', () => {
  it('bites the orc as each of its turns starts, and no one else\'s', () => {
    const { state, results } = advance(fight({ orc: [condition('BLEEDING', 'UNTIL_BANDAGED_OR_HEALED', 'ana')] }), 4);
    expect(results.map((result) => [result.started.combatantId, result.started.bleedingDamage])).toEqual([
      ['orc', 1],
      ['bo', 0],
      ['ana', 0],
      ['orc', 1],
    ]);
    expect(state.combatants.orc.damageTaken).toBe(2);
    expect(state.combatants.ana.damageTaken + state.combatants.bo.damageTaken).toBe(0);
  });

  it('bites at once when the bleeding combatant is first in a new combat', () => {
    const state = stateWith([combatant('orc', { conditions: [condition('BLEEDING', 'UNTIL_BANDAGED_OR_HEALED', 'ana')] }), combatant('ana')]);
    const outcome = accepted(run(startCombat, state, { encounterId: 'e-1', combatantIds: ['orc', 'ana'] }));
    expect(outcome.result.started).toMatchObject({ combatantId: 'orc', bleedingDamage: 1 });
    expect(outcome.state.combatants.orc.damageTaken).toBe(1);
  });
});

describe('ending a combat', () => {
  it('ends the turn-bound conditions its turns time and keeps the others (Decision)', () => {
    const state = fight({
      orc: [condition('STUCK', 'END_OF_ITS_NEXT_TURN', 'ana'), condition('OFF_BALANCE', 'ATTACKERS_NEXT_TURN', 'ana'), condition('BEATEN', 'UNTIL_SHORT_REST', 'ana')],
      bo: [condition('BLEEDING', 'UNTIL_BANDAGED_OR_HEALED', 'orc')],
    });
    const outcome = accepted(run(endCombat, state, { encounterId: 'fight' }));
    expect(outcome.result.combat.status).toBe('ENDED');
    expect(outcome.result.expired.map((one) => one.condition)).toEqual(['STUCK', 'OFF_BALANCE']);
    expect(outcome.state.combatants.orc.conditions.map((one) => one.name)).toEqual(['BEATEN']);
    expect(outcome.state.combatants.bo.conditions.map((one) => one.name)).toEqual(['BLEEDING']);
    expect(refused(run(nextTurn, outcome.state, { encounterId: 'fight' }))).toMatchObject({ reason: 'COMBAT_OVER' });
    expect(refused(run(endCombat, outcome.state, { encounterId: 'fight' }))).toMatchObject({ reason: 'COMBAT_OVER' });
  });
});
