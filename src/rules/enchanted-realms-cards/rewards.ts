import type { CardDefinition } from '../cards/card.js';
import type { DeckPiles } from '../cards/piles.js';
import { cardTypeOf, forceOf } from './cards.js';
import { cardLookup, moveCheckedCards, refuse, type RuleOutcome } from './outcome.js';

const TABLE_HOLDER_PREFIX = 'table:';

/**
 * The pile holder of the cards on the table in front of a character: its HERO, its CREATURE and
 * the ITEM and ENHANCEMENT cards it was awarded (enchanted-realms-cards.md, Characters). They are
 * kept in `DeckPiles.hands` under `table:<characterId>`, not on the shared `table`, so that every
 * card stays counted once in the piles and a scene's end (`returnDiscards`, which puts the shared
 * table back into the deck) never takes a character's cards away.
 */
export function tableHolder(characterId: string): string {
  return `${TABLE_HOLDER_PREFIX}${characterId}`;
}

const ASIDE_HOLDER_PREFIX = 'aside:';

/**
 * The pile holder of a character's rewards set aside until its quest completes
 * (enchanted-realms-cards.md, Rewards: "cards may be set aside and awarded when the quest
 * completes"): out of the hand, not yet on the character.
 */
export function asideHolder(characterId: string): string {
  return `${ASIDE_HOLDER_PREFIX}${characterId}`;
}

/** Whether a holder id is a character's table cards (or its rewards set aside, logged when awarded) rather than a player's hand. */
export function isTableHolder(holderId: string): boolean {
  return holderId.startsWith(TABLE_HOLDER_PREFIX) || holderId.startsWith(ASIDE_HOLDER_PREFIX);
}

/**
 * The cards on the table in front of a character, in the order they arrived: what
 * `stackCharacter` combines.
 *
 * @throws Error when a card in the piles is not in `deck`.
 */
export function characterCards(piles: DeckPiles, deck: readonly CardDefinition[], characterId: string): CardDefinition[] {
  return (piles.hands[tableHolder(characterId)] ?? []).map(cardLookup(deck));
}

/** The machine codes of a refused award. */
export type AwardRefusal = 'CARD_NOT_IN_YOUR_HAND' | 'NOT_AWARDABLE' | 'FORCE_TOO_HIGH';

/** One reward: a card of a player's hand onto a character. */
export interface AwardRequest {
  /** The hand the card comes from: the player's holder id. */
  holderId: string;
  characterId: string;
  cardId: string;
  /** The Force Number of the creature, challenge or completed QUEST that the reward is for. */
  challengeForce: number;
  /** Whether the card is an item the character found during this encounter. */
  acquiredDuringEncounter?: boolean;
  /** Set the card aside (`asideHolder`) until the quest completes, instead of onto the character. */
  setAside?: boolean;
}

/**
 * Awards one card after a creature or challenge is overcome (enchanted-realms-cards.md, Rewards):
 * an ITEM or ENHANCEMENT card moves from the player's hand onto the character's table cards. Its
 * Force Number may not exceed the challenge's, except for an ITEM acquired during the encounter.
 * A reward held back until a quest completes is awarded the same way, with the QUEST card's Force
 * as `challengeForce`.
 *
 * One call awards one card. How many awards a player gets — one per encounter, plus one the group
 * grants for a well-played action — is counted by the encounter that calls this rule.
 */
export function awardCard(
  piles: DeckPiles,
  deck: readonly CardDefinition[],
  request: AwardRequest,
): RuleOutcome<AwardRefusal, { cardId: string }> {
  const { holderId, characterId, cardId, challengeForce, acquiredDuringEncounter = false } = request;
  if (isTableHolder(holderId) || !(piles.hands[holderId] ?? []).includes(cardId)) {
    return refuse('CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand');
  }
  const card = cardLookup(deck)(cardId);
  const type = cardTypeOf(card);
  if (type !== 'ITEM' && type !== 'ENHANCEMENT') {
    return refuse('NOT_AWARDABLE', 'only ITEM and ENHANCEMENT cards can be awarded');
  }
  const force = forceOf(card);
  const exempt = type === 'ITEM' && acquiredDuringEncounter;
  if (!exempt && force > challengeForce) {
    return refuse('FORCE_TOO_HIGH', `a Force ${force} card cannot reward a Force ${challengeForce} challenge`);
  }
  const to = request.setAside ? asideHolder(characterId) : tableHolder(characterId);
  return { ok: true, piles: moveCheckedCards(piles, [cardId], to), cardId };
}
