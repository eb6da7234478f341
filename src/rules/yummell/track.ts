/**
 * The track: what entering a square costs, which squares can host a pawn, and walking a card's
 * movement points along it (yummell.md, A turn step 1, and the one-square moves of Encounter
 * results).
 */
import { TERRAIN_COSTS, type YummellBoard, type YummellSquare } from './data.js';
import { finishSquare, type YummellState } from './state.js';

/** The square at position `square` (1-based); undefined for the start (0) and past the end. */
export const squareAt = (board: YummellBoard, square: number): YummellSquare | undefined => (square >= 1 ? board.squares[square - 1] : undefined);

/** What entering a square of `terrain` costs before pawns: the rules' table, or the board's own terrain. */
export function terrainCost(board: YummellBoard, terrain: string): number {
  const cost = TERRAIN_COSTS[terrain] ?? board.extraTerrains[terrain];
  if (cost === undefined) throw new Error(`terrain '${terrain}' is on the board but has no cost`);
  return cost;
}

/** How many pawns of characters other than `exceptId` stand on `square`. Nobody counts at the start. */
export function pawnsOn(state: YummellState, square: number, exceptId: string): number {
  if (square < 1) return 0;
  let pawns = 0;
  for (const [id, sheet] of Object.entries(state.characters)) if (id !== exceptId && sheet.position === square) pawns += 1;
  return pawns;
}

/**
 * Whether `square` can take the pawn of `characterId`: the start always can; a square can unless
 * it is impassable or holds as many other pawns as its capacity (yummell.md: a square at capacity
 * cannot be entered).
 */
export function canHost(state: YummellState, square: number, characterId: string): boolean {
  if (square === 0) return true;
  const at = squareAt(state.campaign.board, square);
  if (at === undefined || at.impassable) return false;
  return at.capacity === null || pawnsOn(state, square, characterId) < at.capacity;
}

/** The movement bonus the character's active Artefacts give in `terrain` (Hills Guide: a movement bonus in HILLS). */
export function movementBonus(state: YummellState, characterId: string, terrain: string): number {
  let bonus = 0;
  for (const id of state.characters[characterId].artefacts) {
    const card = state.campaign.cards[id];
    if (card?.type === 'ARTEFACT' && card.effect.kind === 'MOVEMENT_BONUS' && card.effect.terrain === terrain) bonus += card.effect.amount;
  }
  return bonus;
}

/** The next square after `from` that is not impassable (a pawn passes over those), or undefined past the finish. */
export function nextSquare(board: YummellBoard, from: number): number | undefined {
  for (let square = from + 1; square <= board.squares.length; square += 1) if (!board.squares[square - 1].impassable) return square;
  return undefined;
}

/** One square entered on a move, with what entering it cost. */
export interface PathStep {
  square: number;
  terrain: string;
  /** The terrain's cost by the rules (or the board's own terrain). */
  terrainCost: number;
  /** What the character's active Artefacts take off in this terrain. */
  bonus: number;
  /** Other characters' pawns already in the square: +1 each. */
  pawns: number;
  /** max(1, terrainCost − bonus) + pawns. */
  cost: number;
}

/** Why a move stopped where it did. */
export type StopReason =
  /** The last square: the race is over for the character. */
  | 'FINISH'
  /** The player said where to stop (`stopAfter`). */
  | 'CHOSE_TO_STOP'
  /** The next square is at capacity. */
  | 'SQUARE_FULL'
  /** The points left do not pay for the next square (or none are left). */
  | 'OUT_OF_POINTS';

export interface Walk {
  path: PathStep[];
  pointsUsed: number;
  /** Points the move did not use: they are lost. */
  pointsLeft: number;
  to: number;
  stoppedBecause: StopReason;
  /** The square the character could not enter, for SQUARE_FULL and OUT_OF_POINTS with a square ahead. */
  stoppedBefore: number | null;
}

/**
 * The cost of entering a square: its terrain, less the character's movement bonus there but never
 * below 1, plus 1 for each other character's pawn in it (yummell.md, A turn step 1).
 * **Decision**: a movement bonus lowers the terrain's part of the cost, to no less than 1.
 */
export const enterCost = (terrainPart: number, bonus: number, pawns: number): number => Math.max(1, terrainPart - bonus) + pawns;

/**
 * Walks a move of `points` movement points from the character's square (yummell.md, A turn
 * step 1): square by square, paying each one's cost, until the points run out, the player's
 * `stopAfter` squares are entered, the next square is at capacity, or the last square is reached.
 * **Decision**: the move stops before a square it cannot pay for or enter; the points left are
 * lost. Impassable squares are passed over for free.
 */
export function walk(state: YummellState, characterId: string, points: number, stopAfter: number | null): Walk {
  const board = state.campaign.board;
  const finish = finishSquare(state);
  const path: PathStep[] = [];
  let at = state.characters[characterId].position;
  let left = points;
  const stop = (stoppedBecause: StopReason, stoppedBefore: number | null = null): Walk => ({
    path,
    pointsUsed: points - left,
    pointsLeft: left,
    to: at,
    stoppedBecause,
    stoppedBefore,
  });
  for (;;) {
    if (at === finish) return stop('FINISH');
    if (stopAfter !== null && path.length === stopAfter) return stop('CHOSE_TO_STOP');
    const next = nextSquare(board, at);
    if (next === undefined) return stop('FINISH');
    if (left === 0) return stop('OUT_OF_POINTS');
    if (!canHost(state, next, characterId)) return stop('SQUARE_FULL', next);
    const square = squareAt(board, next)!;
    const step = {
      square: next,
      terrain: square.terrain,
      terrainCost: terrainCost(board, square.terrain),
      bonus: movementBonus(state, characterId, square.terrain),
      pawns: pawnsOn(state, next, characterId),
      cost: 0,
    };
    step.cost = enterCost(step.terrainCost, step.bonus, step.pawns);
    if (step.cost > left) return stop('OUT_OF_POINTS', next);
    left -= step.cost;
    path.push(step);
    at = next;
  }
}

/**
 * Where a won challenge (or an event that advances) takes the character: the next square, if it
 * can host it; otherwise it stays (yummell.md, Encounter results).
 */
export function squareAhead(state: YummellState, characterId: string): number {
  const from = state.characters[characterId].position;
  const next = nextSquare(state.campaign.board, from);
  return next !== undefined && canHost(state, next, characterId) ? next : from;
}

/**
 * Where a lost challenge (or Wind) takes the character: the first square behind it that can host
 * it, or the start, which always can (yummell.md, Encounter results: "backtracks to the first
 * available square behind it").
 */
export function squareBehind(state: YummellState, characterId: string): number {
  const from = state.characters[characterId].position;
  for (let square = from - 1; square >= 1; square -= 1) if (canHost(state, square, characterId)) return square;
  return 0;
}
