import type { CardDefinition, CardListError } from '../cards/card.js';
import {
  ADVENTURE_CARD_TYPES,
  type CardBonuses,
  bonusesOf,
  cardTypeOf,
  forceOf,
  listsBonuses,
  validateAdventureDeck,
} from './cards.js';

const longSword: CardDefinition = { id: 'item-long-sword-1', code: 'LSW', name: 'Long Sword', type: 'ITEM', attributes: { force: 4, WEAPON: 4 } };
const crevice: CardDefinition = { id: 'world-crevice-1', code: 'CRV', name: 'Crevice', type: 'WORLD', attributes: { force: 2 } };
const fighter: CardDefinition = {
  id: 'hero-fighter-1',
  code: 'FTR',
  type: 'HERO',
  attributes: { force: 5, STR: 4, AGL: 2, PRE: 1, COMBAT: 2 },
};

describe('card helpers', () => {
  it.each<[string, CardDefinition, string | undefined, number, CardBonuses, boolean]>([
    ['the Long Sword', longSword, 'ITEM', 4, { WEAPON: 4 }, true],
    ['the Crevice, which lists no bonuses', crevice, 'WORLD', 2, {}, false],
    ['a Fighter, bonuses in the rules\' order', fighter, 'HERO', 5, { STR: 4, AGL: 2, PRE: 1, COMBAT: 2 }, true],
    ['a card of an unknown type', { id: 'x', code: 'X', type: 'SPELL', attributes: { force: 1 } }, undefined, 1, {}, false],
    ['a card without type or attributes', { id: 'x', code: 'X' }, undefined, 0, {}, false],
    ['a cursed item', { id: 'x', code: 'X', type: 'ITEM', attributes: { force: 0, STR: -1 } }, 'ITEM', 0, { STR: -1 }, true],
    ['text where a bonus should be', { id: 'x', code: 'X', type: 'ITEM', attributes: { force: 1, STR: '2' } }, 'ITEM', 1, {}, false],
  ])('%s: type %p, Force %p, bonuses %o, lists bonuses %p', (_, card, type, force, bonuses, lists) => {
    expect(cardTypeOf(card)).toBe(type);
    expect(forceOf(card)).toBe(force);
    expect(bonusesOf(card)).toEqual(bonuses);
    expect(listsBonuses(card)).toBe(lists);
  });

  it('knows the nine card types of the 2008 rules', () => {
    expect(ADVENTURE_CARD_TYPES).toEqual(['HERO', 'CREATURE', 'QUEST', 'MENTOR', 'BLANK', 'WORLD', 'SUPPORT', 'ITEM', 'ENHANCEMENT']);
  });
});

