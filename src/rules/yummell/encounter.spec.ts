import type { EventCard } from './data.js';
import { eventVerdict } from './encounter.js';
import { yummellMove } from './move.js';
import { accepted, event, HILLS_GUIDE, noRandom, plains, raceWith, run, track, WIND, type RaceOptions } from './testing.js';

const TAILWIND = event('tailwind', true, { onTerrain: 'PLAIN' }, { kind: 'ADVANCE' }, 2, 'Tailwind') as EventCard;
const ROCKFALL = event('rockfall', true, null, { kind: 'BACKTRACK' }, 1, 'Rockfall') as EventCard;
const BATTLE_CRY = event('battle-cry', false, null, { kind: 'CHALLENGE_BONUS', characteristic: 'STRENGTH', amount: 3 }, 2, 'Battle Cry') as EventCard;
const RUMOUR = event('rumour', false, null, { kind: 'BACKTRACK' }, 2, 'Rumour') as EventCard;

describe('whether an Event acts on the character who draws it (yummell.md, Encounter results, EVENT)', () => {
  it.each<[string, EventCard, string, ReturnType<typeof eventVerdict>]>([
    ['Wind on a PLAIN square: it acts', WIND as EventCard, 'PLAIN', { acts: true }],
    ['Wind on a HILLS square: its condition does not hold', WIND as EventCard, 'HILLS',
      { acts: false, reason: 'CONDITION_NOT_MET', message: 'Wind acts only on a PLAIN square, and this one is HILLS: no effect' }],
    ['Hills Guide: a movement bonus, and movement is over', HILLS_GUIDE as EventCard, 'HILLS',
      { acts: false, reason: 'MOVEMENT_OVER', message: 'Hills Guide gives a movement bonus in HILLS, and the movement is over: no effect' }],
    ['Battle Cry: a challenge bonus, and no challenge is under way', BATTLE_CRY, 'PLAIN',
      { acts: false, reason: 'NO_CHALLENGE', message: 'Battle Cry gives a bonus in a challenge, and no challenge is under way: no effect' }],
    ['an Event without the arrow does not act on its drawer', RUMOUR, 'PLAIN',
      { acts: false, reason: 'NO_ARROW', message: 'Rumour has no arrow: it does not act on the character who draws it, no effect' }],
    ['an Event with the arrow and no condition acts anywhere', ROCKFALL, 'SWAMP', { acts: true }],
  ])('%s', (_, card, terrain, verdict) => {
    expect(eventVerdict(card, terrain)).toEqual(verdict);
  });
});

/** Ana moves from the start with `card` (a 3 unless said) and draws `top`; Bo stands where given. */
function drawing(top: EventCard, options: Pick<RaceOptions, 'board'> & { bo?: number; card?: string } = {}) {
  const card = options.card ?? 'm3';
  const state = raceWith({
    board: options.board ?? plains(10),
    cards: [top],
    characters: { ana: {}, bo: { position: options.bo ?? 0 } },
    hands: { ana: [card] },
    drawPile: [top.id],
  });
  return accepted(run(yummellMove, state, { characterId: 'ana', cardId: card }, noRandom()));
}

describe("the seed's Events (seed 003, Encounter, Event)", () => {
  it('Wind: the character is on a PLAIN square, so it backtracks; Bo, in the same square, is immune', () => {
    // 1 + 1 + (1 + Bo's pawn): the 4 ends in Bo's square.
    const outcome = drawing(WIND as EventCard, { bo: 3, card: 'm4' });
    expect(outcome.result.encounter).toEqual({
      cardId: 'wind',
      name: 'Wind',
      value: 1,
      text: null,
      type: 'EVENT',
      arrow: true,
      applied: true,
      noEffect: null,
      from: 3,
      to: 2,
    });
    expect(outcome.state.characters.ana.position).toBe(2);
    expect(outcome.state.characters.bo.position).toBe(3);
    expect(outcome.state.piles.discardPile.slice(0, 2)).toEqual(['wind', 'm4']);
  });

  it('Wind: the character is not on a PLAIN square, so it has no effect, and the result says so', () => {
    // PLAIN 1 + (HILLS 2 + Bo's pawn): the 4 ends on the HILLS square.
    const outcome = drawing(WIND as EventCard, { board: track('PLAIN', 'HILLS', 'PLAIN', 'PLAIN'), bo: 2, card: 'm4' });
    expect(outcome.result.position).toBe(2);
    expect(outcome.result.encounter).toMatchObject({
      applied: false,
      noEffect: { reason: 'CONDITION_NOT_MET', message: 'Wind acts only on a PLAIN square, and this one is HILLS: no effect' },
      from: 2,
      to: 2,
    });
  });

  it('Hills Guide: the character has already moved, so it has no effect and nothing happens', () => {
    const outcome = drawing(HILLS_GUIDE as EventCard);
    expect(outcome.result.encounter).toMatchObject({ applied: false, noEffect: { reason: 'MOVEMENT_OVER' } });
    expect(outcome.state.characters.ana.position).toBe(3);
    expect(outcome.state.characters.ana.artefacts).toEqual([]);
  });

  it('records the Event face up with what it did', () => {
    const outcome = drawing(WIND as EventCard);
    expect(outcome.events[1]).toEqual({
      type: 'yummell.encounter.drawn',
      payload: {
        characterId: 'ana',
        square: 3,
        terrain: 'PLAIN',
        drawPileCount: 1,
        discardPileCount: 1,
        reshuffledFrom: null,
        card: WIND,
        outcome: { applied: true, noEffect: null, from: 3, to: 2 },
      },
    });
  });
});

describe('Events that move the drawer one square (good or bad)', () => {
  it('Tailwind advances one square', () => {
    expect(drawing(TAILWIND).state.characters.ana.position).toBe(4);
  });

  it('Tailwind cannot advance into a full square: no effect, and the result says so', () => {
    const outcome = drawing(TAILWIND, { board: track('PLAIN', 'PLAIN', 'PLAIN', { terrain: 'PLAIN', capacity: 1 }, 'PLAIN'), bo: 4 });
    expect(outcome.result.encounter).toMatchObject({
      applied: false,
      noEffect: { reason: 'NOT_POSSIBLE', message: 'Tailwind cannot move ana: the next square cannot host the pawn' },
      to: 3,
    });
  });

  it('Tailwind onto the last square: the character arrives and wins', () => {
    const outcome = drawing(TAILWIND, { board: plains(4) });
    expect(outcome.result.arrival).toEqual({ place: 1, winner: true, nextCharacterId: 'bo' });
    expect(outcome.events.map((each) => each.type)).toEqual(['yummell.character.moved', 'yummell.encounter.drawn', 'yummell.character.arrived']);
  });

  it('Rockfall, without a condition, backtracks on any square', () => {
    const outcome = drawing(ROCKFALL, { board: track('PLAIN', 'PLAIN', 'PLAIN', 'SWAMP', 'PLAIN'), card: 'm6' });
    expect(outcome.result.encounter).toMatchObject({ applied: true, from: 4, to: 3 });
  });
});
