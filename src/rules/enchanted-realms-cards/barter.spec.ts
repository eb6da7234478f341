import type { DeckPiles } from '../cards/piles.js';
import { barterBetweenCharacters, barterWithLeadPlayer, type CharacterTradeSide, itemWorth } from './barter.js';
import { ENCHANTED_REALMS_STARTER as deck } from './starter-deck.js';

const cards = (...ids: string[]) => ids.map((id) => deck.find((card) => card.id === id)!);

describe('itemWorth', () => {
  it.each<[string[], number]>([
    [[], 0],
    [['item-long-sword-1'], 4],
    [['item-dagger-1', 'item-dagger-2', 'item-war-axe-1'], 7],
    [['item-rope-1'], 1],
  ])('%j is worth Force %p', (ids, worth) => {
    expect(itemWorth(cards(...ids))).toBe(worth);
  });
});

const base = (): DeckPiles => ({
  drawPile: ['item-plate-armor-1'],
  discardPile: [],
  table: [],
  hands: {
    p1: ['item-dagger-1', 'item-long-sword-1', 'enhancement-blessing-1'],
    lead: ['item-war-axe-1', 'item-rope-1', 'support-innkeeper-1'],
    'table:erik': ['hero-erik-1', 'item-bow-1'],
    'table:mira': ['hero-wizard-1', 'item-staff-1', 'item-spellbook-1'],
  },
});

describe('barterWithLeadPlayer', () => {
  type Trade = Parameters<typeof barterWithLeadPlayer>[2];
  const trade = (offered: string[], asked: string[], holderId = 'p1'): Trade => ({ holderId, leadHolderId: 'lead', offered, asked });

  it.each<[string, Trade, number, number, Record<string, string[]>]>([
    ['an equal trade: Force 5 for Force 5', trade(['item-dagger-1', 'item-long-sword-1'], ['item-war-axe-1']), 5, 5,
      { p1: ['enhancement-blessing-1', 'item-war-axe-1'], lead: ['item-rope-1', 'support-innkeeper-1', 'item-dagger-1', 'item-long-sword-1'] }],
    ['more offered than asked', trade(['item-long-sword-1'], ['item-rope-1']), 4, 1,
      { p1: ['item-dagger-1', 'enhancement-blessing-1', 'item-rope-1'], lead: ['item-war-axe-1', 'support-innkeeper-1', 'item-long-sword-1'] }],
    ['a character\'s own item, from its table cards', trade(['item-bow-1'], ['item-rope-1'], 'table:erik'), 3, 1,
      { 'table:erik': ['hero-erik-1', 'item-rope-1'], lead: ['item-war-axe-1', 'support-innkeeper-1', 'item-bow-1'] }],
  ])('trades %s', (_, request, offeredWorth, askedWorth, changedHands) => {
    const before = base();
    expect(barterWithLeadPlayer(before, deck, request)).toEqual({
      ok: true, offeredWorth, askedWorth, piles: { ...base(), hands: { ...base().hands, ...changedHands } },
    });
    expect(before).toEqual(base());
  });

  it.each<[string, Trade, string, string]>([
    ['too little: Force 1 for Force 5', trade(['item-dagger-1'], ['item-war-axe-1']), 'OFFER_TOO_LOW',
      'you offer Force 1 for Force 5: offer at least Force 5'],
    ['nothing offered', trade([], ['item-rope-1']), 'NOTHING_TRADED', 'offer at least one item and ask for at least one'],
    ['nothing asked', trade(['item-dagger-1'], []), 'NOTHING_TRADED', 'offer at least one item and ask for at least one'],
    ['a card offered twice', trade(['item-dagger-1', 'item-dagger-1'], ['item-rope-1']), 'DUPLICATE_CARD',
      "card 'item-dagger-1' is listed more than once"],
    ['a card the player does not hold', trade(['item-plate-armor-1'], ['item-rope-1']), 'CARD_NOT_IN_YOUR_HAND',
      "card 'item-plate-armor-1' is not yours to trade"],
    ['a card the Lead Player does not hold', trade(['item-long-sword-1'], ['item-bow-1']), 'CARD_NOT_THEIRS',
      "card 'item-bow-1' is not the Lead Player's to trade"],
    ['an ENHANCEMENT offered', trade(['enhancement-blessing-1'], ['item-rope-1']), 'NOT_AN_ITEM',
      'only ITEM cards can be bartered: Blessing is not an item'],
    ['a SUPPORT card asked', trade(['item-long-sword-1'], ['support-innkeeper-1']), 'NOT_AN_ITEM',
      'only ITEM cards can be bartered: Innkeeper is not an item'],
    ['a trade of the Lead Player with themselves', trade(['item-rope-1'], ['item-war-axe-1'], 'lead'), 'SAME_HOLDER',
      'a trade needs two different sides'],
  ])('refuses %s', (_, request, reason, message) => {
    const before = base();
    expect(barterWithLeadPlayer(before, deck, request)).toEqual({ ok: false, violation: { reason, message } });
    expect(before).toEqual(base());
  });
});

