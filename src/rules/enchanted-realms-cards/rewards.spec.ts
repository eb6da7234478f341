import type { DeckPiles } from '../cards/piles.js';
import { type AwardRequest, awardCard, characterCards, isTableHolder, tableHolder } from './rewards.js';
import { ENCHANTED_REALMS_STARTER as deck } from './starter-deck.js';

describe('tableHolder and isTableHolder', () => {
  it.each<[string, string]>([
    ['erik', 'table:erik'],
    ['c-42', 'table:c-42'],
  ])('character %p keeps its cards under %p', (characterId, holder) => {
    expect(tableHolder(characterId)).toBe(holder);
    expect(isTableHolder(holder)).toBe(true);
  });

  it.each(['p1', 'lead', 'tablet'])('%p is a hand, not a character\'s table', (holder) => {
    expect(isTableHolder(holder)).toBe(false);
  });
});

/** Erik is on the table; his player holds a mix of cards; a Plate Armor waits in the deck. */
const base = (): DeckPiles => ({
  drawPile: ['item-plate-armor-1'],
  discardPile: ['blank-force-7-1'],
  table: ['world-crevice-1'],
  hands: {
    p1: ['item-long-sword-1', 'enhancement-blessing-1', 'item-crossbow-1', 'enhancement-giant-strength-1', 'quest-slay-the-troll-1'],
    [tableHolder('erik')]: ['hero-erik-1', 'creature-human-1'],
  },
});

describe('characterCards', () => {
  it.each<[string, string, string[]]>([
    ['Erik\'s HERO and CREATURE, in the order they arrived', 'erik', ['hero-erik-1', 'creature-human-1']],
    ['none for a character without cards', 'nobody', []],
  ])('lists %s', (_, characterId, ids) => {
    expect(characterCards(base(), deck, characterId).map((card) => card.id)).toEqual(ids);
  });
});

describe('awardCard', () => {
  const award = (request: Partial<AwardRequest> & { cardId: string }): AwardRequest => ({
    holderId: 'p1', characterId: 'erik', challengeForce: 5, ...request,
  });

  it.each<[string, AwardRequest]>([
    ['an ITEM of lower Force than the challenge', award({ cardId: 'item-long-sword-1' })],
    ['an ENHANCEMENT of lower Force', award({ cardId: 'enhancement-blessing-1' })],
    ['a card of the challenge\'s own Force', award({ cardId: 'item-long-sword-1', challengeForce: 4 })],
    ['an ITEM acquired during the encounter, above the challenge\'s Force', award({ cardId: 'item-crossbow-1', acquiredDuringEncounter: true })],
    ['a reward held for a completed quest, against the QUEST\'s Force', award({ cardId: 'enhancement-giant-strength-1', challengeForce: 8 })],
  ])('moves %s onto the character', (_, request) => {
    const before = base();
    const outcome = awardCard(before, deck, request);
    const hands = base().hands;
    expect(outcome).toEqual({
      ok: true,
      cardId: request.cardId,
      piles: {
        ...base(),
        hands: { p1: hands.p1.filter((id) => id !== request.cardId), 'table:erik': [...hands['table:erik'], request.cardId] },
      },
    });
    expect(before).toEqual(base());
  });

  it('starts a character\'s table cards when it has none', () => {
    const outcome = awardCard(base(), deck, award({ cardId: 'item-long-sword-1', characterId: 'mira' }));
    expect(outcome.ok && outcome.piles.hands['table:mira']).toEqual(['item-long-sword-1']);
  });

  it.each<[string, AwardRequest, string, string]>([
    ['a card in the deck', award({ cardId: 'item-plate-armor-1' }), 'CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand'],
    ['a card on the discard pile', award({ cardId: 'blank-force-7-1' }), 'CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand'],
    ['a card of another character', award({ cardId: 'hero-erik-1', characterId: 'mira' }), 'CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand'],
    ['a card from a character\'s table', award({ holderId: 'table:erik', cardId: 'creature-human-1', characterId: 'mira' }),
      'CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand'],
    ['a card not in the deck', award({ cardId: 'item-golden-goose-1' }), 'CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand'],
    ['a QUEST card', award({ cardId: 'quest-slay-the-troll-1', challengeForce: 9 }), 'NOT_AWARDABLE', 'only ITEM and ENHANCEMENT cards can be awarded'],
    ['an ITEM above the challenge\'s Force', award({ cardId: 'item-crossbow-1' }), 'FORCE_TOO_HIGH', 'a Force 6 card cannot reward a Force 5 challenge'],
    ['a Force 7 ENHANCEMENT for a Force 5 challenge', award({ cardId: 'enhancement-giant-strength-1' }), 'FORCE_TOO_HIGH',
      'a Force 7 card cannot reward a Force 5 challenge'],
    ['an ENHANCEMENT "acquired during the encounter": only ITEMs escape the limit',
      award({ cardId: 'enhancement-giant-strength-1', acquiredDuringEncounter: true }), 'FORCE_TOO_HIGH',
      'a Force 7 card cannot reward a Force 5 challenge'],
  ])('refuses %s', (_, request, reason, message) => {
    const before = base();
    expect(awardCard(before, deck, request)).toEqual({ ok: false, violation: { reason, message } });
    expect(before).toEqual(base());
  });
});
