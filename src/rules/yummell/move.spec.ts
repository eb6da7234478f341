import { artefact, accepted, conserved, creature, keepOrder, noRandom, plains, raceWith, refused, run, SALAMANDER, track, type RaceOptions } from './testing.js';
import { yummellMove, type MoveInput } from './move.js';
import { unsetYummellState } from './state.js';

const SWORD = artefact('sword', { kind: 'CHALLENGE_BONUS', characteristic: 'STRENGTH', amount: 2 }, 5, 'Sword of Embers');

/** Ana (to play) and Bo at the start of ten PLAIN squares; Ana holds a 3 and a 5. */
const race = (options: RaceOptions = {}) =>
  raceWith({
    cards: [SALAMANDER, SWORD],
    drawPile: ['m1'],
    ...options,
    characters: options.characters ?? { ana: {}, bo: {} },
    hands: options.hands ?? { ana: ['m3', 'm5'], bo: ['m2'] },
  });

const move = (extra: Partial<MoveInput> = {}): MoveInput => ({ characterId: 'ana', cardId: 'm3', ...extra });

describe('moving: play a card, its value is the movement points (yummell.md, A turn step 1)', () => {
  it('plays the card face up and walks its value', () => {
    const outcome = accepted(run(yummellMove, race(), move()));
    expect(outcome.result).toMatchObject({
      card: { cardId: 'm3', value: 3 },
      from: 0,
      pointsUsed: 3,
      pointsLeft: 0,
      position: 3,
      advanced: 3,
      stoppedBecause: 'OUT_OF_POINTS',
      handCount: 1,
    });
    expect(outcome.result.path.map((step) => [step.square, step.cost])).toEqual([[1, 1], [2, 1], [3, 1]]);
    expect(outcome.state.characters.ana.position).toBe(3);
    expect(outcome.state.piles.hands.ana).toEqual(['m5']);
    expect(outcome.state.piles.discardPile[0]).toBe('m1');
    expect(outcome.state.piles.discardPile).toContain('m3');
    expect(conserved(outcome.state)).toBe(true);
  });

  it('stops where the player chooses', () => {
    expect(accepted(run(yummellMove, race(), move({ cardId: 'm5', stopAfter: 2 }))).result).toMatchObject({ position: 2, pointsLeft: 3, stoppedBecause: 'CHOSE_TO_STOP' });
  });

  it('records the move, then the encounter, each public', () => {
    const outcome = accepted(run(yummellMove, race(), move()));
    expect(outcome.events.map((event) => event.type)).toEqual(['yummell.character.moved', 'yummell.encounter.drawn']);
    expect(outcome.events[0]).toEqual({
      type: 'yummell.character.moved',
      payload: {
        characterId: 'ana',
        card: { cardId: 'm3', name: 'Rumour m3', value: 3 },
        stopAfter: null,
        from: 0,
        path: [1, 2, 3].map((square) => ({ square, terrain: 'PLAIN', terrainCost: 1, bonus: 0, pawns: 0, cost: 1 })),
        pointsUsed: 3,
        pointsLeft: 0,
        position: 3,
        advanced: 3,
        stoppedBecause: 'OUT_OF_POINTS',
        stoppedBefore: null,
        handCount: 1,
      },
    });
    expect(outcome.events.every((event) => event.secret === undefined)).toBe(true);
  });
});

describe('the encounter after a move (yummell.md, A turn step 2)', () => {
  it('a CREATURE leaves a pending challenge, its card on the table', () => {
    const outcome = accepted(run(yummellMove, race({ drawPile: ['salamander'] }), move()));
    expect(outcome.result.encounter).toMatchObject({ cardId: 'salamander', type: 'CREATURE', challenge: { characteristic: 'STRENGTH', number: 9 } });
    expect(outcome.result.challengePending).toBe(true);
    expect(outcome.state.campaign.pendingChallenge).toEqual({ characterId: 'ana', creatureCardId: 'salamander', characteristic: 'STRENGTH', number: 9 });
    expect(outcome.state.piles.table).toEqual(['salamander']);
  });

  it('an ARTEFACT joins the active Artefacts, face up on the table', () => {
    const outcome = accepted(run(yummellMove, race({ drawPile: ['sword'] }), move()));
    expect(outcome.result.encounter).toMatchObject({ cardId: 'sword', type: 'ARTEFACT', effect: { kind: 'CHALLENGE_BONUS', characteristic: 'STRENGTH', amount: 2 } });
    expect(outcome.state.characters.ana.artefacts).toEqual(['sword']);
    expect(outcome.state.piles.table).toEqual(['sword']);
  });

  it('draws from a reshuffled discard pile when the draw pile is empty: the played card is in it', () => {
    const state = race({ drawPile: [], discardPile: ['salamander'], cards: [SALAMANDER] });
    const rng = keepOrder();
    const outcome = accepted(run(yummellMove, state, move(), rng));
    expect(rng.asked).toEqual([2]);
    expect(outcome.result.encounter?.cardId).toBe('m3');
    expect(outcome.events[1].payload).toMatchObject({ drawPileCount: 0, discardPileCount: 2, reshuffledFrom: ['m3', 'salamander'] });
  });

  it('no encounter without advancing: the first square is full', () => {
    const state = race({ board: track({ terrain: 'PLAIN', capacity: 1 }, 'PLAIN'), characters: { ana: {}, bo: { position: 1 } } });
    const outcome = accepted(run(yummellMove, state, move(), noRandom()));
    expect(outcome.result).toMatchObject({ advanced: 0, position: 0, stoppedBecause: 'SQUARE_FULL', stoppedBefore: 1, encounter: null, noEncounterBecause: 'DID_NOT_ADVANCE' });
    expect(outcome.events.map((event) => event.type)).toEqual(['yummell.character.moved']);
    expect(outcome.state.piles.drawPile).toEqual(state.piles.drawPile);
  });

  it('draws the card just played when it is the only card left', () => {
    const state = raceWith({ characters: { ana: {} }, hands: { ana: ['m3'] } });
    const outcome = accepted(run(yummellMove, state, move(), noRandom()));
    expect(outcome.result.encounter).toMatchObject({ cardId: 'm3', type: 'EVENT', applied: false });
    expect(outcome.events[1].payload).toMatchObject({ drawPileCount: 0, discardPileCount: 1, reshuffledFrom: ['m3'] });
  });
});

