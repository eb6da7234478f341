import type { Rule, RuleEvent } from '../kernel/outcome.js';
import { RandomStream } from '../random/random-stream.js';
import { yummellCreateCharacter } from './characters.js';
import { yummellResolveChallenge } from './challenge.js';
import { HEROISM } from './data.js';
import { yummellMove } from './move.js';
import { REPLAYERS } from './replay.js';
import { yummellSetUp } from './setup.js';
import { unsetYummellState, type YummellState } from './state.js';
import { accepted, raceWith, SALAMANDER, WIND } from './testing.js';
import { yummellEndTurn } from './turn.js';

const SEED = Buffer.alloc(32, 7);

/** The events of one mutation whose stream is that of its first event, seq `seq`. */
interface Mutation {
  seq: number;
  events: RuleEvent[];
}

/** Replays one mutation's events in seq order on one fresh stream, as a verifier does. */
function replay({ seq, events }: Mutation): string[] {
  const rng = new RandomStream(SEED, seq);
  return events.flatMap((event, index) => REPLAYERS[event.type]({ seq: seq + index, type: event.type, payload: event.payload }, rng));
}

/** A copy of the mutation with one event's payload changed. */
function tampered(mutation: Mutation, type: string, change: (payload: Record<string, any>) => void): Mutation {
  const events = structuredClone(mutation.events);
  const event = events.find((each) => each.type === type);
  if (event === undefined) throw new Error(`no ${type} event to tamper with`);
  change(event.payload);
  return { seq: mutation.seq, events };
}

/** Runs a rule on the stream of `seq`. */
function mutate<I, R>(rule: Rule<YummellState, I, R>, state: YummellState, input: I, seq: number): { state: YummellState; mutation: Mutation } {
  const outcome = accepted(rule(state, input, new RandomStream(SEED, seq)));
  return { state: outcome.state, mutation: { seq, events: outcome.events } };
}

const ana = { characterId: 'ana', name: 'Ana', characteristics: { STRENGTH: 5, CHARM: 3, AGILITY: 3, MAGIC: 3 }, abilities: [], advantages: [HEROISM] };

describe('replaying the set-up and a new hand: the shuffles are taken from the stream in order', () => {
  const setUp = mutate(yummellSetUp, unsetYummellState(), {}, 1);
  const created = mutate(yummellCreateCharacter, setUp.state, ana, 2);

  it('an honest set-up and deal follow', () => {
    expect(replay(setUp.mutation)).toEqual([]);
    expect(replay(created.mutation)).toEqual([]);
  });

  it('the set-up takes one draw per card but the first, as the rule did', () => {
    const rng = new RandomStream(SEED, 1);
    REPLAYERS['yummell.race.set-up']({ seq: 1, type: 'yummell.race.set-up', payload: setUp.mutation.events[0].payload }, rng);
    const rule = new RandomStream(SEED, 1);
    accepted(yummellSetUp(unsetYummellState(), {}, rule));
    expect(rng.wordsUsed).toBe(rule.wordsUsed);
  });

  it.each<[string, Mutation, string, (payload: Record<string, any>) => void, string]>([
    ['a card count', setUp.mutation, 'yummell.race.set-up', (p) => (p.cardCount = 89), 'cardCount is 89, but the rules give 90'],
    ['a hand of 3 from a full deck', created.mutation, 'yummell.character.created', (p) => (p.handCount = 3), 'handCount is 3, but the rules give 4'],
    ['a reshuffle that did not happen', created.mutation, 'yummell.character.created', (p) => (p.reshuffledFrom = []),
      'drawing 4 from a draw pile of 90 needs no reshuffle, but reshuffledFrom is set'],
  ])('a tampered %s is caught', (_, mutation, type, change, problem) => {
    expect(replay(tampered(mutation, type, change))).toContain(problem);
  });
});

/** Ana on square 3 of ten PLAIN squares facing the Salamander, holding a 5 and a 4. */
const challenged = raceWith({
  cards: [SALAMANDER],
  characters: { ana: { position: 3, characteristics: { STRENGTH: 5, CHARM: 3, AGILITY: 3, MAGIC: 3 } }, bo: {} },
  hands: { ana: ['m5', 'm4'] },
  turn: { action: 'MOVED', movementEndedAt: 3 },
  pending: { characterId: 'ana', creatureCardId: 'salamander', characteristic: 'STRENGTH', number: 9 },
});

describe('replaying a challenge: the total and the win follow from the payload', () => {
  const won = mutate(yummellResolveChallenge, challenged, { characterId: 'ana', cardId: 'm5' }, 10).mutation;
  const lost = mutate(yummellResolveChallenge, challenged, { characterId: 'ana', cardId: 'm4' }, 10).mutation;
  const type = 'yummell.challenge.resolved';

  it('honest wins and losses follow', () => {
    expect(replay(won)).toEqual([]);
    expect(replay(lost)).toEqual([]);
  });

  it.each<[string, Mutation, (payload: Record<string, any>) => void, string]>([
    ['total', won, (p) => (p.total = 11), 'total is 11, but the rules give 10'],
    ['win flag on a tie', lost, (p) => (p.won = true), 'won is true, but the rules give false'],
    ['card value (the total no longer follows)', lost, (p) => (p.cardValue = 5), 'total is 9, but the rules give 10'],
    ['win without a card', won, (p) => {
      p.cardId = null;
      p.cardValue = null;
    }, 'won is true, but the rules give false'],
    ['backtrack after a win', won, (p) => (p.position = 2), 'position is 2: a won challenge from square 3 goes forward or nowhere'],
    ['stay after a win that advanced', won, (p) => (p.position = 3), 'moved is "ADVANCED", but the rules give "STAYED"'],
  ])('a tampered %s is caught', (_, mutation, change, problem) => {
    expect(replay(tampered(mutation, type, change))).toContain(problem);
  });
});