describe('barterBetweenCharacters', () => {
  const side = (holderId: string, gives: string[], accepts = true): CharacterTradeSide => ({ holderId, gives, accepts });

  it.each<[string, CharacterTradeSide, CharacterTradeSide, [number, number, number], Record<string, string[]>]>([
    ['a Bow for a Spellbook: Erik gives 1 less', side('table:erik', ['item-bow-1']), side('table:mira', ['item-spellbook-1']), [3, 4, -1],
      { 'table:erik': ['hero-erik-1', 'item-spellbook-1'], 'table:mira': ['hero-wizard-1', 'item-staff-1', 'item-bow-1'] }],
    ['two for one, whatever the worth', side('table:mira', ['item-staff-1', 'item-spellbook-1']), side('table:erik', ['item-bow-1']), [6, 3, 3],
      { 'table:erik': ['hero-erik-1', 'item-staff-1', 'item-spellbook-1'], 'table:mira': ['hero-wizard-1', 'item-bow-1'] }],
    ['a gift', side('table:erik', ['item-bow-1']), side('table:mira', []), [3, 0, 3],
      { 'table:erik': ['hero-erik-1'], 'table:mira': ['hero-wizard-1', 'item-staff-1', 'item-spellbook-1', 'item-bow-1'] }],
  ])('trades %s', (_, first, second, [firstWorth, secondWorth, balance], changedHands) => {
    const before = base();
    expect(barterBetweenCharacters(before, deck, { first, second })).toEqual({
      ok: true, firstWorth, secondWorth, balance, piles: { ...base(), hands: { ...base().hands, ...changedHands } },
    });
    expect(before).toEqual(base());
  });

  it.each<[string, CharacterTradeSide, CharacterTradeSide, string, string]>([
    ['without the first side\'s consent', side('table:erik', ['item-bow-1'], false), side('table:mira', ['item-staff-1']),
      'NOT_ACCEPTED', 'the trade needs both sides to accept'],
    ['without the second side\'s consent', side('table:erik', ['item-bow-1']), side('table:mira', ['item-staff-1'], false),
      'NOT_ACCEPTED', 'the trade needs both sides to accept'],
    ['nothing changing hands', side('table:erik', []), side('table:mira', []), 'NOTHING_TRADED', 'at least one item has to change hands'],
    ['a card the other character does not hold', side('table:erik', ['item-bow-1']), side('table:mira', ['item-dagger-1']),
      'CARD_NOT_THEIRS', "card 'item-dagger-1' is not the other character's to trade"],
    ['a HERO card', side('table:erik', ['hero-erik-1']), side('table:mira', ['item-staff-1']), 'NOT_AN_ITEM',
      'only ITEM cards can be bartered: Erik the Fighter is not an item'],
    ['a character with itself', side('table:erik', ['item-bow-1']), side('table:erik', []), 'SAME_HOLDER', 'a trade needs two different sides'],
  ])('refuses %s', (_, first, second, reason, message) => {
    const before = base();
    expect(barterBetweenCharacters(before, deck, { first, second })).toEqual({ ok: false, violation: { reason, message } });
    expect(before).toEqual(base());
  });
});
