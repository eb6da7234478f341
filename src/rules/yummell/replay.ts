/**
 * Replaying Yummell's events (kernel/replay.ts; DESIGN.md, Randomness): each replayer re-derives
 * what its event says it derived — path costs, points, challenge totals and wins, an Event's
 * verdict, the card a reshuffle put on top, hand counts — from the event's public payload and the
 * mutation's stream, taking the randomness in the order the rule did, and names every field that
 * does not follow.
 *
 * The only randomness of the ruleset is shuffling: the deck at set-up, and the discard pile when
 * the draw pile runs out mid-draw. What a replayer cannot check from a public payload alone: the
 * order of the deck at set-up (secret), which card a draw took from the top of the draw pile
 * without a reshuffle (the pile's order is secret; it follows from the set-up's shuffle and the
 * events since), and the cards drawn into a hand (they are in the event's secret, checked by
 * whoever holds it). The board's and deck's data (a card's value, a square's terrain) are taken
 * from the payload as recorded.
 */
import { differs, type Replayer, nothingToReplay, replayer } from '../kernel/replay.js';
import { shuffle } from '../random/random-stream.js';
import { type ArtefactTerm, type BonusTerm, challengeTotal } from './challenge.js';
import { TERRAIN_COSTS, type YummellCard } from './data.js';
import { type DrawRecord, replayDraw } from './deal.js';
import { eventVerdict, type EventOutcome } from './encounter.js';
import { HAND_SIZE } from './state.js';
import { enterCost, type PathStep } from './track.js';

interface SetUpPayload {
  cardIds: string[];
  cardCount: number;
}

interface DealPayload extends DrawRecord {
  handCount: number;
}

interface MovedPayload {
  card: { cardId: string; value: number };
  stopAfter: number | null;
  from: number;
  path: PathStep[];
  pointsUsed: number;
  pointsLeft: number;
  position: number;
  advanced: number;
  stoppedBecause: string;
}

interface EncounterPayload extends DrawRecord {
  square: number;
  terrain: string;
  card: YummellCard;
  outcome: EventOutcome | null;
}

interface ChallengePayload {
  creature: { number: number };
  cardId: string | null;
  characteristicValue: number;
  cardValue: number | null;
  advantages: BonusTerm[];
  artefacts: ArtefactTerm[];
  total: number;
  won: boolean;
  from: number;
  position: number;
  moved: string;
}

interface TurnEndedPayload extends DrawRecord {
  handCountBefore: number;
  drawnCount: number;
  handCount: number;
}

interface ArrivedPayload {
  place: number;
  winner: boolean;
}

/** The deck at set-up: the shuffle is taken from the stream; its order is secret, so only the counts are checked. */
const replaySetUp = replayer<SetUpPayload>((payload, rng) => {
  const problems: string[] = [];
  if (payload.cardCount !== payload.cardIds.length) problems.push(differs('cardCount', payload.cardCount, payload.cardIds.length));
  if (new Set(payload.cardIds).size !== payload.cardIds.length) problems.push('cardIds lists a card more than once');
  shuffle(payload.cardIds, rng);
  return problems;
});

/** A hand dealt at creation: 4 cards, or what the deck has left; a reshuffle's randomness taken as the rule took it. */
const replayCreated = replayer<DealPayload>((payload, rng) => {
  const expected = Math.min(HAND_SIZE, payload.drawPileCount + payload.discardPileCount);
  const problems = payload.handCount === expected ? [] : [differs('handCount', payload.handCount, expected)];
  return [...problems, ...replayDraw(payload, payload.handCount, rng).problems];
});

/** A move: each square's cost, the points, where it ended. No randomness. */
const replayMoved = replayer<MovedPayload>((payload) => {
  const problems: string[] = [];
  let at = payload.from;
  let spent = 0;
  payload.path.forEach((step, index) => {
    const field = `path[${index}]`;
    if (step.square <= at) problems.push(`${field}.square is ${step.square}, but a move only goes forward from square ${at}`);
    const rulesCost = TERRAIN_COSTS[step.terrain];
    if (rulesCost !== undefined && step.terrainCost !== rulesCost) problems.push(differs(`${field}.terrainCost`, step.terrainCost, rulesCost));
    const cost = enterCost(step.terrainCost, step.bonus, step.pawns);
    if (step.cost !== cost) problems.push(differs(`${field}.cost`, step.cost, cost));
    spent += cost;
    at = step.square;
  });
  if (payload.pointsUsed !== spent) problems.push(differs('pointsUsed', payload.pointsUsed, spent));
  if (spent > payload.card.value) problems.push(`the path costs ${spent} points, more than the card's ${payload.card.value}`);
  if (payload.pointsLeft !== payload.card.value - spent) problems.push(differs('pointsLeft', payload.pointsLeft, payload.card.value - spent));
  if (payload.position !== at) problems.push(differs('position', payload.position, at));
  if (payload.advanced !== payload.path.length) problems.push(differs('advanced', payload.advanced, payload.path.length));
  if (payload.stopAfter !== null && payload.path.length > payload.stopAfter) problems.push(`the move entered ${payload.path.length} squares, past stopAfter ${payload.stopAfter}`);
  if (payload.stoppedBecause === 'CHOSE_TO_STOP' && payload.path.length !== payload.stopAfter) {
    problems.push(`stoppedBecause is CHOSE_TO_STOP, but the move entered ${payload.path.length} squares, not stopAfter ${payload.stopAfter}`);
  }
  return problems;
});

