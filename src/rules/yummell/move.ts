/**
 * Moving: play a card from the hand, walk its value in movement points, then the encounter
 * (yummell.md, A turn steps 1 and 2; the issue's `yummellMove`).
 */
import { moveCards } from '../cards/piles.js';
import { refuse } from '../kernel/outcome.js';
import { type AbilityResult, type AbilityUse, useAbility } from './abilities.js';
import { drawEncounter, type EncounterResult } from './encounter.js';
import { actingSheet, cardOf, handOf, yummellRule } from './state.js';
import { type PathStep, type StopReason, walk } from './track.js';
import { type Arrival, arriveIfFinished } from './turn.js';

export interface MoveInput {
  characterId: string;
  /** The card played from the hand: its value is the movement points. */
  cardId: string;
  /** The most squares to enter: the player stops there even with points left. */
  stopAfter?: number | null;
  /** Abilities used at the end of the movement, before the encounter (seed 003: "before or after"). */
  abilitiesBeforeEncounter?: AbilityUse[];
}

export interface MoveResult {
  card: { cardId: string; name: string; value: number };
  from: number;
  path: PathStep[];
  pointsUsed: number;
  pointsLeft: number;
  position: number;
  advanced: number;
  stoppedBecause: StopReason;
  stoppedBefore: number | null;
  abilities: AbilityResult[];
  /** The encounter card and what came of it; null when there was none (see `noEncounterBecause`). */
  encounter: EncounterResult | null;
  noEncounterBecause: 'DID_NOT_ADVANCE' | 'ARRIVED' | null;
  /** Set when the move (or the encounter's event) reached the last square. */
  arrival: Arrival | null;
  /** Whether a challenge now waits to be resolved. */
  challengePending: boolean;
  handCount: number;
}

/**
 * Moves the current character (yummell.md, A turn): the card played from the hand goes face up to
 * the discard pile and its value is the movement points; each square entered costs its terrain,
 * +1 per other character's pawn in it, and a square at capacity cannot be entered; the move stops
 * when the points run out, where the player chose (`stopAfter`), or on the last square. Then, if
 * the character advanced at least one square, the encounter (`drawEncounter`); a CREATURE leaves a
 * pending challenge. Abilities in `abilitiesBeforeEncounter` act at the end of the movement, before
 * the encounter. Records `yummell.character.moved`, then each `yummell.ability.used`, then
 * `yummell.encounter.drawn` or `yummell.character.arrived`.
 * **Decision**: `stopAfter` is a whole number of squares, at least 1.
 */
export const yummellMove = yummellRule((play, input: MoveInput): MoveResult => {
  const { state } = play;
  const sheet = actingSheet(state, input.characterId);
  const { turn } = state.campaign;
  if (turn.action === 'MOVED') refuse('ALREADY_MOVED', `${sheet.name} has already moved this turn`);
  if (turn.action === 'RESTED') refuse('ALREADY_RESTED', `${sheet.name} is resting this turn: a turn is a move or a rest`);
  const stopAfter = input.stopAfter ?? null;
  if (stopAfter !== null && (!Number.isInteger(stopAfter) || stopAfter < 1)) {
    refuse('INVALID_STOP', 'stopAfter is the number of squares to enter before stopping: a whole number, at least 1');
  }
  if (!handOf(state, input.characterId).includes(input.cardId)) refuse('CARD_NOT_IN_YOUR_HAND', `card '${input.cardId}' is not in ${sheet.name}'s hand`);

  const played = cardOf(state, input.cardId);
  const discarded = moveCards(state.piles, [input.cardId], { kind: 'DISCARD' }, { onlyFromHolders: [input.characterId] });
  if (!discarded.ok) throw new Error(`a card in the hand could not be played: ${discarded.violation.message}`);
  state.piles = discarded.piles;

  const from = sheet.position;
  const steps = walk(state, input.characterId, played.value, stopAfter);
  sheet.position = steps.to;
  turn.action = 'MOVED';
  turn.movementEndedAt = steps.to;
  const card = { cardId: played.id, name: played.name, value: played.value };
  const handCount = handOf(state, input.characterId).length;
  play.record('yummell.character.moved', {
    characterId: input.characterId,
    card,
    stopAfter,
    from,
    path: steps.path,
    pointsUsed: steps.pointsUsed,
    pointsLeft: steps.pointsLeft,
    position: steps.to,
    advanced: steps.path.length,
    stoppedBecause: steps.stoppedBecause,
    stoppedBefore: steps.stoppedBefore,
    handCount,
  });

  const abilities = (input.abilitiesBeforeEncounter ?? []).map((use) => useAbility(play, input.characterId, use, 'BEFORE_ENCOUNTER'));

  let encounter: EncounterResult | null = null;
  let noEncounterBecause: MoveResult['noEncounterBecause'] = null;
  let arrival = arriveIfFinished(play, input.characterId);
  if (arrival !== null) noEncounterBecause = 'ARRIVED';
  else if (steps.path.length === 0) noEncounterBecause = 'DID_NOT_ADVANCE';
  else {
    encounter = drawEncounter(play, input.characterId);
    arrival = arriveIfFinished(play, input.characterId);
  }
  return {
    card,
    from,
    path: steps.path,
    pointsUsed: steps.pointsUsed,
    pointsLeft: steps.pointsLeft,
    position: sheet.position,
    advanced: steps.path.length,
    stoppedBecause: steps.stoppedBecause,
    stoppedBefore: steps.stoppedBefore,
    abilities,
    encounter,
    noEncounterBecause,
    arrival,
    challengePending: state.campaign.pendingChallenge !== null,
    handCount,
  };
});
