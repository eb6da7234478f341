import type { YummellBoard } from './data.js';
import { artefact, plains, raceWith, track } from './testing.js';
import { canHost, enterCost, squareAhead, squareBehind, terrainCost, walk } from './track.js';

describe('what entering a square costs (yummell.md, A turn step 1: PLAIN 1, HILLS or WOOD 2, SWAMP 3, +1 per other pawn)', () => {
  it.each<[string, number]>([
    ['PLAIN', 1],
    ['HILLS', 2],
    ['WOOD', 2],
    ['SWAMP', 3],
  ])('%s costs %i', (terrain, cost) => {
    expect(terrainCost(track('PLAIN'), terrain)).toBe(cost);
  });

  it("a board's own terrain costs what the board says", () => {
    const board: YummellBoard = { ...track('PLAIN'), extraTerrains: { DESERT: 4 } };
    expect(terrainCost(board, 'DESERT')).toBe(4);
  });

  it.each<[string, number, number, number, number]>([
    ['PLAIN, empty', 1, 0, 0, 1],
    ['SWAMP with two other pawns', 3, 0, 2, 5],
    ['HILLS with a movement bonus of 1', 2, 1, 0, 1],
    ['PLAIN with a movement bonus: never below 1', 1, 1, 0, 1],
    ['HILLS with a bonus of 3 and one pawn: 1 + 1', 2, 3, 1, 2],
  ])('%s: %i − %i bonus (at least 1) + %i pawns = %i', (_, terrain, bonus, pawns, cost) => {
    expect(enterCost(terrain, bonus, pawns)).toBe(cost);
  });
});

/** A race on `board` where `ana` stands on `from` and the others where given. */
const on = (board: YummellBoard, from: number, others: Record<string, number> = {}, artefacts: string[] = []) =>
  raceWith({
    board,
    cards: [artefact('boots', { kind: 'MOVEMENT_BONUS', terrain: 'HILLS', amount: 1 }, 2, 'Goat-hoof Boots')],
    characters: { ana: { position: from, artefacts }, ...Object.fromEntries(Object.entries(others).map(([id, position]) => [id, { position }])) },
  });

const mixed = track('PLAIN', 'HILLS', 'WOOD', 'SWAMP', 'PLAIN', 'PLAIN');

