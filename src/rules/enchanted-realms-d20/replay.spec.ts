import type { LoggedEvent } from '../kernel/replay.js';
import { RandomStream } from '../random/random-stream.js';
import { attack, type AttackInput } from './attack.js';
import { callCheck, check } from './check.js';
import { endCombat, nextTurn, startCombat } from './combat.js';
import { createCombatant } from './combatant.js';
import { shortRest, treat } from './recovery.js';
import { REPLAYERS } from './replay.js';
import { D20_EVENTS, type D20State } from './state.js';
import { accepted, combatant, combatOf, condition, dice, stateWith } from './testing.js';

const logged = (event: { type: string; payload: Record<string, unknown> }, seq = 7): LoggedEvent => ({ seq, type: event.type, payload: structuredClone(event.payload) });

const table = (): D20State => stateWith([combatant('ana'), combatant('orc', { defense: 12, immunities: ['FEAR'] }), combatant('bo')]);
const swing: AttackInput = { attackerId: 'ana', targetId: 'orc', kind: 'MELEE', skills: ['MELEE_TRAINING', 'STYLE_SLASHING'], modifier: 1, damagePerHit: 2 };
/** Pool 20, 3; a chain of 20, 20, 9; the table: Hard Hit (d3 2), Awe-Struck (the orc is immune), Bleeding. */
const CHAIN = [20, 3, 20, 20, 9, 1, 2, 72, 100];

function chainAttack() {
  return accepted(attack(table(), swing, dice(...CHAIN))).events[0];
}