describe('replaying a move: costs, points and the encounter drawn from a reshuffle', () => {
  // Bo on square 2 makes it cost 2; the draw pile is empty, so the encounter comes from the
  // reshuffled discard pile: Wind, the Salamander and the card just played.
  const state = raceWith({
    cards: [SALAMANDER, WIND],
    characters: { ana: {}, bo: { position: 2 } },
    hands: { ana: ['m4'] },
    discardPile: ['wind', 'salamander'],
  });
  const moved = mutate(yummellMove, state, { characterId: 'ana', cardId: 'm4' }, 20);
  const encounter = moved.mutation.events.find((event) => event.type === 'yummell.encounter.drawn')!;
  const card = (encounter.payload.card as { id: string }).id;
  const other = ['wind', 'salamander', 'm4'].find((id) => id !== card)!;

  it('an honest move with a reshuffled encounter follows', () => {
    expect(encounter.payload.reshuffledFrom).toEqual(['m4', 'wind', 'salamander']);
    expect(replay(moved.mutation)).toEqual([]);
  });

  it.each<[string, string, (payload: Record<string, any>) => void, string]>([
    ["a square's cost", 'yummell.character.moved', (p) => (p.path[1].cost = 1), 'path[1].cost is 1, but the rules give 2'],
    ['a PLAIN square at 2', 'yummell.character.moved', (p) => (p.path[0].terrainCost = 2), 'path[0].terrainCost is 2, but the rules give 1'],
    ['the points used', 'yummell.character.moved', (p) => (p.pointsUsed = 3), 'pointsUsed is 3, but the rules give 4'],
    ['the position reached', 'yummell.character.moved', (p) => (p.position = 4), 'position is 4, but the rules give 3'],
    ['the card the reshuffle put on top', 'yummell.encounter.drawn', (p) => (p.card = { ...p.card, id: other }), `card.id is "${other}", but the rules give "${card}"`],
  ])('a tampered %s is caught', (_, type, change, problem) => {
    expect(replay(tampered(moved.mutation, type, change))).toContain(problem);
  });
});

describe("replaying an Event's verdict", () => {
  const state = raceWith({ cards: [WIND], characters: { ana: {} }, hands: { ana: ['m3'] }, drawPile: ['wind'] });
  const moved = mutate(yummellMove, state, { characterId: 'ana', cardId: 'm3' }, 30).mutation;
  const type = 'yummell.encounter.drawn';

  it('Wind on a PLAIN square, honestly applied, follows', () => {
    expect(replay(moved)).toEqual([]);
  });

  it.each<[string, (payload: Record<string, any>) => void, string]>([
    ['Wind said to have no effect on PLAIN', (p) => {
      p.outcome = { applied: false, noEffect: { reason: 'CONDITION_NOT_MET', message: '' }, from: 3, to: 3 };
    }, 'outcome.applied is false, but Wind acts on a PLAIN square unless the pawn cannot move'],
    ['Wind said to push forward', (p) => (p.outcome.to = 4), 'outcome.to is 4: Wind moves the character back from 3'],
    ['a HILLS square with Wind applied', (p) => (p.terrain = 'HILLS'), 'outcome.applied is true, but the rules give false'],
  ])('a tampered %s is caught', (_, change, problem) => {
    expect(replay(tampered(moved, type, change))).toContain(problem);
  });
});

describe('replaying the end of a turn and an arrival', () => {
  const state = raceWith({
    characters: { ana: { position: 8 }, bo: {} },
    hands: { ana: ['m2'] },
    drawPile: ['m1'],
    discardPile: ['m3', 'm4', 'm5'],
  });
  const moved = mutate(yummellMove, state, { characterId: 'ana', cardId: 'm2' }, 40);
  const refill = raceWith({ characters: { ana: {} }, hands: { ana: ['m2'] }, drawPile: ['m1'], discardPile: ['m3', 'm4', 'm5'], turn: { action: 'RESTED' } });
  const ended = mutate(yummellEndTurn, refill, { characterId: 'ana' }, 41).mutation;

  it('an honest arrival and refill (with a reshuffle) follow', () => {
    expect(moved.mutation.events.map((event) => event.type)).toEqual(['yummell.character.moved', 'yummell.character.arrived']);
    expect(replay(moved.mutation)).toEqual([]);
    expect(ended.events[0].payload).toMatchObject({ drawnCount: 3, reshuffledFrom: ['m3', 'm4', 'm5'] });
    expect(replay(ended)).toEqual([]);
  });

  it.each<[string, Mutation, string, (payload: Record<string, any>) => void, string]>([
    ['winner flag', moved.mutation, 'yummell.character.arrived', (p) => (p.place = 2), 'winner is true, but the rules give false'],
    ['number of cards drawn', ended, 'yummell.turn.ended', (p) => (p.drawnCount = 2), 'drawnCount is 2, but the rules give 3'],
    ['hand count', ended, 'yummell.turn.ended', (p) => (p.handCount = 3), 'handCount is 3, but the rules give 4'],
  ])('a tampered %s is caught', (_, mutation, type, change, problem) => {
    expect(replay(tampered(mutation, type, change))).toContain(problem);
  });
});

describe('REPLAYERS', () => {
  it('reports a malformed payload instead of throwing', () => {
    const problems = REPLAYERS['yummell.character.moved']({ seq: 1, type: 'yummell.character.moved', payload: {} }, new RandomStream(SEED, 1));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^payload of yummell.character.moved #1 is malformed/);
  });
});
