import { yummellResolveChallenge } from './challenge.js';
import { yummellMove } from './move.js';
import { YUMMELL_EXAMPLE_BOARD, YUMMELL_EXAMPLE_DECK } from './presets.js';
import { accepted, noRandom, raceWith, refused, run } from './testing.js';
import { yummellEndTurn, yummellRest } from './turn.js';

/** The turn README.md tells, on the example board and deck. */
describe("README.md's turn, by example", () => {
  const start = raceWith({
    board: YUMMELL_EXAMPLE_BOARD,
    cards: [...YUMMELL_EXAMPLE_DECK],
    characters: { fulmergh: { name: 'Fulmergh', characteristics: { STRENGTH: 5, CHARM: 4, AGILITY: 6, MAGIC: 5 } }, grimla: { name: 'Grimla' } },
    hands: { fulmergh: ['wind-2', 'hex-imp-3', 'wolf-pack-1', 'bog-witch-1'] },
    drawPile: ['salamander-of-mount-ohrk-1'],
  });

  it('moves 2 squares with a 3, draws the Salamander, wins with a 5, ends the turn', () => {
    const moved = accepted(run(yummellMove, start, { characterId: 'fulmergh', cardId: 'wind-2' }, noRandom()));
    expect(moved.result).toMatchObject({ pointsUsed: 2, pointsLeft: 1, position: 2, challengePending: true, encounter: { type: 'CREATURE', name: 'Salamander of Mount Ohrk' } });
    expect(moved.result.path.map((step) => [step.square, step.terrain, step.cost])).toEqual([[1, 'PLAIN', 1], [2, 'PLAIN', 1]]);
    expect(moved.events.map((event) => event.type)).toEqual(['yummell.character.moved', 'yummell.encounter.drawn']);

    expect(refused(run(yummellRest, moved.state, { characterId: 'fulmergh' })).reason).toBe('CHALLENGE_PENDING');

    const won = accepted(run(yummellResolveChallenge, moved.state, { characterId: 'fulmergh', cardId: 'hex-imp-3' }));
    expect(won.result).toMatchObject({ total: 10, won: true, moved: 'ADVANCED', position: 3 });
    const lost = accepted(run(yummellResolveChallenge, moved.state, { characterId: 'fulmergh', cardId: 'wolf-pack-1' }));
    expect(lost.result).toMatchObject({ cardValue: 3, won: false, moved: 'BACKTRACKED', position: 1 });

    const ended = accepted(run(yummellEndTurn, won.state, { characterId: 'fulmergh' }, noRandom()));
    expect(ended.result).toMatchObject({ handCount: 4, nextCharacterId: 'grimla' });
    expect(ended.events[0]).toMatchObject({ type: 'yummell.turn.ended', payload: { drawnCount: 2 }, secretFor: 'fulmergh' });
  });
});