describe('replaying an attack from its event', () => {
  it('finds nothing wrong with an honest event, drawing what the rule drew', () => {
    const rng = dice(...CHAIN);
    expect(REPLAYERS[D20_EVENTS.attack](logged(chainAttack()), rng)).toEqual([]);
    expect(rng.unused).toEqual([]);
  });

  it('finds nothing wrong with events rolled on the campaign stream, replayed on the same stream', () => {
    const seed = Buffer.alloc(32, 9);
    let crits = 0;
    for (let seq = 1; seq <= 40; seq += 1) {
      const state = stateWith([combatant('ana', { skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW'] }), combatant('orc')]);
      const input = { ...swing, skills: ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW'] };
      const stream = new RandomStream(seed, seq);
      const outcome = accepted(attack(state, input, stream));
      crits += (outcome.result.crits as unknown[]).length;
      const replay = new RandomStream(seed, seq);
      expect(REPLAYERS[D20_EVENTS.attack](logged(outcome.events[0], seq), replay)).toEqual([]);
      expect(replay.wordsUsed).toBe(stream.wordsUsed);
    }
    expect(crits).toBeGreaterThan(0);
  });

  it.each<[string, (payload: any) => void, string]>([
    ['a die face', (p) => (p.dice[1].value = 19), 'dice[1].value: the event says 19, the stream gives 3'],
    ['a total', (p) => (p.dice[1].total = 14), 'dice[1].total: the event says 14, the stream gives 4'],
    ['a hit flag', (p) => (p.dice[1].hit = true), 'dice[1].hit: the event says true, the stream gives false'],
    ['a crit flag', (p) => (p.dice[4].crit = true), 'dice[4].crit: the event says true, the stream gives false'],
    ['an awarded die left out', (p) => p.dice.pop(), 'dice: the event lists 4, the stream gives 5'],
    ['the hits', (p) => (p.hits = 5), 'hits: the event says 5, the stream gives 3'],
    ['the damage', (p) => (p.damage = 20), 'damage: the event says 20, the stream gives 8'],
    ['a crit effect', (p) => (p.crits[2].effect = 'HARD_HIT'), 'crits[2].effect: the event says "HARD_HIT", the stream gives "BLEEDING"'],
    ['a crit roll', (p) => (p.crits[0].roll = 10), 'crits[0].roll: the event says 10, the stream gives 1'],
    ['a Hard Hit d3', (p) => (p.crits[0].amount = 3), 'crits[0].amount: the event says 3, the stream gives 2'],
    ['an immunity ignored', (p) => (p.crits[1].applied = true), 'crits[1].applied: the event says true, the stream gives false'],
    ['why it was ignored', (p) => (p.crits[1].ignoredBecause = null), 'crits[1].ignoredBecause: the event says null, the stream gives "IMMUNE_TO_FEAR"'],
    ['the Defense rolled against', (p) => (p.setup.defense = 4), 'hits: the event says 3, the stream gives 5'],
    ['a modifier the input did not give', (p) => (p.setup.modifier = 5), 'setup.modifier: the event says 5, the stream gives 1'],
    ['crits enabled without a style or an effect', (p) => (p.skills = ['MELEE_TRAINING', 'CHARGING']), 'setup.critEnabled: the event says true, the stream gives false'],
    ['no setup at all', (p) => delete p.setup, 'setup: the event does not say what the attack was rolled with'],
    ['an immunity no creature has', (p) => (p.setup.targetImmunities = ['FIRE']), "setup.targetImmunities: the event's value cannot be rolled with"],
  ])('catches a tampered %s', (_, tamper, sentence) => {
    const event = logged(chainAttack());
    tamper(event.payload);
    expect(REPLAYERS[D20_EVENTS.attack](event, dice(...CHAIN, 10, 10, 10))).toContain(sentence);
  });

  it('reports a payload too broken to read instead of throwing', () => {
    const event = logged(chainAttack());
    event.payload.dice = 'many';
    expect(REPLAYERS[D20_EVENTS.attack](event, dice(...CHAIN))).toEqual(['dice: the event says "many", the stream gives a list of 5']);
    expect(REPLAYERS[D20_EVENTS.check]({ seq: 1, type: D20_EVENTS.check, payload: {} }, dice())).toEqual(['setup: the event does not say what the check was rolled with']);
  });
});

describe('replaying a check', () => {
  const rolled = () => accepted(check(table(), { combatantId: 'ana', kind: 'AWARENESS', dice: 2, modifier: 1, targetValue: 12, advantage: true }, dice(1, 15, 20))).events[0];

  it('finds nothing wrong with an honest event', () => {
    expect(REPLAYERS[D20_EVENTS.check](logged(rolled()), dice(1, 15, 20))).toEqual([]);
  });

  it.each<[string, (payload: any) => void, string]>([
    ['a die face', (p) => (p.rolled[0].value = 2), 'rolled[0].value: the event says 2, the stream gives 1'],
    ['a success', (p) => (p.rolled[0].success = true), 'rolled[0].success: the event says true, the stream gives false'],
    ['the count of successes', (p) => (p.successes = 3), 'successes: the event says 3, the stream gives 2'],
    ['a pool larger than the input gives', (p) => (p.setup.poolSize = 2), 'setup.poolSize: the event says 2, the stream gives 3'],
    ['the Target Value', (p) => (p.setup.targetValue = 1), 'setup.targetValue: the event says 1, the stream gives 12'],
  ])('catches a tampered %s', (_, tamper, sentence) => {
    const event = logged(rolled());
    tamper(event.payload);
    expect(REPLAYERS[D20_EVENTS.check](event, dice(1, 15, 20))).toContain(sentence);
  });
});

describe('replaying the start of a turn', () => {
  const confusedTurn = () => {
    const state = stateWith([combatant('ana'), combatant('orc', { conditions: [condition('CONFUSION', 'ITS_NEXT_TURN', 'ana'), condition('BLEEDING', 'UNTIL_BANDAGED_OR_HEALED', 'ana')] }), combatant('bo')], [combatOf(['ana', 'orc', 'bo'])]);
    return accepted(nextTurn(state, { encounterId: 'fight' }, dice(0))).events[0];
  };

  it('finds nothing wrong with an honest event: the drawn target and the Bleeding', () => {
    expect(confusedTurn().payload.started).toEqual({ combatantId: 'orc', round: 1, bleedingDamage: 1, confusion: { candidates: ['ana', 'bo'], target: 'ana' } });
    expect(REPLAYERS[D20_EVENTS.turnAdvanced](logged(confusedTurn()), dice(0))).toEqual([]);
  });

  it.each<[string, (payload: any) => void, string]>([
    ['random target', (p) => (p.started.confusion.target = 'bo'), 'started.confusion.target: the event says "bo", the stream gives "ana"'],
    ['Bleeding damage', (p) => (p.started.bleedingDamage = 3), 'started.bleedingDamage: the event says 3, Bleeding deals 0 or 1'],
    ['list of candidates holding the confused one', (p) => (p.started.confusion.candidates = ['orc', 'bo']), 'started.confusion.candidates: the others a confused combatant may attack, not itself'],
  ])('catches a tampered %s', (_, tamper, sentence) => {
    const event = logged(confusedTurn());
    tamper(event.payload);
    expect(REPLAYERS[D20_EVENTS.turnAdvanced](event, dice(0))).toContain(sentence);
  });
});

describe('every event type the rules record has a replayer', () => {
  it('covers a session that uses every rule', () => {
    let state: D20State = stateWith([]);
    const types: string[] = [];
    const play = <I,>(ruleFn: (s: D20State, i: I, r: ReturnType<typeof dice>) => any, input: I, ...script: number[]) => {
      const outcome = accepted(ruleFn(state, input, dice(...script)));
      state = outcome.state;
      types.push(...outcome.events.map((event: { type: string }) => event.type));
    };
    const base = { defense: 12, armorWorn: true, skills: ['MELEE_TRAINING', 'STYLE_SLASHING'], immunities: [] };
    play(createCombatant, { combatantId: 'ana', name: 'Ana', ...base });
    play(createCombatant, { combatantId: 'orc', name: 'Orc', ...base });
    play(startCombat, { encounterId: 'e', combatantIds: ['ana', 'orc'] });
    play(attack, { attackerId: 'ana', targetId: 'orc', kind: 'MELEE', skills: ['MELEE_TRAINING', 'STYLE_SLASHING'] }, 20, 5, 5, 99);
    play(callCheck, { combatantId: 'orc', kind: 'FEAT_SAVE', targetValue: 10 });
    play(check, { combatantId: 'orc', kind: 'FEAT_SAVE', dice: 1, modifier: 0, targetValue: 10, asCalled: true }, 12);
    play(nextTurn, { encounterId: 'e' });
    play(endCombat, { encounterId: 'e' });
    play(shortRest, { combatantIds: ['orc'] });
    play(treat, { combatantId: 'orc', condition: 'BLEEDING', treatment: 'BANDAGE' });
    expect(new Set(types)).toEqual(new Set(Object.values(D20_EVENTS)));
    expect(Object.keys(REPLAYERS).sort()).toEqual(Object.values(D20_EVENTS).sort());
  });
});
