import type { CardDefinition } from '../cards/card.js';
import type { Bonus } from './cards.js';
import { ENCHANTED_REALMS_STARTER } from './starter-deck.js';
import { DEFAULT_HEALTH, forceBonusOf, stackCharacter, type StackedCharacter } from './stacking.js';

const card = (id: string): CardDefinition => {
  const found = ENCHANTED_REALMS_STARTER.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no card ${id} in the starter deck`);
  return found;
};

const NOTHING: StackedCharacter = {
  STR: 0, AGL: 0, PRE: 0, COMBAT: 0, SPELLCASTING: 0, WEAPON: 0, ARMOR: 0, SPELL: 0, ENHANCE: 0, SPECIAL: 0, HEALTH: 0,
  maxHealth: DEFAULT_HEALTH,
};

describe('stackCharacter', () => {
  it.each<[string, string[], Partial<StackedCharacter>]>([
    ['no cards', [], {}],
    ['one Fighter', ['hero-fighter-1'], { STR: 4, AGL: 2, PRE: 1, COMBAT: 2 }],
    // 2008 rules, Stacking cards, example 1: every attribute +1, the ability bonus added up.
    ['two Fighters: STR 4 → 5, COMBAT +2 → +4', ['hero-fighter-1', 'hero-fighter-2'], { STR: 5, AGL: 3, PRE: 2, COMBAT: 4 }],
    // 2008 rules, Stacking cards, example 2.
    ['two Daggers: WEAPON +1 → +2', ['item-dagger-1', 'item-dagger-2'], { WEAPON: 2 }],
    ['Erik with a Long Sword (seed 000)', ['hero-erik-1', 'item-long-sword-1'], { STR: 2, COMBAT: 3, WEAPON: 4 }],
    ['an Orc in Scale Mail (seed 000)', ['creature-orc-1', 'item-scale-mail-1'], { STR: 3, AGL: 2, ARMOR: 3, HEALTH: 10, maxHealth: 10 }],
    // 2008 rules, Stacking cards: different cards, the highest of each attribute.
    ['different cards: the highest of each bonus', ['hero-fighter-1', 'hero-erik-1', 'creature-human-1'],
      { STR: 4, AGL: 2, PRE: 1, COMBAT: 3, HEALTH: 10, maxHealth: 10 }],
    ['different weapons: the higher', ['item-long-sword-1', 'item-dagger-1'], { WEAPON: 4 }],
    ['two copies next to a different card', ['hero-fighter-1', 'creature-dwarf-1', 'hero-fighter-2'],
      { STR: 5, AGL: 3, PRE: 2, COMBAT: 4, ARMOR: 1, HEALTH: 12, maxHealth: 12 }],
    ['a copy\'s +1 against a different card\'s higher score', ['hero-fighter-1', 'hero-fighter-2', 'enhancement-giant-strength-1'],
      { STR: 6, AGL: 3, PRE: 2, COMBAT: 4 }],
    ['a Rope, which lists no bonuses: its Force as SPECIAL', ['item-rope-1'], { SPECIAL: 1 }],
    ['two Ropes', ['item-rope-1', 'item-rope-2'], { SPECIAL: 2 }],
    ['a Lucky Charm, an ENHANCEMENT without bonuses: its Force as ENHANCE', ['enhancement-lucky-charm-1'], { ENHANCE: 3 }],
    ['a Lantern with Lockpicks: the higher SPECIAL', ['item-lantern-1', 'item-lockpicks-1'], { SPECIAL: 2 }],
    ['the higher of two HEALTH totals', ['creature-human-1', 'creature-troll-1'], { STR: 6, AGL: 1, PRE: 1, HEALTH: 18, maxHealth: 18 }],
    ['two copies of a HEALTH total: +1', ['creature-goblins-1', 'creature-goblins-2'], { STR: 2, AGL: 3, HEALTH: 7, maxHealth: 7 }],
  ])('%s', (_, ids, expected) => {
    expect(stackCharacter(ids.map(card))).toEqual({ ...NOTHING, ...expected });
  });

  it('keeps the highest of different cards\' bonuses, negative ones too', () => {
    const cursed = (code: string, bonuses: Partial<Record<Bonus, number>>): CardDefinition => ({
      id: code, code, type: 'ITEM', attributes: { force: 1, ...bonuses },
    });
    expect(stackCharacter([cursed('A', { STR: -2, WEAPON: -1 }), cursed('B', { STR: -1, WEAPON: 2 })]))
      .toEqual({ ...NOTHING, STR: -1, WEAPON: 2 });
  });

  it('counts copies by code, reading the first copy\'s values', () => {
    const first: CardDefinition = { id: 'a-1', code: 'A', type: 'ITEM', attributes: { force: 1, WEAPON: 2 } };
    const misprint: CardDefinition = { id: 'a-2', code: 'A', type: 'ITEM', attributes: { force: 1, WEAPON: 9 } };
    expect(stackCharacter([first, misprint])).toEqual({ ...NOTHING, WEAPON: 4 });
  });
});

describe('forceBonusOf', () => {
  it.each<[string, string, Bonus]>([
    ['an ENHANCEMENT', 'enhancement-lucky-charm-1', 'ENHANCE'],
    ['an ITEM', 'item-rope-1', 'SPECIAL'],
    ['a WORLD', 'world-crevice-1', 'SPECIAL'],
    ['a QUEST', 'quest-slay-the-dragon-1', 'SPECIAL'],
  ])('%s without bonuses gives its Force as %s', (_, id, bonus) => {
    expect(forceBonusOf(card(id))).toBe(bonus);
  });
});