describe('reaching the last square (yummell.md, Winning)', () => {
  it('the first to arrive wins; no encounter, and the turn passes', () => {
    const state = race({ board: plains(4), characters: { ana: { position: 2 }, bo: {} } });
    const outcome = accepted(run(yummellMove, state, move(), noRandom()));
    expect(outcome.result).toMatchObject({ position: 4, stoppedBecause: 'FINISH', pointsLeft: 1, encounter: null, noEncounterBecause: 'ARRIVED' });
    expect(outcome.result.arrival).toEqual({ place: 1, winner: true, nextCharacterId: 'bo' });
    expect(outcome.state.campaign).toMatchObject({ finishOrder: ['ana'], currentCharacterId: 'bo' });
    expect(outcome.events.map((event) => event.type)).toEqual(['yummell.character.moved', 'yummell.character.arrived']);
    expect(outcome.events[1].payload).toEqual({ characterId: 'ana', square: 4, place: 1, winner: true, nextCharacterId: 'bo' });
  });

  it('the second to arrive is recorded second and does not win', () => {
    const state = race({ board: plains(4), characters: { ana: { position: 2 }, bo: { position: 4 } }, finishOrder: ['bo'] });
    const outcome = accepted(run(yummellMove, state, move(), noRandom()));
    expect(outcome.result.arrival).toEqual({ place: 2, winner: false, nextCharacterId: null });
    expect(outcome.state.campaign).toMatchObject({ finishOrder: ['bo', 'ana'], currentCharacterId: null });
  });

  it('pawns on the last square count for its cost like any other', () => {
    const state = race({ board: plains(4), characters: { ana: { position: 2 }, bo: { position: 4 } }, finishOrder: ['bo'] });
    expect(accepted(run(yummellMove, state, move(), noRandom())).result.path.map((step) => step.cost)).toEqual([1, 2]);
  });
});

describe('who may move (issue, Contract: only the current character acts)', () => {
  it.each<[string, RaceOptions, Partial<MoveInput>, string, string]>([
    ['another character than the current one', {}, { characterId: 'bo', cardId: 'm2' }, 'NOT_YOUR_TURN', "it is ana's turn, not bo's"],
    ['a character not in the race', {}, { characterId: 'cy' }, 'UNKNOWN_CHARACTER', "there is no character 'cy' in this race"],
    ['a character who already arrived', { characters: { ana: { position: 10 }, bo: {} }, finishOrder: ['ana'], current: 'bo' }, {},
      'ALREADY_ARRIVED', 'ana has already reached the last square and finished the race'],
    ['with a challenge pending', { characters: { ana: { position: 3 }, bo: {} }, pending: { characterId: 'ana', creatureCardId: 'salamander', characteristic: 'STRENGTH', number: 9 } }, {},
      'CHALLENGE_PENDING', 'ana must first resolve the challenge against Salamander of Mount Ohrk'],
    ['a second move in the turn', { turn: { action: 'MOVED', movementEndedAt: 0 } }, {}, 'ALREADY_MOVED', 'ana has already moved this turn'],
    ['after resting', { turn: { action: 'RESTED' } }, {}, 'ALREADY_RESTED', 'ana is resting this turn: a turn is a move or a rest'],
    ['a card not in the hand', {}, { cardId: 'm2' }, 'CARD_NOT_IN_YOUR_HAND', "card 'm2' is not in ana's hand"],
    ['a card that does not exist', {}, { cardId: 'joker' }, 'CARD_NOT_IN_YOUR_HAND', "card 'joker' is not in ana's hand"],
    ['stopping after 0 squares', {}, { stopAfter: 0 }, 'INVALID_STOP', 'stopAfter is the number of squares to enter before stopping: a whole number, at least 1'],
    ['stopping after 1.5 squares', {}, { stopAfter: 1.5 }, 'INVALID_STOP', 'stopAfter is the number of squares to enter before stopping: a whole number, at least 1'],
  ])('refuses %s, changing nothing', (_, options, extra, reason, message) => {
    expect(refused(run(yummellMove, race(options), move(extra)))).toEqual({ reason, message });
  });

  it('refuses before the race is set up', () => {
    expect(refused(run(yummellMove, unsetYummellState(), move())).reason).toBe('NO_RACE');
  });

  it('refuses the whole move, the card included, when an ability before the encounter is refused', () => {
    const outcome = run(yummellMove, race(), move({ abilitiesBeforeEncounter: [{ ability: 'CLEPTOMANIA', targetCharacterId: 'bo' }] }));
    expect(refused(outcome)).toEqual({ reason: 'ABILITY_NOT_YOURS', message: 'ana does not have the Ability Cleptomania' });
  });
});

describe('a Creature in the race is only a card to play for its value, when in hand', () => {
  it('a CREATURE played from the hand moves its value', () => {
    const wolf = creature('wolf', 'AGILITY', 7, 2, 'Wolf Pack');
    const outcome = accepted(run(yummellMove, race({ cards: [wolf, SALAMANDER, SWORD], hands: { ana: ['wolf'], bo: [] } }), move({ cardId: 'wolf' })));
    expect(outcome.result.position).toBe(2);
  });
});