describe('validateAdventureDeck', () => {
  it.each<[string, unknown[], CardDefinition[]]>([
    ['every type, Force 0 and a negative bonus', ADVENTURE_CARD_TYPES.map((type, i) => ({ id: `c${i}`, code: type, type, attributes: { force: i, STR: -1 } })),
      ADVENTURE_CARD_TYPES.map((type, i) => ({ id: `c${i}`, code: type, type, attributes: { force: i, STR: -1 } }))],
    ['every bonus on one card', [{ code: 'ALL', type: 'ITEM', attributes: { force: 9, STR: 1, AGL: 1, PRE: 1, COMBAT: 1, SPELLCASTING: 1, WEAPON: 1, ARMOR: 1, SPELL: 1, ENHANCE: 1, SPECIAL: 1, HEALTH: 12 } }],
      [{ id: 'ALL', code: 'ALL', type: 'ITEM', attributes: { force: 9, STR: 1, AGL: 1, PRE: 1, COMBAT: 1, SPELLCASTING: 1, WEAPON: 1, ARMOR: 1, SPELL: 1, ENHANCE: 1, SPECIAL: 1, HEALTH: 12 } }]],
    ['two copies of one card, normalized by validateCardList', [{ id: 'dag-1', code: 'DAG', type: 'ITEM', attributes: { force: 1, WEAPON: 1 } }, { id: 'dag-2', code: 'DAG', type: 'ITEM', attributes: { force: 1, WEAPON: 1 } }],
      [{ id: 'dag-1', code: 'DAG', type: 'ITEM', attributes: { force: 1, WEAPON: 1 } }, { id: 'dag-2', code: 'DAG', type: 'ITEM', attributes: { force: 1, WEAPON: 1 } }]],
  ])('accepts %s', (_, input, cards) => {
    expect(validateAdventureDeck(input)).toEqual({ ok: true, cards });
  });

  const types = ADVENTURE_CARD_TYPES.join(' ');
  const bonuses = 'STR AGL PRE COMBAT SPELLCASTING WEAPON ARMOR SPELL ENHANCE SPECIAL HEALTH';
  const good = { id: 'ok-1', code: 'OK', type: 'ITEM', attributes: { force: 1 } };

  it.each<[string, unknown[], CardListError[]]>([
    ['an empty deck (the generic check)', [], [{ index: 0, message: 'a deck needs at least one card' }]],
    ['an id used twice (the generic check)', [good, good], [{ index: 1, cardId: 'ok-1', message: "card 1 ('ok-1'): id 'ok-1' is used twice" }]],
    ['a card without a type', [good, { id: 'b', code: 'B', attributes: { force: 1 } }],
      [{ index: 1, cardId: 'b', message: `card 1 ('b'): needs a type, one of ${types}` }]],
    ['an unknown type', [{ id: 'b', code: 'B', type: 'SPELL', attributes: { force: 1 } }],
      [{ index: 0, cardId: 'b', message: `card 0 ('b'): type 'SPELL' is not one of ${types}` }]],
    ['a card without a Force Number', [{ id: 'b', code: 'B', type: 'ITEM' }],
      [{ index: 0, cardId: 'b', message: "card 0 ('b'): needs a Force Number (attributes.force)" }]],
    ['a fractional Force', [{ id: 'b', code: 'B', type: 'ITEM', attributes: { force: 2.5 } }],
      [{ index: 0, cardId: 'b', message: "card 0 ('b'): the Force Number must be a whole number of 0 or more, not 2.5" }]],
    ['a negative Force', [{ id: 'b', code: 'B', type: 'ITEM', attributes: { force: -1 } }],
      [{ index: 0, cardId: 'b', message: "card 0 ('b'): the Force Number must be a whole number of 0 or more, not -1" }]],
    ['a Force given as text', [{ id: 'b', code: 'B', type: 'ITEM', attributes: { force: '3' } }],
      [{ index: 0, cardId: 'b', message: "card 0 ('b'): the Force Number must be a whole number of 0 or more, not '3'" }]],
    ['a fractional bonus', [{ id: 'b', code: 'B', type: 'ITEM', attributes: { force: 1, WEAPON: 1.5 } }],
      [{ index: 0, cardId: 'b', message: "card 0 ('b'): the WEAPON bonus must be a whole number, not 1.5" }]],
    ['a bonus given as true', [{ id: 'b', code: 'B', type: 'ITEM', attributes: { force: 1, ARMOR: true } }],
      [{ index: 0, cardId: 'b', message: "card 0 ('b'): the ARMOR bonus must be a whole number, not true" }]],
    ['an unknown attribute', [{ id: 'b', code: 'B', type: 'HERO', attributes: { force: 1, strength: 4 } }],
      [{ index: 0, cardId: 'b', message: `card 0 ('b'): unknown attribute 'strength': bonuses are ${bonuses}` }]],
    ['every problem of every card, a card named by its code when it has no id',
      [good, { code: 'X', type: 'ORB', attributes: { force: -2, INT: 1 } }, { id: 'y', code: 'Y', type: 'ITEM', attributes: { force: 1, STR: 0.5 } }],
      [
        { index: 1, cardId: 'X', message: `card 1 ('X'): type 'ORB' is not one of ${types}` },
        { index: 1, cardId: 'X', message: "card 1 ('X'): the Force Number must be a whole number of 0 or more, not -2" },
        { index: 1, cardId: 'X', message: `card 1 ('X'): unknown attribute 'INT': bonuses are ${bonuses}` },
        { index: 2, cardId: 'y', message: "card 2 ('y'): the STR bonus must be a whole number, not 0.5" },
      ]],
  ])('refuses %s', (_, input, errors) => {
    expect(validateAdventureDeck(input)).toEqual({ ok: false, errors });
  });
});
