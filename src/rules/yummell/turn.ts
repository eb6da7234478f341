/**
 * The turn: resting, ending the turn with the hand refilled to 4, whose turn comes next, and
 * arriving on the last square (yummell.md, A turn, Winning).
 */
import { refuse } from '../kernel/outcome.js';
import { drawUpTo } from './deal.js';
import { actingSheet, finishSquare, freshTurn, HAND_SIZE, handOf, hasArrived, type YummellPlay, yummellRule, type YummellState } from './state.js';

/** The next character to play after the current one, skipping those who arrived; null when everyone has. */
export function nextCharacter(state: YummellState): string | null {
  const { turnOrder, currentCharacterId } = state.campaign;
  const from = currentCharacterId === null ? -1 : turnOrder.indexOf(currentCharacterId);
  for (let step = 1; step <= turnOrder.length; step += 1) {
    const candidate = turnOrder[(from + step) % turnOrder.length];
    if (!hasArrived(state, candidate)) return candidate;
  }
  return null;
}

/** Hands the turn to the next character, with a fresh turn. */
export function passTurn(play: YummellPlay): string | null {
  const next = nextCharacter(play.state);
  play.state.campaign.currentCharacterId = next;
  play.state.campaign.turn = freshTurn();
  return next;
}

/** A character's arrival on the last square. */
export interface Arrival {
  /** 1 for the first to arrive, who wins. */
  place: number;
  winner: boolean;
  /** Whose turn it is now: arriving ends the turn. */
  nextCharacterId: string | null;
}

/**
 * Records the arrival of a character who has just reached the last square, if it has: the race
 * records the order of arrival and the first wins (yummell.md, Winning). **Decision**: arriving
 * ends the character's race and its turn at once: no encounter is drawn on the last square, its
 * hand is not refilled, and the turn passes; the others race on for the next places, and once
 * everyone has arrived nobody's turn comes. The pawn stays on the last square.
 */
export function arriveIfFinished(play: YummellPlay, characterId: string): Arrival | null {
  const { state } = play;
  if (state.characters[characterId].position !== finishSquare(state) || hasArrived(state, characterId)) return null;
  state.campaign.finishOrder.push(characterId);
  const place = state.campaign.finishOrder.length;
  const nextCharacterId = passTurn(play);
  const arrival = { place, winner: place === 1, nextCharacterId };
  play.record('yummell.character.arrived', { characterId, square: finishSquare(state), place, winner: arrival.winner, nextCharacterId });
  return arrival;
}

export interface RestInput {
  characterId: string;
}

export interface RestResult {
  position: number;
}

/**
 * Resting instead of moving (yummell.md, A turn step 1): no card is played, the pawn stays, and
 * there is no encounter. **Decision**: resting does nothing else; the turn then ends as any other.
 */
export const yummellRest = yummellRule((play, input: RestInput): RestResult => {
  const sheet = actingSheet(play.state, input.characterId);
  const { turn } = play.state.campaign;
  if (turn.action === 'MOVED') refuse('ALREADY_MOVED', `${sheet.name} has already moved this turn: a turn is a move or a rest`);
  if (turn.action === 'RESTED') refuse('ALREADY_RESTED', `${sheet.name} is already resting this turn`);
  turn.action = 'RESTED';
  play.record('yummell.character.rested', { characterId: input.characterId, position: sheet.position });
  return { position: sheet.position };
});

export interface EndTurnInput {
  characterId: string;
}

export interface EndTurnResult {
  /** The cards drawn into the hand: only the character's player and the GM see them. */
  drawn: string[];
  handCount: number;
  nextCharacterId: string | null;
}

/**
 * Ends the turn: the hand is refilled to 4 from the top of the deck (yummell.md, A turn step 3),
 * and the next character in the turn order who has not arrived plays. **Decision**: a turn is
 * ended only after moving or resting. Records `yummell.turn.ended`: the number of cards drawn is
 * public, the cards only for the character (secret).
 */
export const yummellEndTurn = yummellRule((play, input: EndTurnInput): EndTurnResult => {
  const sheet = actingSheet(play.state, input.characterId);
  if (play.state.campaign.turn.action === 'NONE') refuse('NO_MOVE_OR_REST', `${sheet.name} must move or rest before ending the turn`);
  const handCountBefore = handOf(play.state, input.characterId).length;
  const refill = drawUpTo(play.state.piles, HAND_SIZE - handCountBefore, { kind: 'HAND', holderId: input.characterId }, play.rng);
  play.state.piles = refill.piles;
  const nextCharacterId = passTurn(play);
  const handCount = handCountBefore + refill.drawn.length;
  play.record(
    'yummell.turn.ended',
    { characterId: input.characterId, handCountBefore, drawnCount: refill.drawn.length, handCount, ...refill.record, nextCharacterId },
    { secret: { drawn: refill.drawn }, secretFor: input.characterId },
  );
  return { drawn: refill.drawn, handCount, nextCharacterId };
});
