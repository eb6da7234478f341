import type { CardDefinition } from '../cards/card.js';
import { CARD_PRESETS } from '../cards/presets.js';
import { ADVENTURE_CARD_TYPES, type AdventureCardType, bonusesOf, cardTypeOf, forceOf, validateAdventureDeck } from './cards.js';
import { ENCHANTED_REALMS_STARTER, ENCHANTED_REALMS_STARTER_PRESET } from './starter-deck.js';

const byId = (id: string): CardDefinition | undefined => ENCHANTED_REALMS_STARTER.find((card) => card.id === id);
const countBy = <K extends string | number>(key: (card: CardDefinition) => K): Record<K, number> =>
  ENCHANTED_REALMS_STARTER.reduce(
    (counts, card) => ({ ...counts, [key(card)]: (counts[key(card)] ?? 0) + 1 }),
    {} as Record<K, number>,
  );

describe('ENCHANTED_REALMS_STARTER', () => {
  it('is a valid Adventure Deck of 100 cards that needs no normalizing', () => {
    expect(ENCHANTED_REALMS_STARTER).toHaveLength(100);
    expect(validateAdventureDeck([...ENCHANTED_REALMS_STARTER])).toEqual({ ok: true, cards: ENCHANTED_REALMS_STARTER });
  });

  it('spreads Forces 1–9 evenly: 11 cards each, 12 of Force 5, a mean of 5', () => {
    expect(countBy(forceOf)).toEqual({ 1: 11, 2: 11, 3: 11, 4: 11, 5: 12, 6: 11, 7: 11, 8: 11, 9: 11 });
    expect(ENCHANTED_REALMS_STARTER.reduce((sum, card) => sum + forceOf(card), 0)).toBe(500);
  });

  it('holds every card type', () => {
    const expected: Record<AdventureCardType, number> = {
      HERO: 14, CREATURE: 16, QUEST: 6, MENTOR: 4, BLANK: 4, WORLD: 12, SUPPORT: 4, ITEM: 26, ENHANCEMENT: 14,
    };
    expect(countBy((card) => cardTypeOf(card) ?? 'none')).toEqual(expected);
    expect(Object.keys(expected).sort()).toEqual([...ADVENTURE_CARD_TYPES].sort());
  });

  it('names each card by type, name and copy number, and shares a code and name only between copies', () => {
    const printed = new Map<string, string>();
    for (const card of ENCHANTED_REALMS_STARTER) {
      expect(card.id).toMatch(new RegExp(`^${card.type!.toLowerCase()}-[a-z0-9-]+-\\d$`));
      expect(card.code.length).toBeLessThanOrEqual(3);
      const printedAs = JSON.stringify([card.name, card.type, card.attributes]);
      expect(printed.get(card.code) ?? printedAs).toBe(printedAs);
      printed.set(card.code, printedAs);
    }
  });

  it.each<[string, string, AdventureCardType, number, ReturnType<typeof bonusesOf>]>([
    ['hero-erik-1', 'Erik the Fighter', 'HERO', 6, { STR: 2, COMBAT: 3 }],
    ['item-long-sword-1', 'Long Sword', 'ITEM', 4, { WEAPON: 4 }],
    ['creature-orc-1', 'Orc', 'CREATURE', 3, { STR: 3, AGL: 2, HEALTH: 10 }],
    ['item-scale-mail-1', 'Scale Mail', 'ITEM', 3, { ARMOR: 3 }],
    ['world-crevice-1', 'Crevice', 'WORLD', 2, {}],
    ['creature-goblins-1', 'Goblins', 'CREATURE', 2, { STR: 1, AGL: 2, HEALTH: 6 }],
    ['hero-fighter-1', 'Fighter', 'HERO', 5, { STR: 4, AGL: 2, PRE: 1, COMBAT: 2 }],
    ['hero-fighter-2', 'Fighter', 'HERO', 5, { STR: 4, AGL: 2, PRE: 1, COMBAT: 2 }],
    ['item-dagger-1', 'Dagger', 'ITEM', 1, { WEAPON: 1 }],
    ['item-dagger-2', 'Dagger', 'ITEM', 1, { WEAPON: 1 }],
  ])('holds the rules\' example card %s: %s, %s of Force %p, %o', (id, name, type, force, bonuses) => {
    const card = byId(id)!;
    expect(card).toMatchObject({ name, type });
    expect(forceOf(card)).toBe(force);
    expect(bonusesOf(card)).toEqual(bonuses);
  });

  it('cannot be changed by its users', () => {
    expect(Object.isFrozen(ENCHANTED_REALMS_STARTER)).toBe(true);
    expect(ENCHANTED_REALMS_STARTER.every((card) => Object.isFrozen(card) && Object.isFrozen(card.attributes))).toBe(true);
  });
});

describe('ENCHANTED_REALMS_STARTER_PRESET', () => {
  it('is registered in CARD_PRESETS as enchanted-realms-starter', () => {
    expect(CARD_PRESETS['enchanted-realms-starter']).toBe(ENCHANTED_REALMS_STARTER_PRESET);
    expect(ENCHANTED_REALMS_STARTER_PRESET.id).toBe('enchanted-realms-starter');
    expect(ENCHANTED_REALMS_STARTER_PRESET.cards).toBe(ENCHANTED_REALMS_STARTER);
  });
});
