/**
 * The odds of a pending challenge, for the player who faces it: which cards of their hand win, and
 * the total each would make (yummell.md, Encounter results, CREATURE). Computed from what that
 * player may see — their own hand and the public state — through `playerView`, so that the draw
 * pile's order and other players' hands cannot reach the answer.
 */
import { refusal, type Violation } from '../kernel/outcome.js';
import { type ArtefactTerm, artefactBonuses, type BonusTerm, challengeTotal, chosenAdvantages } from './challenge.js';
import type { Characteristic, YummellCard } from './data.js';
import { type PendingChallenge, type YummellSheet, type YummellState } from './state.js';

/** The race as one player may see it: the public state and their own hand, nothing of the draw pile but its size. */
export interface YummellPlayerView {
  viewerId: string;
  /** The viewer's hand, in the order received. */
  hand: YummellCard[];
  /** Every sheet: positions, Characteristics, Advantages and Artefacts are public. */
  sheets: Record<string, YummellSheet>;
  handCounts: Record<string, number>;
  /** The deck list: every card's definition is printed data. */
  cards: Readonly<Record<string, YummellCard>>;
  pendingChallenge: PendingChallenge | null;
  drawPileCount: number;
}

/** What the character `viewerId`'s player may see of the race. */
export function playerView(state: YummellState, viewerId: string): YummellPlayerView {
  const cards = state.campaign.cards;
  return {
    viewerId,
    hand: (state.piles.hands[viewerId] ?? []).map((id) => cards[id]),
    sheets: state.characters,
    handCounts: Object.fromEntries(Object.entries(state.piles.hands).map(([holder, hand]) => [holder, hand.length])),
    cards,
    pendingChallenge: state.campaign.pendingChallenge,
    drawPileCount: state.piles.drawPile.length,
  };
}

/** One card of the hand, played against the Creature. */
export interface CardOdds {
  cardId: string;
  name: string;
  value: number;
  total: number;
  wins: boolean;
}

export interface ChallengeOdds {
  creature: { cardId: string; name: string; characteristic: Characteristic; number: number };
  characteristicValue: number;
  advantages: BonusTerm[];
  artefacts: ArtefactTerm[];
  /** Characteristic + Advantages + Artefacts: what a card's value is added to. */
  base: number;
  /** The lowest card value that wins: number − base + 1 (1 or less: any card wins; above 8: none does). */
  lowestWinningValue: number;
  /** Every card of the hand, in hand order. */
  cards: CardOdds[];
  winningCardIds: string[];
  /** With no card in hand the challenge is lost, whatever the Characteristic and Advantages. */
  noCardToPlay: boolean;
}

export interface ChallengeOddsInput {
  characterId: string;
  /** The Advantages the player would use. */
  advantages?: string[];
}

/** The odds of the challenge in the view: the viewer's own, from the viewer's hand and the public state. */
export function challengeOddsFromView(view: YummellPlayerView, advantageNames: readonly string[] = []): { ok: true; result: ChallengeOdds } | { ok: false; violation: Violation } {
  const challenge = view.pendingChallenge;
  const sheet = view.sheets[view.viewerId];
  if (sheet === undefined) return refusal('UNKNOWN_CHARACTER', `there is no character '${view.viewerId}' in this race`);
  if (challenge === null || challenge.characterId !== view.viewerId) return refusal('NO_CHALLENGE', `${sheet.name} has no challenge to resolve`);
  const advantages = chosenAdvantages(sheet, challenge.characteristic, advantageNames);
  if (!Array.isArray(advantages)) return { ok: false, violation: advantages };
  const advantageTerms = advantages.map(({ name, bonus }) => ({ name, bonus }));
  const artefacts = artefactBonuses(sheet, view.cards, challenge.characteristic);
  const characteristicValue = sheet.characteristics[challenge.characteristic];
  const base = challengeTotal(characteristicValue, 0, advantageTerms, artefacts, challenge.number).total;
  const cards = view.hand.map((card) => {
    const { total, won } = challengeTotal(characteristicValue, card.value, advantageTerms, artefacts, challenge.number);
    return { cardId: card.id, name: card.name, value: card.value, total, wins: won };
  });
  const creature = view.cards[challenge.creatureCardId];
  return {
    ok: true,
    result: {
      creature: { cardId: creature.id, name: creature.name, characteristic: challenge.characteristic, number: challenge.number },
      characteristicValue,
      advantages: advantageTerms,
      artefacts,
      base,
      lowestWinningValue: challenge.number - base + 1,
      cards,
      winningCardIds: cards.filter((card) => card.wins).map((card) => card.cardId),
      noCardToPlay: cards.length === 0,
    },
  };
}

/**
 * yummellChallengeOdds: for the pending challenge of `characterId`, which cards of that
 * character's hand win and the total each would make, with the Advantages the player would use.
 * Reads the state only through `playerView(state, characterId)`.
 */
export function yummellChallengeOdds(state: YummellState, input: ChallengeOddsInput): { ok: true; result: ChallengeOdds } | { ok: false; violation: Violation } {
  return challengeOddsFromView(playerView(state, input.characterId), input.advantages ?? []);
}
