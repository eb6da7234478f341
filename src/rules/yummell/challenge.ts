/**
 * The challenge against a Creature drawn as an encounter (yummell.md, Encounter results, CREATURE;
 * seed 003, "Challenge").
 */
import { moveCards } from '../cards/piles.js';
import { refuse, type Violation } from '../kernel/outcome.js';
import type { Advantage, Characteristic, YummellCard } from './data.js';
import { actingSheet, cardOf, handOf, type YummellSheet, yummellRule } from './state.js';
import { squareAhead, squareBehind } from './track.js';
import { type Arrival, arriveIfFinished } from './turn.js';

/** One bonus added to a challenge's total. */
export interface BonusTerm {
  name: string;
  bonus: number;
}

/** An active Artefact's bonus, with the card that gives it. */
export interface ArtefactTerm extends BonusTerm {
  cardId: string;
}

/**
 * The Advantages named for a challenge on `characteristic`, checked: each one the character's,
 * named once, and giving a bonus on that Characteristic; or why not.
 */
export function chosenAdvantages(sheet: YummellSheet, characteristic: Characteristic, names: readonly string[]): Advantage[] | Violation {
  const chosen: Advantage[] = [];
  for (const [index, name] of names.entries()) {
    if (names.indexOf(name) !== index) return { reason: 'DUPLICATE_ADVANTAGE', message: `${name} can only be used once in a challenge` };
    const advantage = sheet.advantages.find((candidate) => candidate.name === name);
    if (advantage === undefined) return { reason: 'UNKNOWN_ADVANTAGE', message: `${sheet.name} has no Advantage named ${name}` };
    if (!advantage.characteristics.includes(characteristic)) {
      return { reason: 'ADVANTAGE_NOT_APPLICABLE', message: `${name} gives no bonus to ${characteristic}` };
    }
    chosen.push(advantage);
  }
  return chosen;
}

/**
 * The bonuses of the character's active Artefacts in a challenge on `characteristic`.
 * **Decision**: an Artefact's challenge bonus is always used when it applies; the player need not
 * name it (yummell.md: an Artefact "may be used … if its conditions allow").
 */
export function artefactBonuses(sheet: YummellSheet, cards: Readonly<Record<string, YummellCard>>, characteristic: Characteristic): ArtefactTerm[] {
  const terms: ArtefactTerm[] = [];
  for (const cardId of sheet.artefacts) {
    const card = cards[cardId];
    if (card?.type !== 'ARTEFACT' || card.effect.kind !== 'CHALLENGE_BONUS') continue;
    if (card.effect.characteristic === 'ANY' || card.effect.characteristic === characteristic) terms.push({ cardId, name: card.name, bonus: card.effect.amount });
  }
  return terms;
}

/** A challenge's sum. */
export interface ChallengeTotal {
  characteristicValue: number;
  /** The played card's value; null when the character had no card to play. */
  cardValue: number | null;
  advantages: BonusTerm[];
  artefacts: ArtefactTerm[];
  /** Characteristic + card value + Advantages used + Artefacts. */
  total: number;
  /** Strictly higher than the Creature's number, with a card played. */
  won: boolean;
}

/**
 * Characteristic + the played card's value + the Advantages used (+ the active Artefacts'
 * bonuses) against the Creature's number: won when strictly higher, and always lost without a card
 * to play, "regardless of the Characteristic's number value" (seed 003, Challenge: the Salamander
 * of Mount Ohrk, STRENGTH 9, is beaten by STRENGTH 5 and a 5, 10 > 9; Horrgrop the Evil is not
 * beaten by STRENGTH 5 and Heroism without a card).
 */
export function challengeTotal(
  characteristicValue: number,
  cardValue: number | null,
  advantages: readonly BonusTerm[],
  artefacts: readonly ArtefactTerm[],
  creatureNumber: number,
): ChallengeTotal {
  const bonuses = [...advantages, ...artefacts].reduce((sum, term) => sum + term.bonus, 0);
  const total = characteristicValue + (cardValue ?? 0) + bonuses;
  return { characteristicValue, cardValue, advantages: [...advantages], artefacts: [...artefacts], total, won: cardValue !== null && total > creatureNumber };
}

export interface ResolveChallengeInput {
  characterId: string;
  /** The card played from the hand: required while the hand holds any (refusing is not allowed). */
  cardId?: string | null;
  /** Names of the character's Advantages to use. */
  advantages?: string[];
}

