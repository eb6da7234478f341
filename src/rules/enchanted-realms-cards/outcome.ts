import type { CardDefinition } from '../cards/card.js';
import { type DeckPiles, moveCards } from '../cards/piles.js';

/** Why an Enchanted Realms rule refused: a machine code and a sentence a player understands. */
export interface RuleViolation<Reason extends string> {
  reason: Reason;
  message: string;
}

/**
 * A pile rule's outcome, following the convention of `PileOutcome` (cards/piles.ts): the new piles
 * and what else the rule reports, or why nothing changed.
 */
export type RuleOutcome<Reason extends string, Extra = unknown> =
  | ({ ok: true; piles: DeckPiles } & Extra)
  | { ok: false; violation: RuleViolation<Reason> };

/** A refusal with its reason code and player-readable message. */
export const refuse = <Reason extends string>(
  reason: Reason,
  message: string,
): { ok: false; violation: RuleViolation<Reason> } => ({ ok: false, violation: { reason, message } });

/**
 * Moves cards that a rule has already checked into a holder's hand, keeping their order.
 *
 * @throws Error when `moveCards` refuses: the rule's own checks missed something.
 */
export function moveCheckedCards(piles: DeckPiles, cardIds: readonly string[], holderId: string): DeckPiles {
  const moved = moveCards(piles, cardIds, { kind: 'HAND', holderId });
  if (!moved.ok) throw new Error(`a checked move was refused: ${moved.violation.message}`);
  return moved.piles;
}

/**
 * The deck's cards by id.
 *
 * @throws Error from the returned lookup when a card in the piles is not in the deck.
 */
export function cardLookup(deck: readonly CardDefinition[]): (cardId: string) => CardDefinition {
  const byId = new Map(deck.map((card) => [card.id, card]));
  return (cardId) => {
    const card = byId.get(cardId);
    if (card === undefined) throw new Error(`card '${cardId}' is in the piles but not in the deck`);
    return card;
  };
}
