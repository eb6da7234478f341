import type { CardDefinition } from '../cards/card.js';
import { drawCards, type DeckPiles, type PileOutcome } from '../cards/piles.js';
import { type Rng, shuffle } from '../random/random-stream.js';
import { type Attribute, BONUSES, type Bonus, bonusesOf, forceOf } from './cards.js';
import type { StackedCharacter } from './stacking.js';

/** What a Draw is for (enchanted-realms-cards.md, The Draw, Modifiers). */
export type DrawAction =
  | 'ATTACK'
  | 'DEFEND'
  | 'ACTION_WITH_CARD'
  | 'ACTION_WITHOUT_CARD'
  | 'SPELL'
  | 'DEFEND_SPELL';

/** A Draw's action; an action with or without a card also names the attribute it tests. */
export type DrawRequest =
  | { action: 'ATTACK' | 'DEFEND' | 'SPELL' | 'DEFEND_SPELL' }
  | { action: 'ACTION_WITH_CARD' | 'ACTION_WITHOUT_CARD'; attribute: Attribute };

/** One term of a Draw's modifier: a bonus, or a target card's Force Number (`FORCE`). */
export interface ModifierTerm {
  term: Bonus | 'FORCE';
  value: number;
}

/**
 * The modifier formulas, term by term in the order the rules print them; `ATTRIBUTE` stands for
 * the attribute that the action tests.
 */
export const DRAW_MODIFIER_FORMULAS: Readonly<Record<DrawAction, ReadonlyArray<Bonus | 'ATTRIBUTE'>>> = {
  ATTACK: ['STR', 'COMBAT', 'ENHANCE', 'WEAPON'],
  DEFEND: ['AGL', 'COMBAT', 'ENHANCE', 'ARMOR'],
  ACTION_WITH_CARD: ['ENHANCE', 'ATTRIBUTE', 'SPECIAL'],
  ACTION_WITHOUT_CARD: ['ATTRIBUTE', 'SPECIAL'],
  SPELL: ['PRE', 'SPELLCASTING', 'SPELL'],
  DEFEND_SPELL: ['PRE', 'SPELLCASTING'],
};

/**
 * A character's modifier for a Draw, term by term (every term of the formula, 0 included), so
 * that a player can see the sum: attacking with Erik gives STR 2, COMBAT 3, ENHANCE 0, WEAPON 4.
 */
export function drawModifiers(character: StackedCharacter, request: DrawRequest): ModifierTerm[] {
  const tested = 'attribute' in request ? request.attribute : undefined;
  return DRAW_MODIFIER_FORMULAS[request.action].map((term) => {
    const bonus = term === 'ATTRIBUTE' ? tested! : term;
    return { term: bonus, value: character[bonus] };
  });
}

/** The sum of a modifier's terms. */
export function modifierTotal(modifiers: readonly ModifierTerm[]): number {
  return modifiers.reduce((total, { value }) => total + value, 0);
}

/** The Adjusted Draw Score: the drawn card's Force Number plus the modifier (The Draw, step 2). */
export function adjustedScore(card: CardDefinition, modifiers: readonly ModifierTerm[]): number {
  return forceOf(card) + modifierTotal(modifiers);
}

/**
 * The modifier of a Draw the Lead Player makes "for the game" against a target card: the target's
 * bonuses, or its Force Number if it lists none (the Crevice, Force 2: FORCE 2).
 * **Decision**: HEALTH is never a Draw modifier, so a target's HEALTH is left out, and a target
 * listing only HEALTH counts as listing no bonuses. With `relevant`, only those of the target's
 * bonuses count (the rules: "adding any relevant bonuses"); a target that lists bonuses, none of
 * them relevant, adds nothing.
 */
export function gameDrawModifiers(target: CardDefinition, relevant?: readonly Bonus[]): ModifierTerm[] {
  const listed = bonusesOf(target);
  const drawBonuses = BONUSES.filter((bonus) => bonus !== 'HEALTH' && listed[bonus] !== undefined);
  if (drawBonuses.length === 0) return [{ term: 'FORCE', value: forceOf(target) }];
  return drawBonuses
    .filter((bonus) => relevant === undefined || relevant.includes(bonus))
    .map((bonus) => ({ term: bonus, value: listed[bonus]! }));
}