export interface ResolveChallengeResult extends ChallengeTotal {
  creature: { cardId: string; name: string; characteristic: Characteristic; number: number };
  cardId: string | null;
  /** The Advantages discarded because their card says so. */
  discardedAdvantages: string[];
  from: number;
  position: number;
  /** ADVANCED one square, STAYED (won, but the square ahead cannot host), or BACKTRACKED. */
  moved: 'ADVANCED' | 'STAYED' | 'BACKTRACKED';
  arrival: Arrival | null;
  handCount: number;
}

/**
 * Resolves the pending challenge (yummell.md, Encounter results, CREATURE): the player must play a
 * card if the hand holds any, may use Advantages; won (strictly higher) → one square ahead if it
 * can host the character, else it stays; lost → back to the first available square behind. The
 * played card and the Creature go to the discard pile. **Decision**: Advantages named are used,
 * and discarded when their card says so, even when the challenge is lost for want of a card (the
 * seed's Horrgrop example uses Heroism all the same).
 */
export const yummellResolveChallenge = yummellRule((play, input: ResolveChallengeInput): ResolveChallengeResult => {
  const { state } = play;
  const sheet = actingSheet(state, input.characterId, { challenge: true });
  const challenge = state.campaign.pendingChallenge;
  if (challenge === null || challenge.characterId !== input.characterId) refuse('NO_CHALLENGE', `${sheet.name} has no challenge to resolve`);
  const creature = cardOf(state, challenge.creatureCardId);

  const advantages = chosenAdvantages(sheet, challenge.characteristic, input.advantages ?? []);
  if (!Array.isArray(advantages)) refuse(advantages.reason, advantages.message);
  const hand = handOf(state, input.characterId);
  const cardId = input.cardId ?? null;
  if (cardId === null && hand.length > 0) refuse('CARD_REQUIRED', `${sheet.name} holds cards and must play one against ${creature.name}`);
  if (cardId !== null && !hand.includes(cardId)) refuse('CARD_NOT_IN_YOUR_HAND', `card '${cardId}' is not in ${sheet.name}'s hand`);

  const cardValue = cardId === null ? null : cardOf(state, cardId).value;
  const sum = challengeTotal(
    sheet.characteristics[challenge.characteristic],
    cardValue,
    advantages.map(({ name, bonus }) => ({ name, bonus })),
    artefactBonuses(sheet, state.campaign.cards, challenge.characteristic),
    challenge.number,
  );

  // The GM's card moves on the platform (endScene shuffles the table back) may have put the
  // Creature into the draw pile: the fight is still the encounter's, and its card comes out of it.
  if (state.piles.drawPile.includes(challenge.creatureCardId)) {
    state.piles = { ...state.piles, drawPile: state.piles.drawPile.filter((id) => id !== challenge.creatureCardId), table: [...state.piles.table, challenge.creatureCardId] };
  }
  // The fight's cards, face up: the Creature on top of the card played against it.
  const discarded = moveCards(state.piles, [challenge.creatureCardId, ...(cardId === null ? [] : [cardId])], { kind: 'DISCARD' });
  if (!discarded.ok) throw new Error(`the challenge's cards could not be discarded: ${discarded.violation.message}`);
  state.piles = discarded.piles;
  const discardedAdvantages = advantages.filter((advantage) => advantage.discardOnUse).map((advantage) => advantage.name);
  sheet.advantages = sheet.advantages.filter((advantage) => !discardedAdvantages.includes(advantage.name));
  state.campaign.pendingChallenge = null;

  const from = sheet.position;
  sheet.position = sum.won ? squareAhead(state, input.characterId) : squareBehind(state, input.characterId);
  const moved = !sum.won ? 'BACKTRACKED' : sheet.position === from ? 'STAYED' : 'ADVANCED';
  const creatureFacts = { cardId: creature.id, name: creature.name, characteristic: challenge.characteristic, number: challenge.number };
  const handCount = handOf(state, input.characterId).length;
  play.record('yummell.challenge.resolved', {
    characterId: input.characterId,
    creature: creatureFacts,
    cardId,
    ...sum,
    usedAdvantages: advantages.map((advantage) => advantage.name),
    discardedAdvantages,
    from,
    position: sheet.position,
    moved,
    handCount,
  });
  const arrival = arriveIfFinished(play, input.characterId);
  return { ...sum, creature: creatureFacts, cardId, discardedAdvantages, from, position: sheet.position, moved, arrival, handCount };
});