/** The encounter: the card a reshuffle put on top, and an Event's verdict and move. */
const replayEncounter = replayer<EncounterPayload>((payload, rng) => {
  const { card, outcome } = payload;
  const { problems, drawnAfterReshuffle } = replayDraw(payload, 1, rng);
  if (drawnAfterReshuffle.length === 1 && drawnAfterReshuffle[0] !== card.id) problems.push(differs('card.id', card.id, drawnAfterReshuffle[0]));
  if (card.type !== 'EVENT') {
    if (outcome !== null) problems.push(`outcome is set, but a ${card.type} has none`);
    return problems;
  }
  if (outcome === null) return [...problems, 'outcome is null, but an EVENT has one'];
  if (outcome.from !== payload.square) problems.push(differs('outcome.from', outcome.from, payload.square));
  const verdict = eventVerdict(card, payload.terrain);
  if (!verdict.acts) {
    if (outcome.applied) problems.push(differs('outcome.applied', true, false));
    if (outcome.noEffect?.reason !== verdict.reason) problems.push(differs('outcome.noEffect.reason', outcome.noEffect?.reason ?? null, verdict.reason));
    if (outcome.to !== outcome.from) problems.push(differs('outcome.to', outcome.to, outcome.from));
    return problems;
  }
  const backward = card.effect.kind === 'BACKTRACK';
  if (outcome.applied && (backward ? outcome.to >= outcome.from : outcome.to <= outcome.from)) {
    problems.push(`outcome.to is ${outcome.to}: ${card.name} moves the character ${backward ? 'back' : 'forward'} from ${outcome.from}`);
  }
  if (!outcome.applied && (outcome.noEffect?.reason !== 'NOT_POSSIBLE' || outcome.to !== outcome.from)) {
    problems.push(`outcome.applied is false, but ${card.name} acts on a ${payload.terrain} square unless the pawn cannot move`);
  }
  return problems;
});

/** A challenge: the total, the win, the way the pawn went. No randomness. */
const replayChallenge = replayer<ChallengePayload>((payload) => {
  const problems: string[] = [];
  if ((payload.cardId === null) !== (payload.cardValue === null)) problems.push(differs('cardValue', payload.cardValue, payload.cardId === null ? null : 'a value'));
  const derived = challengeTotal(payload.characteristicValue, payload.cardValue, payload.advantages, payload.artefacts, payload.creature.number);
  if (payload.total !== derived.total) problems.push(differs('total', payload.total, derived.total));
  if (payload.won !== derived.won) problems.push(differs('won', payload.won, derived.won));
  const moved = !derived.won ? 'BACKTRACKED' : payload.position === payload.from ? 'STAYED' : 'ADVANCED';
  if (payload.moved !== moved) problems.push(differs('moved', payload.moved, moved));
  if (derived.won ? payload.position < payload.from : payload.position >= payload.from) {
    problems.push(`position is ${payload.position}: a ${derived.won ? 'won' : 'lost'} challenge from square ${payload.from} goes ${derived.won ? 'forward or nowhere' : 'back'}`);
  }
  return problems;
});

/** The end of a turn: the hand refilled to 4, a reshuffle's randomness taken as the rule took it. */
const replayTurnEnded = replayer<TurnEndedPayload>((payload, rng) => {
  const problems: string[] = [];
  const expected = Math.max(0, Math.min(HAND_SIZE - payload.handCountBefore, payload.drawPileCount + payload.discardPileCount));
  if (payload.drawnCount !== expected) problems.push(differs('drawnCount', payload.drawnCount, expected));
  if (payload.handCount !== payload.handCountBefore + payload.drawnCount) problems.push(differs('handCount', payload.handCount, payload.handCountBefore + payload.drawnCount));
  return [...problems, ...replayDraw(payload, payload.drawnCount, rng).problems];
});

/** An arrival: the first to arrive wins. */
const replayArrived = replayer<ArrivedPayload>((payload) => {
  const problems: string[] = [];
  if (!Number.isInteger(payload.place) || payload.place < 1) problems.push(`place is ${payload.place}, but places count from 1`);
  if (payload.winner !== (payload.place === 1)) problems.push(differs('winner', payload.winner, payload.place === 1));
  return problems;
});

/** A replayer for every event type the Yummell rules record. */
export const REPLAYERS: Readonly<Record<string, Replayer>> = {
  'yummell.race.set-up': replaySetUp,
  'yummell.character.created': replayCreated,
  'yummell.character.moved': replayMoved,
  'yummell.ability.used': nothingToReplay,
  'yummell.encounter.drawn': replayEncounter,
  'yummell.challenge.resolved': replayChallenge,
  'yummell.character.rested': nothingToReplay,
  'yummell.turn.ended': replayTurnEnded,
  'yummell.character.arrived': replayArrived,
};
