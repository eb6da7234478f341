/**
 * The encounter: the top card of the deck, drawn by a character who moved and advanced (yummell.md,
 * A turn step 2, Encounter results; seed 003, Encounter).
 */
import { moveCards } from '../cards/piles.js';
import type { Characteristic, EventCard, YummellCard } from './data.js';
import { drawUpTo } from './deal.js';
import { cardOf, type YummellPlay } from './state.js';
import { squareAhead, squareAt, squareBehind } from './track.js';

/** Why an Event drawn as an encounter did nothing. */
export type NoEffectReason =
  /** A movement bonus: the character's movement is over (Hills Guide). */
  | 'MOVEMENT_OVER'
  /** A challenge bonus: no challenge is under way. */
  | 'NO_CHALLENGE'
  /** No arrow: the card does not act on the character who draws it. */
  | 'NO_ARROW'
  /** Its condition does not hold (Wind off a PLAIN square). */
  | 'CONDITION_NOT_MET'
  /** It would move the character to a square that cannot host it. */
  | 'NOT_POSSIBLE';

/** Whether an Event acts on its drawer, before looking at the track: it acts, or the reason and sentence why not. */
export type EventVerdict = { acts: true } | { acts: false; reason: NoEffectReason; message: string };

/**
 * Whether an Event drawn as an encounter acts on the character who drew it, standing on a square
 * of `terrain` (yummell.md, Encounter results, EVENT; seed 003: "In many cases, the Event may have
 * no effect"). A movement bonus never does (movement is over: Hills Guide); otherwise only an
 * Event with the arrow does, when its condition holds. **Decision**: nor does a challenge bonus,
 * since no challenge is under way when an encounter is drawn; and these reasons are told before
 * the arrow's, as the seed tells Hills Guide's.
 */
export function eventVerdict(card: EventCard, terrain: string): EventVerdict {
  const { effect } = card;
  if (effect.kind === 'MOVEMENT_BONUS') {
    return { acts: false, reason: 'MOVEMENT_OVER', message: `${card.name} gives a movement bonus in ${effect.terrain}, and the movement is over: no effect` };
  }
  if (effect.kind === 'CHALLENGE_BONUS') {
    return { acts: false, reason: 'NO_CHALLENGE', message: `${card.name} gives a bonus in a challenge, and no challenge is under way: no effect` };
  }
  if (!card.arrow) return { acts: false, reason: 'NO_ARROW', message: `${card.name} has no arrow: it does not act on the character who draws it, no effect` };
  if (card.condition !== null && card.condition.onTerrain !== terrain) {
    return { acts: false, reason: 'CONDITION_NOT_MET', message: `${card.name} acts only on a ${card.condition.onTerrain} square, and this one is ${terrain}: no effect` };
  }
  return { acts: true };
}

/** What an Event did to the character who drew it. */
export interface EventOutcome {
  applied: boolean;
  /** Why it had no effect; null when it had one. */
  noEffect: { reason: NoEffectReason; message: string } | null;
  from: number;
  to: number;
}

/** The card drawn as an encounter and what came of it. */
export type EncounterResult = {
  cardId: string;
  name: string;
  value: number;
  text: string | null;
} & (
  | { type: 'CREATURE'; challenge: { characteristic: Characteristic; number: number } }
  | { type: 'ARTEFACT'; effect: Extract<YummellCard, { type: 'ARTEFACT' }>['effect'] }
  | ({ type: 'EVENT'; arrow: boolean } & EventOutcome)
);

/**
 * Applies an Event that acts: BACKTRACK to the first available square behind, ADVANCE one square
 * if it can host the character. Only the drawer moves: others in the square are immune (seed 003,
 * Encounter, rule 1).
 */
function applyEvent(play: YummellPlay, characterId: string, card: EventCard, terrain: string): EventOutcome {
  const sheet = play.state.characters[characterId];
  const from = sheet.position;
  const verdict = eventVerdict(card, terrain);
  if (!verdict.acts) return { applied: false, noEffect: { reason: verdict.reason, message: verdict.message }, from, to: from };
  const to = card.effect.kind === 'BACKTRACK' ? squareBehind(play.state, characterId) : squareAhead(play.state, characterId);
  if (to === from) {
    return { applied: false, noEffect: { reason: 'NOT_POSSIBLE', message: `${card.name} cannot move ${sheet.name}: the next square cannot host the pawn` }, from, to };
  }
  sheet.position = to;
  return { applied: true, noEffect: null, from, to };
}

/**
 * Draws the top card of the deck as the character's encounter and applies it (yummell.md,
 * Encounter results): a CREATURE is left on the table as the pending challenge; an ARTEFACT joins
 * the character's active Artefacts (its card stays face up on the table); an EVENT acts on the
 * drawer if it can, then goes to the discard pile. Records `yummell.encounter.drawn`, all public:
 * the drawn card is face up. When the draw pile is empty the discard pile is reshuffled into it
 * first; it always holds at least the card the move played.
 */
export function drawEncounter(play: YummellPlay, characterId: string): EncounterResult {
  const { state } = play;
  const sheet = state.characters[characterId];
  const square = sheet.position;
  const terrain = squareAt(state.campaign.board, square)!.terrain;
  const draw = drawUpTo(state.piles, 1, { kind: 'TABLE' }, play.rng);
  state.piles = draw.piles;
  // The card just played lies on the discard pile, so there is always a card to draw.
  if (draw.drawn.length === 0) throw new Error('an encounter was drawn from an empty deck, though the move put its card on the discard pile');
  const record = (card: YummellCard, outcome: EventOutcome | null): void =>
    play.record('yummell.encounter.drawn', { characterId, square, terrain, ...draw.record, card, outcome });
  const card = cardOf(state, draw.drawn[0]);
  const printed = { cardId: card.id, name: card.name, value: card.value, text: card.text ?? null };
  if (card.type === 'CREATURE') {
    state.campaign.pendingChallenge = { characterId, creatureCardId: card.id, characteristic: card.characteristic, number: card.number };
    record(card, null);
    return { ...printed, type: 'CREATURE' as const, challenge: { characteristic: card.characteristic, number: card.number } };
  }
  if (card.type === 'ARTEFACT') {
    sheet.artefacts.push(card.id);
    record(card, null);
    return { ...printed, type: 'ARTEFACT' as const, effect: card.effect };
  }
  const discarded = moveCards(state.piles, [card.id], { kind: 'DISCARD' });
  if (!discarded.ok) throw new Error(`the drawn Event could not be discarded: ${discarded.violation.message}`);
  state.piles = discarded.piles;
  const outcome = applyEvent(play, characterId, card, terrain);
  record(card, outcome);
  return { ...printed, ...outcome, type: 'EVENT' as const, arrow: card.arrow };
}
