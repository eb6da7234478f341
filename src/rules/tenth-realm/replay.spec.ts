import type { Rule, RuleEvent } from '../kernel/outcome.js';
import { RandomStream } from '../random/random-stream.js';
import { burnCard } from './burns.js';
import { callTrial, revealRisk, type TrialCall } from './calls.js';
import { attack, defend, morale, startCombat } from './combat.js';
import { chooseVanori, createCharacter, finishCharacter, redrawAttribute, rerollResilience } from './creation.js';
import { blessing } from './experience.js';
import { REPLAYERS } from './replay.js';
import { rest, resilienceCheck } from './resilience.js';
import type { TenthRealmState } from './table.js';
import { accepted, activeCharacter, combatWith, draftCharacter, enemy, inRegion, tableWith, vanoriOf } from './testing.js';
import { trialRoll } from './trial-roll.js';
import { endConjuring } from './conjuring.js';
import { enterRegion, oracle, reaction, rollStartingRegion, travel } from './world.js';

const SEED = Buffer.alloc(32, 11);

interface Mutation {
  seq: number;
  events: RuleEvent[];
}

/** Runs a rule on the stream of `seq`, as the server does. */
function mutate<I, R>(rule: Rule<TenthRealmState, I, R>, state: TenthRealmState, input: I, seq = 5): Mutation {
  return { seq, events: accepted(rule(state, input, new RandomStream(SEED, seq))).events };
}

/** Replays one mutation's events in seq order on a fresh stream, as a verifier does. */
function replay({ seq, events }: Mutation): string[] {
  const rng = new RandomStream(SEED, seq);
  return events.flatMap((event, index) => REPLAYERS[event.type]({ seq: seq + index, type: event.type, payload: event.payload }, rng));
}

/** A copy of the mutation with its first event's payload changed. */
function tampered(mutation: Mutation, change: (payload: Record<string, any>) => void): Mutation {
  const events = structuredClone(mutation.events);
  change(events[0].payload);
  return { seq: mutation.seq, events };
}

/** A GM's call for ana, waiting on the table (calls.ts). */
const call = (overrides: Partial<TrialCall> = {}): TrialCall => ({
  id: 'c1',
  characterId: 'ana',
  attribute: 'STRENGTH',
  dr: 15,
  drAdjustments: [{ amount: 2, reason: 'rain' }],
  featDie: null,
  fate: false,
  revealed: null,
  ...overrides,
});

const ana = activeCharacter({ attributes: { STRENGTH: 2, DEXTERITY: 0, WILLPOWER: 1, HEART: -1 }, vanori: vanoriOf('WOLF') });

