import { yummellMove } from './move.js';
import { accepted, conserved, keepOrder, noRandom, raceWith, refused, run, type RaceOptions } from './testing.js';
import { nextCharacter, yummellEndTurn, yummellRest } from './turn.js';

/** Ana (to play), Bo and Cy; Ana holds a 3. */
const race = (options: RaceOptions = {}) =>
  raceWith({
    characters: { ana: {}, bo: {}, cy: {} },
    hands: { ana: ['m3'], bo: ['m1', 'm2', 'm4', 'm5'], cy: ['m6', 'm7', 'm8', 'm1-b'] },
    drawPile: ['m2-b', 'm3-b', 'm4-b', 'm5-b'],
    ...options,
  });

describe('resting instead of moving (yummell.md, A turn step 1)', () => {
  it('plays no card, moves nothing, draws no encounter', () => {
    const state = race();
    const outcome = accepted(run(yummellRest, state, { characterId: 'ana' }, noRandom()));
    expect(outcome.result).toEqual({ position: 0 });
    expect(outcome.state.piles).toEqual(state.piles);
    expect(outcome.state.campaign.turn.action).toBe('RESTED');
    expect(outcome.events).toEqual([{ type: 'yummell.character.rested', payload: { characterId: 'ana', position: 0 } }]);
  });

  it.each<[string, RaceOptions, string, string, string]>([
    ['after moving', { turn: { action: 'MOVED', movementEndedAt: 3 } }, 'ana', 'ALREADY_MOVED', 'ana has already moved this turn: a turn is a move or a rest'],
    ['twice', { turn: { action: 'RESTED' } }, 'ana', 'ALREADY_RESTED', 'ana is already resting this turn'],
    ['out of turn', {}, 'bo', 'NOT_YOUR_TURN', "it is ana's turn, not bo's"],
  ])('is refused %s', (_, options, characterId, reason, message) => {
    expect(refused(run(yummellRest, race(options), { characterId }))).toEqual({ reason, message });
  });
});

describe('the end of a turn: the hand refilled to 4, the next character (yummell.md, A turn step 3)', () => {
  it('refills the hand to 4 from the top of the deck and passes the turn', () => {
    const outcome = accepted(run(yummellEndTurn, race({ turn: { action: 'RESTED' } }), { characterId: 'ana' }, noRandom()));
    expect(outcome.state.piles.hands.ana).toEqual(['m3', 'm2-b', 'm3-b', 'm4-b']);
    expect(outcome.result).toEqual({ drawn: ['m2-b', 'm3-b', 'm4-b'], handCount: 4, nextCharacterId: 'bo' });
    expect(outcome.state.campaign.currentCharacterId).toBe('bo');
    expect(outcome.state.campaign.turn).toEqual({ action: 'NONE', movementEndedAt: null, abilitiesUsed: [] });
    expect(conserved(outcome.state)).toBe(true);
  });

  it('tells everyone how many cards were drawn, and which only to the character', () => {
    const outcome = accepted(run(yummellEndTurn, race({ turn: { action: 'RESTED' } }), { characterId: 'ana' }, noRandom()));
    expect(outcome.events).toEqual([
      {
        type: 'yummell.turn.ended',
        payload: {
          characterId: 'ana',
          handCountBefore: 1,
          drawnCount: 3,
          handCount: 4,
          drawPileCount: 4,
          discardPileCount: 0,
          reshuffledFrom: null,
          nextCharacterId: 'bo',
        },
        secret: { drawn: ['m2-b', 'm3-b', 'm4-b'] },
        secretFor: 'ana',
      },
    ]);
  });

  it('draws nothing when the hand already holds 4', () => {
    const outcome = accepted(run(yummellEndTurn, race({ current: 'bo', turn: { action: 'RESTED' } }), { characterId: 'bo' }, noRandom()));
    expect(outcome.result).toEqual({ drawn: [], handCount: 4, nextCharacterId: 'cy' });
  });

  it('reshuffles the discard pile when the draw pile runs out', () => {
    const state = race({ turn: { action: 'MOVED', movementEndedAt: 3 }, drawPile: ['m2-b'], discardPile: ['m3-b', 'm4-b', 'm5-b'] });
    const rng = keepOrder();
    const outcome = accepted(run(yummellEndTurn, state, { characterId: 'ana' }, rng));
    expect(outcome.state.piles.hands.ana).toEqual(['m3', 'm2-b', 'm3-b', 'm4-b']);
    expect(outcome.state.piles.drawPile).toEqual(['m5-b']);
    expect(outcome.events[0].payload).toMatchObject({ drawPileCount: 1, discardPileCount: 3, reshuffledFrom: ['m3-b', 'm4-b', 'm5-b'] });
  });

  it('draws what is left when the deck runs short', () => {
    const state = race({ turn: { action: 'RESTED' }, drawPile: ['m2-b'] });
    expect(accepted(run(yummellEndTurn, state, { characterId: 'ana' }, noRandom())).result).toMatchObject({ drawn: ['m2-b'], handCount: 2 });
  });

  it('is refused before moving or resting', () => {
    expect(refused(run(yummellEndTurn, race(), { characterId: 'ana' }))).toEqual({ reason: 'NO_MOVE_OR_REST', message: 'ana must move or rest before ending the turn' });
  });

  it('a whole turn: move, then end the turn', () => {
    const moved = accepted(run(yummellMove, race(), { characterId: 'ana', cardId: 'm3' }, noRandom()));
    const ended = accepted(run(yummellEndTurn, moved.state, { characterId: 'ana' }, keepOrder()));
    // The move drew m2-b as its encounter and discarded it on the m3 it played; the refill takes the
    // three cards left, then the top of the reshuffled discard pile.
    expect(moved.state.piles.discardPile).toEqual(['m2-b', 'm3']);
    expect(ended.result).toEqual({ drawn: ['m3-b', 'm4-b', 'm5-b', 'm2-b'], handCount: 4, nextCharacterId: 'bo' });
  });
});

describe('whose turn is next', () => {
  it.each<[string, string | null, string[], string | null]>([
    ['the next in the turn order', 'ana', [], 'bo'],
    ['from the last, the first again', 'cy', [], 'ana'],
    ['skipping those who arrived', 'ana', ['bo'], 'cy'],
    ['the only one still racing plays again', 'ana', ['bo', 'cy'], 'ana'],
    ['nobody, once everyone arrived', 'ana', ['ana', 'bo', 'cy'], null],
  ])('%s', (_, current, finishOrder, next) => {
    expect(nextCharacter(race({ current, finishOrder }))).toBe(next);
  });
});