/**
 * What a verifier needs to re-derive a draw from the top of the Adventure Deck (replay.ts): the
 * piles' counts before it, and the discard pile (face up, top first) when the draw had to shuffle
 * it back in (`drawCards`: when the deck runs out).
 */
export interface DrawRecord {
  drawPileCount: number;
  discardPileCount: number;
  reshuffledFrom: string[] | null;
}

/** The record of a draw of `count` cards from the top of these piles, taken before it. */
export function drawRecord(piles: DeckPiles, count: number): DrawRecord {
  return {
    drawPileCount: piles.drawPile.length,
    discardPileCount: piles.discardPile.length,
    reshuffledFrom: count > piles.drawPile.length ? [...piles.discardPile] : null,
  };
}

/**
 * Re-derives a draw of `count` cards from its record: checks the record's counts agree with a
 * draw of that size, takes a reshuffle's randomness from `rng` as `drawCards` did, and returns the
 * cards drawn after the reshuffle — the only drawn cards a public record tells (those above were
 * in the draw pile, whose order is secret).
 */
export function replayDrawRecord(record: DrawRecord, count: number, rng: Rng): { problems: string[]; drawnAfterReshuffle: string[] } {
  const problems: string[] = [];
  const available = record.drawPileCount + record.discardPileCount;
  if (count > available) problems.push(`${count} cards were drawn, but only ${available} were in the draw and discard piles`);
  if ((count > record.drawPileCount) !== (record.reshuffledFrom !== null)) {
    problems.push(`drawing ${count} from a draw pile of ${record.drawPileCount} ${count > record.drawPileCount ? 'shuffles the discard pile back, but reshuffledFrom is null' : 'needs no reshuffle, but reshuffledFrom is set'}`);
  }
  if (record.reshuffledFrom === null) return { problems, drawnAfterReshuffle: [] };
  if (record.reshuffledFrom.length !== record.discardPileCount) {
    problems.push(`reshuffledFrom holds ${record.reshuffledFrom.length} cards, but the discard pile held ${record.discardPileCount}`);
  }
  const reshuffled = shuffle(record.reshuffledFrom, rng);
  return { problems, drawnAfterReshuffle: reshuffled.slice(0, Math.max(0, count - record.drawPileCount)) };
}

/**
 * Draws the top card of the Adventure Deck face up onto the scene's discard pile (The Draw,
 * step 1). When the deck runs out, the discard pile is shuffled back first (`drawCards`).
 */
export function revealDraw(piles: DeckPiles, rng: Rng): PileOutcome<{ cardId: string; reshuffled: boolean }> {
  const outcome = drawCards(piles, { count: 1, from: 'TOP', to: { kind: 'DISCARD' } }, rng);
  if (!outcome.ok) return outcome;
  return { ok: true, piles: outcome.piles, cardId: outcome.drawn[0], reshuffled: outcome.reshuffled };
}

/** Who won a Draw against a Counter Draw. */
export interface ContestResult {
  winner: 'INITIATOR' | 'OPPONENT';
  /** The winner's score minus the loser's: 0 on a tie. */
  margin: number;
  /** Health points the opponent loses: only when the contest is an attack and the attacker wins. */
  damage: number;
}

/**
 * Compares the Draw of the side that initiated the action with the opposing side's Counter Draw:
 * the higher Adjusted Draw Score wins, and on a tie the initiator wins. A successful attack deals
 * the difference of the scores (Erik 14 against the Orc's 12: 2 damage). **Decision**: an attack
 * won on a tie hits for 0 damage, and a defender who wins deals none.
 */
export function resolveContest(contest: { initiatorScore: number; counterScore: number; attack: boolean }): ContestResult {
  const { initiatorScore, counterScore, attack } = contest;
  const initiatorWins = initiatorScore >= counterScore;
  return {
    winner: initiatorWins ? 'INITIATOR' : 'OPPONENT',
    margin: Math.abs(initiatorScore - counterScore),
    damage: attack && initiatorWins ? initiatorScore - counterScore : 0,
  };
}

/** A Draw against a Challenge Number. */
export interface ChallengeResult {
  success: boolean;
  /** The score minus the Challenge Number: 0 or more on a success. */
  margin: number;
}

/** A Challenge Number is met when the Adjusted Draw Score is at least the number. */
export function resolveChallenge(score: number, challengeNumber: number): ChallengeResult {
  return { success: score >= challengeNumber, margin: score - challengeNumber };
}
