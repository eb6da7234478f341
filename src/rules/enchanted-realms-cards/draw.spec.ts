import type { CardDefinition } from '../cards/card.js';
import type { DeckPiles } from '../cards/piles.js';
import type { Rng } from '../random/random-stream.js';
import type { Bonus } from './cards.js';
import {
  adjustedScore,
  type ContestResult,
  type DrawRequest,
  drawModifiers,
  gameDrawModifiers,
  type ModifierTerm,
  modifierTotal,
  resolveChallenge,
  resolveContest,
  revealDraw,
} from './draw.js';
import { stackCharacter, type StackedCharacter } from './stacking.js';
import { ENCHANTED_REALMS_STARTER } from './starter-deck.js';

const card = (id: string): CardDefinition => {
  const found = ENCHANTED_REALMS_STARTER.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no card ${id} in the starter deck`);
  return found;
};
const stack = (...ids: string[]): StackedCharacter => stackCharacter(ids.map(card));

/** An Rng whose uniform() returns scripted values in order. */
const scripted = (values: number[]): Rng => {
  let used = 0;
  return {
    get wordsUsed() {
      return used;
    },
    uniform: (m) => {
      const value = values[used];
      if (value === undefined || value >= m) throw new Error(`no scripted value below ${m}`);
      used += 1;
      return value;
    },
    nextWord: () => {
      throw new Error('not used');
    },
    die: () => {
      throw new Error('not used');
    },
  };
};

/** A character with a distinct value in every bonus, so that each formula's terms can be told apart. */
const everyBonus: StackedCharacter = {
  STR: 1, AGL: 2, PRE: 3, COMBAT: 4, SPELLCASTING: 5, WEAPON: 6, ARMOR: 7, SPELL: 8, ENHANCE: 9, SPECIAL: 10, HEALTH: 11, maxHealth: 11,
};
const terms = (...pairs: Array<[Bonus | 'FORCE', number]>): ModifierTerm[] => pairs.map(([term, value]) => ({ term, value }));

describe('drawModifiers', () => {
  it.each<[string, DrawRequest, ModifierTerm[]]>([
    ['attacking: STR + COMBAT + ENHANCE + WEAPON', { action: 'ATTACK' }, terms(['STR', 1], ['COMBAT', 4], ['ENHANCE', 9], ['WEAPON', 6])],
    ['defending: AGL + COMBAT + ENHANCE + ARMOR', { action: 'DEFEND' }, terms(['AGL', 2], ['COMBAT', 4], ['ENHANCE', 9], ['ARMOR', 7])],
    ['an action with a card: ENHANCE + attribute + SPECIAL', { action: 'ACTION_WITH_CARD', attribute: 'AGL' },
      terms(['ENHANCE', 9], ['AGL', 2], ['SPECIAL', 10])],
    ['an action without a card: attribute + SPECIAL', { action: 'ACTION_WITHOUT_CARD', attribute: 'PRE' }, terms(['PRE', 3], ['SPECIAL', 10])],
    ['casting a spell: PRE + SPELLCASTING + SPELL', { action: 'SPELL' }, terms(['PRE', 3], ['SPELLCASTING', 5], ['SPELL', 8])],
    ['defending from a spell: PRE + SPELLCASTING', { action: 'DEFEND_SPELL' }, terms(['PRE', 3], ['SPELLCASTING', 5])],
  ])('%s', (_, request, expected) => {
    expect(drawModifiers(everyBonus, request)).toEqual(expected);
  });

  it.each<[string, StackedCharacter, DrawRequest, ModifierTerm[], number]>([
    ['Erik, a Human with a Long Sword, attacks at +9 (seed 000)', stack('hero-erik-1', 'creature-human-1', 'item-long-sword-1'),
      { action: 'ATTACK' }, terms(['STR', 2], ['COMBAT', 3], ['ENHANCE', 0], ['WEAPON', 4]), 9],
    ['the Orc in Scale Mail defends at +5 (seed 000)', stack('creature-orc-1', 'item-scale-mail-1'),
      { action: 'DEFEND' }, terms(['AGL', 2], ['COMBAT', 0], ['ENHANCE', 0], ['ARMOR', 3]), 5],
    ['Erik jumps with STR +2 (seed 000)', stack('hero-erik-1', 'creature-human-1', 'item-long-sword-1'),
      { action: 'ACTION_WITHOUT_CARD', attribute: 'STR' }, terms(['STR', 2], ['SPECIAL', 0]), 2],
  ])('%s', (_, character, request, expected, total) => {
    const modifiers = drawModifiers(character, request);
    expect(modifiers).toEqual(expected);
    expect(modifierTotal(modifiers)).toBe(total);
  });
});

describe('modifierTotal', () => {
  it.each<[ModifierTerm[], number]>([
    [[], 0],
    [terms(['STR', 2], ['COMBAT', 3], ['ENHANCE', 0], ['WEAPON', 4]), 9],
    [terms(['STR', -1], ['SPECIAL', 2]), 1],
  ])('%j sums to %p', (modifiers, total) => {
    expect(modifierTotal(modifiers)).toBe(total);
  });
});

describe('adjustedScore', () => {
  it.each<[string, number, ModifierTerm[], number]>([
    ['a drawn 5 with +9 (Erik)', 5, terms(['STR', 2], ['COMBAT', 3], ['ENHANCE', 0], ['WEAPON', 4]), 14],
    ['a drawn 7 with +5 (the Orc)', 7, terms(['AGL', 2], ['COMBAT', 0], ['ENHANCE', 0], ['ARMOR', 3]), 12],
    ['a drawn 6 against the Crevice', 6, terms(['FORCE', 2]), 8],
    ['a drawn 0 without modifiers', 0, [], 0],
  ])('%s scores %p', (_, force, modifiers, score) => {
    const drawn: CardDefinition = { id: 'drawn', code: 'D', type: 'BLANK', attributes: { force } };
    expect(adjustedScore(drawn, modifiers)).toBe(score);
  });
});

describe('gameDrawModifiers', () => {
  it.each<[string, CardDefinition, Bonus[] | undefined, ModifierTerm[]]>([
    ['the Crevice, which lists no bonuses: its Force', card('world-crevice-1'), undefined, terms(['FORCE', 2])],
    ['the Castle: its bonuses', card('world-castle-1'), undefined, terms(['ARMOR', 3], ['SPECIAL', 2])],
    ['the Castle, ARMOR relevant only', card('world-castle-1'), ['ARMOR'], terms(['ARMOR', 3])],
    ['the Castle, no listed bonus relevant: nothing', card('world-castle-1'), ['STR'], []],
    ['the Orc: its bonuses without HEALTH', card('creature-orc-1'), undefined, terms(['STR', 3], ['AGL', 2])],
    ['a card listing only HEALTH: its Force', { id: 'h', code: 'H', type: 'CREATURE', attributes: { force: 4, HEALTH: 9 } }, undefined, terms(['FORCE', 4])],
    ['a card listing no bonuses, with relevant bonuses asked: still its Force', card('quest-slay-the-dragon-1'), ['STR'], terms(['FORCE', 9])],
  ])('%s', (_, target, relevant, expected) => {
    expect(gameDrawModifiers(target, relevant)).toEqual(expected);
  });
});

describe('resolveContest', () => {
  it.each<[string, number, number, boolean, ContestResult]>([
    ['Erik 14 against the Orc 12: a hit for 2 (seed 000)', 14, 12, true, { winner: 'INITIATOR', margin: 2, damage: 2 }],
    ['an attack parried', 9, 12, true, { winner: 'OPPONENT', margin: 3, damage: 0 }],
    ['a tie: the initiator wins, for 0 damage', 10, 10, true, { winner: 'INITIATOR', margin: 0, damage: 0 }],
    ['the Crevice: the character 7 against the game 8 (seed 000)', 7, 8, false, { winner: 'OPPONENT', margin: 1, damage: 0 }],
    ['an action that is not an attack deals no damage', 12, 3, false, { winner: 'INITIATOR', margin: 9, damage: 0 }],
  ])('%s', (_, initiatorScore, counterScore, attack, result) => {
    expect(resolveContest({ initiatorScore, counterScore, attack })).toEqual(result);
  });
});

describe('resolveChallenge', () => {
  it.each<[number, number, boolean, number]>([
    [8, 8, true, 0],
    [9, 8, true, 1],
    [7, 8, false, -1],
    [0, 0, true, 0],
  ])('score %p against Challenge Number %p: success %p, margin %p', (score, challengeNumber, success, margin) => {
    expect(resolveChallenge(score, challengeNumber)).toEqual({ success, margin });
  });
});

describe('revealDraw', () => {
  const piles = (): DeckPiles => ({ drawPile: ['a', 'b'], discardPile: ['c', 'd'], table: [], hands: { p1: ['e'] } });

  it.each<[string, DeckPiles, number[], string, boolean, Partial<DeckPiles>]>([
    ['the top card onto the scene\'s discard pile', piles(), [], 'a', false, { drawPile: ['b'], discardPile: ['a', 'c', 'd'] }],
    ['after shuffling the discard pile back in when the deck is empty', { ...piles(), drawPile: [] }, [1], 'c', true,
      { drawPile: ['d'], discardPile: ['c'] }],
  ])('reveals %s', (_, before, script, cardId, reshuffled, changed) => {
    const input = structuredClone(before);
    expect(revealDraw(input, scripted(script))).toEqual({ ok: true, piles: { ...before, ...changed }, cardId, reshuffled });
    expect(input).toEqual(before);
  });

  it('refuses when every card is in a hand', () => {
    const empty: DeckPiles = { drawPile: [], discardPile: [], table: [], hands: { p1: ['a'] } };
    expect(revealDraw(empty, scripted([]))).toEqual({
      ok: false,
      violation: { reason: 'NOT_ENOUGH_CARDS', message: 'no cards are left to draw' },
    });
  });
});

describe('the worked examples, card by card', () => {
  it('Erik +9 draws 5 → 14; the Orc +5 draws 7 → 12; Erik hits for 2', () => {
    const erik = drawModifiers(stack('hero-erik-1', 'creature-human-1', 'item-long-sword-1'), { action: 'ATTACK' });
    const orc = drawModifiers(stack('creature-orc-1', 'item-scale-mail-1'), { action: 'DEFEND' });
    const erikScore = adjustedScore(card('mentor-old-sage-1'), erik);
    const orcScore = adjustedScore(card('blank-force-7-1'), orc);
    expect([erikScore, orcScore]).toEqual([14, 12]);
    expect(resolveContest({ initiatorScore: erikScore, counterScore: orcScore, attack: true }).damage).toBe(2);
  });

  it('the Crevice: the game draws 6 → 8; the character, STR +2, draws 5 → 7 and falls', () => {
    const game = adjustedScore(card('blank-force-6-1'), gameDrawModifiers(card('world-crevice-1')));
    const jumper = adjustedScore(card('mentor-old-sage-1'), drawModifiers(stack('hero-erik-1'), { action: 'ACTION_WITHOUT_CARD', attribute: 'STR' }));
    expect([game, jumper]).toEqual([8, 7]);
    expect(resolveContest({ initiatorScore: jumper, counterScore: game, attack: false }).winner).toBe('OPPONENT');
    expect(resolveChallenge(jumper, game).success).toBe(false);
  });
});
