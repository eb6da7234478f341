import { STANDARD_52 } from '../cards/presets.js';
import { accepted, dice, inRegion, refused, run, ScriptedRng, tableWith } from './testing.js';
import {
  enterRegion,
  initialRisk,
  MAX_ORACLE_FACTORS,
  MAX_RISK_RATING,
  MIN_RISK_RATING,
  oracle,
  oracleAnswer,
  reaction,
  rollStartingRegion,
  setRiskRating,
  startSession,
  travel,
  HEXES_PER_DAY,
  type OracleAnswer,
  type Reaction,
} from './world.js';

describe('initial risk of a region (tenth-realm.md, "Regions")', () => {
  it.each([
    ['4H', 1, 'a moment of serenity'],
    ['4D', 2, 'an unexpected twist'],
    ['4C', 2, 'an impending threat'],
    ['4S', 3, 'an imminent danger'],
  ])('%s: risk %i + %s', (card, riskRating, descriptor) => {
    expect(initialRisk(card)).toEqual({ riskRating, descriptor });
  });
});

describe('rollStartingRegion', () => {
  it('drops a d20 on the map', () => {
    const rng = dice(17);
    const outcome = accepted(run(rollStartingRegion, tableWith(), {}, rng));
    expect(outcome.result).toEqual({ d20: 17, hex: '17' });
    expect(rng.rolled).toEqual(['d20']);
    // The group is there: the hex is the current region until it moves on.
    expect(outcome.state.world.currentHex).toBe('17');
  });
});

describe('travel by day (seed 002 line 117, tenth-realm.md "Regions")', () => {
  it.each<[string, number]>([
    ['WALK', 1],
    ['MOUNT', 2],
    ['ROW', 3],
    ['SAIL', 4],
  ])('%s crosses %i hexes a day', (mode, most) => {
    expect(HEXES_PER_DAY[mode as keyof typeof HEXES_PER_DAY]).toBe(most);
    const hexes = Array.from({ length: most + 1 }, (_, i) => `h${i + 2}`);
    const input = { mode: mode as keyof typeof HEXES_PER_DAY, favourableWinds: true };
    expect(accepted(run(travel, tableWith({ world: inRegion(1) }), { ...input, hexes: hexes.slice(0, most) })).state.world.currentHex).toBe(`h${most + 1}`);
    expect(refused(run(travel, tableWith({ world: inRegion(1) }), { ...input, hexes }))).toEqual({
      reason: 'TOO_FAR_FOR_A_DAY',
      message: `${mode.toLowerCase()} crosses at most ${most} ${most === 1 ? 'hex' : 'hexes'} a day; ${most + 1} given`,
    });
  });

  it('enters each hex in order: a first visit reveals its risk card, a known hex reveals nothing; the last is current', () => {
    const state = tableWith({ drawPile: ['9S', '4H'], world: inRegion(2, 'A1') });
    const outcome = accepted(run(travel, state, { mode: 'ROW', hexes: ['B1', 'A1', 'C1'] }));
    expect(outcome.result).toEqual({
      from: 'A1',
      entered: [
        { hex: 'B1', firstVisit: true, riskCard: '9S', riskRating: 3, descriptor: 'an imminent danger' },
        { hex: 'A1', firstVisit: false, riskCard: null, riskRating: 2, descriptor: 'an impending threat' },
        { hex: 'C1', firstVisit: true, riskCard: '4H', riskRating: 1, descriptor: 'a moment of serenity' },
      ],
      currentHex: 'C1',
    });
    expect(outcome.state.world.currentHex).toBe('C1');
    expect(Object.keys(outcome.state.world.regions).sort()).toEqual(['A1', 'B1', 'C1']);
    expect(outcome.state.piles.discardPile).toEqual(['4H', '9S']);
    expect(outcome.events.map((event) => event.type)).toEqual(['tenth-realm.travelled']);
  });

  it('sails only with favourable winds', () => {
    expect(refused(run(travel, tableWith(), { mode: 'SAIL', hexes: ['B1'] }))).toMatchObject({ reason: 'NO_FAVOURABLE_WINDS' });
    expect(refused(run(travel, tableWith(), { mode: 'SAIL', hexes: ['B1'], favourableWinds: false }))).toMatchObject({ reason: 'NO_FAVOURABLE_WINDS' });
  });

  it.each<[string, string[]]>([
    ['no hex', []],
    ['the hex the group stands in', ['A1']],
    ['the same hex twice in a row', ['B1', 'B1']],
  ])('refuses a route with %s, writing nothing', (_, hexes) => {
    expect(refused(run(travel, tableWith({ world: inRegion(2, 'A1') }), { mode: 'MOUNT', hexes }))).toMatchObject({ reason: 'INVALID_ROUTE' });
  });

  it('reveals for every new hex even when the deck must be reshuffled between them', () => {
    const outcome = accepted(run(travel, tableWith({ drawPile: ['2S'], rest: 'DISCARD_PILE' }), { mode: 'ROW', hexes: ['B1', 'B2', 'B3'] }, new ScriptedRng([], { allowReshuffle: true })));
    expect(outcome.result.entered.map((hex) => hex.firstVisit)).toEqual([true, true, true]);
    expect(outcome.result.entered[0].riskCard).toBe('2S');
  });
});