describe('Tenth Realm replayers: every outcome follows from the recorded draws', () => {
  const honest: Array<[string, Mutation]> = [
    ['a character created', mutate(createCharacter, tableWith(), { characterId: 'ana' })],
    ['an attribute redrawn', mutate(redrawAttribute, tableWith({ characters: { ana: draftCharacter() } }), { characterId: 'ana', attribute: 'HEART' })],
    ['a Vanori rolled', mutate(chooseVanori, tableWith({ characters: { ana: draftCharacter() } }), { characterId: 'ana', vanori: 'ROLL' })],
    ['resilience rerolled', mutate(rerollResilience, tableWith({ characters: { ana: draftCharacter({ vanori: vanoriOf('OX') }) } }), { characterId: 'ana' })],
    ['a character finished', mutate(finishCharacter, tableWith({ characters: { ana: draftCharacter({ vanori: vanoriOf('OX') }) } }), { characterId: 'ana', weaponName: 'Axe' })],
    ['the starting region', mutate(rollStartingRegion, tableWith(), {})],
    ['a region entered', mutate(enterRegion, tableWith(), { hex: 'B4' })],
    ['a day of rowing past two new hexes and a known one', mutate(travel, tableWith({ world: inRegion(2, 'A1') }), { mode: 'ROW', hexes: ['B1', 'A1', 'C1'] })],
    [
      'a day of rowing whose reveals run out the draw pile',
      mutate(travel, tableWith({ drawPile: ['2S'], rest: 'DISCARD_PILE' }), { mode: 'ROW', hexes: ['B1', 'B2', 'B3'] }),
    ],
    [
      'a roll that conjures the Vanori, answering a call',
      mutate(trialRoll, tableWith({ characters: { ana }, hands: { ana: ['KS'] }, world: { ...inRegion(2), calls: { c1: call({ conjuringAmount: 3 }) } } }), {
        callId: 'c1',
        characterId: 'ana',
        burns: [{ characterId: 'ana', cardId: 'KS', effect: 'VANORI' }],
      }),
    ],
    [
      'a roll while the Vanori is conjured',
      mutate(trialRoll, tableWith({ characters: { ana: { ...ana, conjuring: { amount: 2, form: 'TAKEN_FORM' } } }, world: inRegion(2) }), { characterId: 'ana', attribute: 'STRENGTH', dr: 14 }),
    ],
    ['a conjuring ended', mutate(endConjuring, tableWith({ characters: { ana: { ...ana, conjuring: { amount: 2, form: 'CONJURED' } } } }), { characterId: 'ana' })],
    ['a trial roll in a risky region', mutate(trialRoll, tableWith({ characters: { ana }, world: inRegion(3) }), { characterId: 'ana', attribute: 'STRENGTH', dr: 12 })],
    [
      'a trial roll whose reveal runs out the draw pile',
      mutate(trialRoll, tableWith({ characters: { ana }, world: inRegion(4), drawPile: ['2S', '3H'], rest: 'DISCARD_PILE' }), { characterId: 'ana', attribute: 'STRENGTH' }),
    ],
    ['a call for a trial', mutate(callTrial, tableWith({ characters: { ana } }), { callId: 'c1', characterId: 'ana', dr: 15 })],
    ['risk revealed ahead of a call', mutate(revealRisk, tableWith({ characters: { ana }, world: { ...inRegion(3), calls: { c1: call() } } }), { callId: 'c1', characterId: 'ana' })],
    [
      'a roll answering a call whose risk was revealed ahead',
      mutate(trialRoll, tableWith({ characters: { ana }, world: { ...inRegion(3), calls: { c1: call({ revealed: ['2S', '3H', 'KC'] }) } } }), { callId: 'c1', characterId: 'ana' }),
    ],
    ...[1, 2, 3, 4, 5].map((seq): [string, Mutation] => [
      `an attack answering a call with the GM's rulings (stream ${seq})`,
      mutate(
        attack,
        tableWith({ characters: { ana }, combat: combatWith(['ana'], [enemy({ armorDie: 4 })]), world: { ...inRegion(1), calls: { c1: call({ dr: 12, ignoreArmor: true, consequenceInPlaceOfDamage: 'the rope snaps' }) } } }),
        { callId: 'c1', characterId: 'ana', encounterId: 'fight-1', enemyId: 'e1', mode: 'WEAPON' },
        seq,
      ),
    ]),
    ...[1, 2, 3, 4, 5].map((seq): [string, Mutation] => [
      `a defence answering a call with a consequence in place of damage (stream ${seq})`,
      mutate(
        defend,
        tableWith({ characters: { ana }, combat: combatWith(['ana']), world: { calls: { c1: call({ dr: 18, attribute: 'DEXTERITY', consequenceInPlaceOfDamage: 'pinned down' }) } } }),
        { callId: 'c1', characterId: 'ana', encounterId: 'fight-1', enemyId: 'e1' },
        seq,
      ),
    ]),
    ['a rest', mutate(rest, tableWith({ characters: { ana: { ...ana, resilience: 1 } } }), { characterId: 'ana', kind: 'SHORT' })],
    ['a resilience check', mutate(resilienceCheck, tableWith({ characters: { ana: { ...ana, resilience: 0, pending: { ...ana.pending, resilienceCheckDue: true } } } }), { characterId: 'ana' })],
    ['a blessing', mutate(blessing, tableWith({ characters: { ana: { ...ana, xp: 8 } } }), { characterId: 'ana' })],
    ['a reaction', mutate(reaction, tableWith(), {})],
    ['an oracle', mutate(oracle, tableWith(), { question: 'Is the bridge safe?', factors: 2 })],
    ['a combat started', mutate(startCombat, tableWith({ characters: { ana } }), { encounterId: 'fight-1', characterIds: ['ana'], enemies: [{ name: 'Troll', resilience: 6, armorDie: 4, weaponDie: 8 }] })],
    ...[1, 2, 3, 4, 5].map((seq): [string, Mutation] => [
      `an attack (stream ${seq})`,
      mutate(attack, tableWith({ characters: { ana }, combat: combatWith(['ana'], [enemy({ armorDie: 4 })]), world: inRegion(1) }), { characterId: 'ana', attribute: 'STRENGTH', encounterId: 'fight-1', enemyId: 'e1', mode: 'WEAPON' }, seq),
    ]),
    ...[1, 2, 3, 4, 5].map((seq): [string, Mutation] => [
      `a defence (stream ${seq})`,
      mutate(defend, tableWith({ characters: { ana: { ...ana, pending: { ...ana.pending, bearArmorD4: true } } }, combat: combatWith(['ana']) }), { characterId: 'ana', attribute: 'DEXTERITY', dr: 15, encounterId: 'fight-1', enemyId: 'e1' }, seq),
    ]),
    ['a morale check', mutate(morale, tableWith({ characters: { ana }, combat: combatWith(['ana']) }), { encounterId: 'fight-1' })],
    [
      "a WOLF's burn",
      mutate(burnCard, tableWith({ characters: { ana }, combat: combatWith(['ana']), hands: { ana: ['KS'] } }), { characterId: 'ana', cardId: 'KS', effect: 'VANORI', targetEnemyId: 'e1' }),
    ],
  ];

  it.each(honest)('%s: no problem', (_, mutation) => {
    expect(mutation.events.length).toBeGreaterThan(0);
    expect(replay(mutation)).toEqual([]);
  });

  it('covers every event type the rules record', () => {
    for (const [, { events }] of honest) for (const event of events) expect(Object.keys(REPLAYERS)).toContain(event.type);
  });

  it('replays a reshuffle from the number of cards it shuffled, and catches a count that does not give the draws after it', () => {
    const [, mutation] = honest.find(([name]) => name.includes('runs out'))!;
    const payload = mutation.events[0].payload as Record<string, any>;
    expect(payload.reshuffled).toBe(true);
    expect(payload.reshuffles).toEqual([{ reveal: 0, drawnBefore: 2, discardCount: expect.any(Number) }]);
    const miscounted = tampered(mutation, (stated) => (stated.reshuffles[0].discardCount -= 7));
    expect(replay(miscounted).length).toBeGreaterThan(0);
    const unrecorded = tampered(mutation, (stated) => delete stated.reshuffles);
    expect(replay(unrecorded)[0]).toContain('not recorded');
  });

  it.each<[string, string, (payload: Record<string, any>) => void, string]>([
    ['a trial roll', 'a trial roll in a risky region', (payload) => (payload.success = !payload.success), 'success is'],
    ['a trial roll', 'a trial roll in a risky region', (payload) => (payload.d20 = (payload.d20 % 20) + 1), 'd20 is'],
    ['a trial roll', 'a trial roll in a risky region', (payload) => (payload.effectiveDr += 2), 'effectiveDr is'],
    ['a roll answering a call', 'a roll answering a call whose risk was revealed ahead', (payload) => (payload.baseDr = 12), 'baseDr is'],
    ['a roll answering a call', 'a roll answering a call whose risk was revealed ahead', (payload) => (payload.revealed[0].code = 'AH'), 'revealed is'],
    ['revealed risk', 'risk revealed ahead of a call', (payload) => (payload.revealed[0].color = payload.revealed[0].color === 'RED' ? 'BLACK' : 'RED'), 'revealed colors is'],
    ['a created character', 'a character created', (payload) => (payload.attributes.HEART += 1), 'attributes is'],
    ['a Vanori', 'a Vanori rolled', (payload) => (payload.maxResilience += 1), 'maxResilience is'],
    ['an attack', 'an attack (stream 1)', (payload) => (payload.damage += 1), 'damage is'],
    ['an oracle', 'an oracle', (payload) => (payload.answer = payload.answer === 'NO' ? 'STRONG_YES' : 'NO'), 'answer is'],
    ['a region', 'a region entered', (payload) => (payload.riskRating = 5), 'riskRating is'],
    ['a day of travel', 'a day of rowing past two new hexes and a known one', (payload) => (payload.entered[2].riskRating = 5), 'entered[2].riskRating is'],
    ['a day of travel', 'a day of rowing past two new hexes and a known one', (payload) => (payload.entered[0].riskCard = payload.entered[0].riskCard === 'AH' ? 'AS' : 'AH'), 'entered[0].'],
    ['a conjuring roll', 'a roll that conjures the Vanori, answering a call', (payload) => (payload.conjured = 5), 'conjured is'],
    ['a roll while conjured', 'a roll while the Vanori is conjured', (payload) => (payload.effectiveDr += 2), 'effectiveDr is'],
  ])('a tampered outcome of %s with honest draws is reported (%s)', (_, name, change, problem) => {
    const [, mutation] = honest.find(([each]) => each === name)!;
    const problems = replay(tampered(mutation, change));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((each) => each.startsWith(problem))).toBe(true);
  });

  it('reports a payload it cannot read instead of throwing', () => {
    const [, mutation] = honest.find(([name]) => name === 'an oracle')!;
    expect(replay(tampered(mutation, (payload) => (payload.cards = 'many')))[0]).toContain('cannot be replayed');
  });
});