describe('walking a card of movement points (yummell.md, A turn step 1)', () => {
  it.each<[string, ReturnType<typeof on>, number, number | null, number[], number[], number, string, number | null]>([
    // name, race, points, stopAfter, squares entered, their costs, to, why it stopped, stopped before
    ['a 3 on PLAIN squares: three squares', on(plains(10), 0), 3, null, [1, 2, 3], [1, 1, 1], 3, 'OUT_OF_POINTS', null],
    ['a 6 across PLAIN, HILLS, WOOD: 1 + 2 + 2, and 1 left is not enough for the SWAMP', on(mixed, 0), 6, null, [1, 2, 3], [1, 2, 2], 3, 'OUT_OF_POINTS', 4],
    ['an 8 across all four terrains: 1 + 2 + 2 + 3', on(mixed, 0), 8, null, [1, 2, 3, 4], [1, 2, 2, 3], 4, 'OUT_OF_POINTS', null],
    ['a 1 in front of HILLS: no square entered', on(mixed, 1), 1, null, [], [], 1, 'OUT_OF_POINTS', 2],
    ['the player stops after 2 squares with points left', on(plains(10), 0), 5, 2, [1, 2], [1, 1], 2, 'CHOSE_TO_STOP', null],
    ['a square with one other pawn costs 2', on(plains(10), 0, { bo: 2 }), 4, null, [1, 2, 3], [1, 2, 1], 3, 'OUT_OF_POINTS', null],
    ['a square with two other pawns costs 3', on(plains(10), 0, { bo: 1, cy: 1 }), 3, null, [1], [3], 1, 'OUT_OF_POINTS', null],
    ['a square at capacity cannot be entered: the move stops before it', on(track('PLAIN', { terrain: 'WOOD', capacity: 1 }, 'PLAIN'), 0, { bo: 2 }), 5, null, [1], [1], 1, 'SQUARE_FULL', 2],
    ['a square with room left can be entered, at +1 per pawn', on(track('PLAIN', { terrain: 'WOOD', capacity: 2 }, 'PLAIN'), 0, { bo: 2 }), 5, null, [1, 2, 3], [1, 3, 1], 3, 'FINISH', null],
    ['an impassable square is passed over for free', on(track('PLAIN', { terrain: 'SWAMP', impassable: true }, 'PLAIN', 'PLAIN'), 0), 2, null, [1, 3], [1, 1], 3, 'OUT_OF_POINTS', null],
    ['the move ends on the last square with points left', on(plains(3), 1), 8, null, [2, 3], [1, 1], 3, 'FINISH', null],
    ['Goat-hoof Boots: HILLS cost 1 less', on(track('HILLS', 'HILLS', 'HILLS'), 0, {}, ['boots']), 2, null, [1, 2], [1, 1], 2, 'OUT_OF_POINTS', null],
    ['pawns at the start do not count', on(plains(3), 0, { bo: 0 }), 1, null, [1], [1], 1, 'OUT_OF_POINTS', null],
  ])('%s', (_, race, points, stopAfter, squares, costs, to, stoppedBecause, stoppedBefore) => {
    const steps = walk(race, 'ana', points, stopAfter);
    expect(steps.path.map((step) => step.square)).toEqual(squares);
    expect(steps.path.map((step) => step.cost)).toEqual(costs);
    const used = costs.reduce((sum, cost) => sum + cost, 0);
    expect(steps).toMatchObject({ pointsUsed: used, pointsLeft: points - used, to, stoppedBecause, stoppedBefore });
  });

  it('says what each square cost, term by term', () => {
    const steps = walk(on(track('HILLS', 'PLAIN'), 0, { bo: 1 }, ['boots']), 'ana', 8, null);
    expect(steps.path).toEqual([
      { square: 1, terrain: 'HILLS', terrainCost: 2, bonus: 1, pawns: 1, cost: 2 },
      { square: 2, terrain: 'PLAIN', terrainCost: 1, bonus: 0, pawns: 0, cost: 1 },
    ]);
  });
});

describe('one square ahead or behind (yummell.md, Encounter results)', () => {
  const board = track('PLAIN', { terrain: 'PLAIN', capacity: 1 }, { terrain: 'SWAMP', impassable: true }, 'PLAIN', 'PLAIN');

  it.each<[string, number, Record<string, number>, number]>([
    ['ahead: the next square', 1, {}, 2],
    ['ahead: the next square is full, so it stays', 1, { bo: 2 }, 1],
    ['ahead: past an impassable square', 2, {}, 4],
    ['ahead from the start: the first square', 0, {}, 1],
  ])('%s', (_, from, others, to) => {
    expect(squareAhead(on(board, from, others), 'ana')).toBe(to);
  });

  it.each<[string, number, Record<string, number>, number]>([
    ['behind: the square behind', 5, {}, 4],
    ['behind: over an impassable square', 4, {}, 2],
    ['behind: the first available square, past a full one', 4, { bo: 2 }, 1],
    ['behind the first square: the start', 1, {}, 0],
    ['behind: a square with other pawns and no limit is available', 5, { bo: 4, cy: 4 }, 4],
  ])('%s', (_, from, others, to) => {
    expect(squareBehind(on(board, from, others), 'ana')).toBe(to);
  });

  it('a full square still hosts the pawn already on it', () => {
    expect(canHost(on(board, 2), 2, 'ana')).toBe(true);
    expect(canHost(on(board, 1, { bo: 2 }), 2, 'ana')).toBe(false);
  });
});