describe('enterRegion', () => {
  it('reveals a card for the initial risk on the first visit, keeps the notes and moves the group there', () => {
    const outcome = accepted(run(enterRegion, tableWith({ drawPile: ['9S'] }), { hex: '0412', notes: 'a ruined watchtower' }));
    expect(outcome.result).toEqual({ firstVisit: true, riskCard: '9S', riskRating: 3, descriptor: 'an imminent danger' });
    expect(outcome.state.world.currentHex).toBe('0412');
    expect(outcome.state.world.regions['0412']).toEqual({
      hex: '0412',
      riskRating: 3,
      descriptor: 'an imminent danger',
      riskCard: '9S',
      notes: ['a ruined watchtower'],
    });
    expect(outcome.state.piles.discardPile).toEqual(['9S']);
  });

  it('reveals nothing on a second visit and keeps the rating the GM set', () => {
    let state = accepted(run(enterRegion, tableWith({ drawPile: ['9H'] }), { hex: 'A1' })).state;
    state = accepted(run(setRiskRating, state, { hex: 'A1', riskRating: 4 })).state;
    state = accepted(run(enterRegion, state, { hex: 'B2', notes: 'a bog' })).state;
    const again = accepted(run(enterRegion, state, { hex: 'A1', notes: 'the stones have moved' }));
    expect(again.result).toEqual({ firstVisit: false, riskCard: null, riskRating: 4, descriptor: 'a moment of serenity' });
    expect(again.state.piles).toEqual(state.piles);
    expect(again.state.world.currentHex).toBe('A1');
    expect(again.state.world.regions.A1.notes).toEqual(['the stones have moved']);
    expect(again.state.world.regions.A1.riskCard).toBe('9H');
  });
});

describe('setRiskRating (the GM steps it up or down; Decision: 0–5)', () => {
  it('has the range 0..5', () => {
    expect([MIN_RISK_RATING, MAX_RISK_RATING]).toEqual([0, 5]);
  });

  it.each([0, 1, 3, 5])('accepts %i', (riskRating) => {
    const outcome = accepted(run(setRiskRating, tableWith({ world: inRegion(2) }), { hex: 'h1', riskRating }));
    expect(outcome.result).toEqual({ previous: 2, riskRating });
    expect(outcome.state.world.regions.h1.riskRating).toBe(riskRating);
  });

  it.each([-1, 6, 2.5, Number.NaN])('refuses %p', (riskRating) => {
    expect(refused(run(setRiskRating, tableWith({ world: inRegion(2) }), { hex: 'h1', riskRating }))).toEqual({
      reason: 'INVALID_RISK_RATING',
      message: 'a risk rating is from 0 to 5',
    });
  });

  it('refuses a hex the group has not entered', () => {
    expect(refused(run(setRiskRating, tableWith(), { hex: 'Z9', riskRating: 1 }))).toEqual({
      reason: 'UNKNOWN_REGION',
      message: "the group has not entered hex 'Z9' yet",
    });
  });
});

describe('reaction (♥ helpful, ♦ curious, ♣ wary, ♠ hostile)', () => {
  it.each<[string, Reaction]>([
    ['JH', 'HELPFUL'],
    ['JD', 'CURIOUS'],
    ['JC', 'WARY'],
    ['JS', 'HOSTILE'],
  ])('%s: %s', (card, expected) => {
    const outcome = accepted(run(reaction, tableWith({ drawPile: [card] }), {}));
    expect(outcome.result).toEqual({ card, reaction: expected });
    expect(outcome.state.piles.discardPile).toEqual([card]);
  });
});

describe('oracle (1 card for sheer luck + 1 per factor; ≥ 2 red STRONG YES, 1 WEAK YES, 0 NO)', () => {
  it.each<[string[], OracleAnswer]>([
    [['2H'], 'WEAK_YES'],
    [['2S'], 'NO'],
    [['2H', '3D'], 'STRONG_YES'],
    [['2H', '3S'], 'WEAK_YES'],
    [['2C', '3S', '4S'], 'NO'],
    [['2C', '3D', '4S'], 'WEAK_YES'],
    [['2C', '3D', '4H'], 'STRONG_YES'],
  ])('%p: %s', (cards, answer) => {
    expect(oracleAnswer(cards)).toBe(answer);
    const outcome = accepted(run(oracle, tableWith({ drawPile: cards }), { question: 'Is the bridge guarded?', factors: cards.length - 1 }));
    expect(outcome.result).toEqual({ cards, answer });
  });

  it(`reveals 1 + factors cards, up to ${MAX_ORACLE_FACTORS} factors`, () => {
    const outcome = accepted(run(oracle, tableWith(), { question: 'Will it rain?', factors: MAX_ORACLE_FACTORS }));
    expect(outcome.result.cards).toEqual(STANDARD_52.slice(0, 11).map((card) => card.id));
  });

  it.each([-1, 11, 1.5])('refuses %p factors', (factors) => {
    expect(refused(run(oracle, tableWith(), { question: 'Will it rain?', factors }))).toEqual({
      reason: 'INVALID_FACTORS',
      message: 'count from 0 to 10 factors in favour',
    });
  });
});

describe('startSession', () => {
  it('counts sessions, for the once-per-session abilities', () => {
    const outcome = accepted(run(startSession, tableWith({ world: { session: 3 } }), {}));
    expect(outcome.result).toEqual({ session: 4 });
    expect(outcome.state.world.session).toBe(4);
  });
});
