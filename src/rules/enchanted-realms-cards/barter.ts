import type { CardDefinition } from '../cards/card.js';
import type { DeckPiles } from '../cards/piles.js';
import { cardTypeOf, forceOf } from './cards.js';
import { cardLookup, moveCheckedCards, refuse, type RuleOutcome, type RuleViolation } from './outcome.js';

/** The machine codes of a refused trade. */
export type BarterRefusal =
  | 'NOTHING_TRADED'
  | 'SAME_HOLDER'
  | 'DUPLICATE_CARD'
  | 'CARD_NOT_IN_YOUR_HAND'
  | 'CARD_NOT_THEIRS'
  | 'NOT_AN_ITEM'
  | 'OFFER_TOO_LOW'
  | 'NOT_ACCEPTED';

/**
 * What ITEM cards are worth together: the sum of their Force Numbers (2008 rules: "the Force
 * Number on an Item card indicates its relative worth").
 */
export function itemWorth(items: readonly CardDefinition[]): number {
  return items.reduce((worth, item) => worth + forceOf(item), 0);
}

/** One side of a trade: whose cards, and which of them it gives. */
export interface TradeSide {
  /** A player's hand, or a character's table cards (`tableHolder`). */
  holderId: string;
  gives: readonly string[];
}

/**
 * The first reason the two sides' cards cannot be traded, or the cards each side gives.
 * `theirs` names the second side in a message, as in "the Lead Player".
 */
function checkTrade(
  piles: DeckPiles,
  deck: readonly CardDefinition[],
  yours: TradeSide,
  theirs: TradeSide & { name: string },
): { ok: false; violation: RuleViolation<BarterRefusal> } | { ok: true; yourItems: CardDefinition[]; theirItems: CardDefinition[] } {
  if (yours.holderId === theirs.holderId) return refuse('SAME_HOLDER', 'a trade needs two different sides');
  const all = [...yours.gives, ...theirs.gives];
  const duplicate = all.find((id, index) => all.indexOf(id) !== index);
  if (duplicate !== undefined) return refuse('DUPLICATE_CARD', `card '${duplicate}' is listed more than once`);
  const notYours = yours.gives.find((id) => !(piles.hands[yours.holderId] ?? []).includes(id));
  if (notYours !== undefined) return refuse('CARD_NOT_IN_YOUR_HAND', `card '${notYours}' is not yours to trade`);
  const notTheirs = theirs.gives.find((id) => !(piles.hands[theirs.holderId] ?? []).includes(id));
  if (notTheirs !== undefined) return refuse('CARD_NOT_THEIRS', `card '${notTheirs}' is not ${theirs.name}'s to trade`);
  const cardOf = cardLookup(deck);
  const notItem = all.map(cardOf).find((card) => cardTypeOf(card) !== 'ITEM');
  if (notItem !== undefined) {
    return refuse('NOT_AN_ITEM', `only ITEM cards can be bartered: ${notItem.name ?? notItem.id} is not an item`);
  }
  return { ok: true, yourItems: yours.gives.map(cardOf), theirItems: theirs.gives.map(cardOf) };
}

/** Each side's cards go to the other side, appended in the order given. */
function exchange(piles: DeckPiles, first: TradeSide, second: TradeSide): DeckPiles {
  const afterFirst = first.gives.length === 0 ? piles : moveCheckedCards(piles, first.gives, second.holderId);
  return second.gives.length === 0 ? afterFirst : moveCheckedCards(afterFirst, second.gives, first.holderId);
}

/**
 * A trade with the Lead Player (enchanted-realms-cards.md, Barter, Decision): the player offers
 * ITEM cards for ITEM cards the Lead Player holds, and the trade succeeds when the Force offered
 * is at least the Force asked. Each side offers at least one card; services are priced by the
 * Lead Player outside this rule. Only ITEM cards have a worth, so only they can be bartered.
 */
export function barterWithLeadPlayer(
  piles: DeckPiles,
  deck: readonly CardDefinition[],
  trade: { holderId: string; leadHolderId: string; offered: readonly string[]; asked: readonly string[] },
): RuleOutcome<BarterRefusal, { offeredWorth: number; askedWorth: number }> {
  const { holderId, leadHolderId, offered, asked } = trade;
  if (offered.length === 0 || asked.length === 0) {
    return refuse('NOTHING_TRADED', 'offer at least one item and ask for at least one');
  }
  const yours = { holderId, gives: offered };
  const theirs = { holderId: leadHolderId, gives: asked };
  const checked = checkTrade(piles, deck, yours, { ...theirs, name: 'the Lead Player' });
  if (!checked.ok) return checked;
  const offeredWorth = itemWorth(checked.yourItems);
  const askedWorth = itemWorth(checked.theirItems);
  if (offeredWorth < askedWorth) {
    return refuse('OFFER_TOO_LOW', `you offer Force ${offeredWorth} for Force ${askedWorth}: offer at least Force ${askedWorth}`);
  }
  return { ok: true, piles: exchange(piles, yours, theirs), offeredWorth, askedWorth };
}

/** One character's side of a trade between characters. */
export interface CharacterTradeSide extends TradeSide {
  accepts: boolean;
}

/**
 * A trade between two characters (enchanted-realms-cards.md, Barter, Decision): it happens only
 * when both sides accept, whatever the worth of the items; `balance` is the Force the first side
 * gives minus the Force it receives, so that both players see who gave more. One side may give
 * nothing (a gift), but some card has to change hands.
 */
export function barterBetweenCharacters(
  piles: DeckPiles,
  deck: readonly CardDefinition[],
  trade: { first: CharacterTradeSide; second: CharacterTradeSide },
): RuleOutcome<BarterRefusal, { firstWorth: number; secondWorth: number; balance: number }> {
  const { first, second } = trade;
  if (first.gives.length === 0 && second.gives.length === 0) {
    return refuse('NOTHING_TRADED', 'at least one item has to change hands');
  }
  const checked = checkTrade(piles, deck, first, { ...second, name: 'the other character' });
  if (!checked.ok) return checked;
  if (!first.accepts || !second.accepts) return refuse('NOT_ACCEPTED', 'the trade needs both sides to accept');
  const firstWorth = itemWorth(checked.yourItems);
  const secondWorth = itemWorth(checked.theirItems);
  return { ok: true, piles: exchange(piles, first, second), firstWorth, secondWorth, balance: firstWorth - secondWorth };
}
