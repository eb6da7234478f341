import {
  addCondition,
  clearCondition,
  dropItem,
  gainItem,
  loseResilience,
  loseResilienceRule,
  recoverResilience,
  resilienceCheck,
  rest,
  shortRestRecovery,
  tendWounds,
  type RestOmen,
} from './resilience.js';
import type { TenthRealmSheet } from './sheet.js';
import type { RuleOutcome } from './table.js';
import { accepted, activeCharacter, dice, inRegion, refused, run, tableWith, vanoriOf, type TableOptions } from './testing.js';

const withAna = (sheet: TenthRealmSheet, options: TableOptions = {}) => tableWith({ ...options, characters: { ana: sheet } });

describe('loseResilience and recoverResilience', () => {
  it.each([
    [8, 3, 5, false],
    [3, 3, 0, true],
    [2, 5, 0, true],
    [4, 0, 4, false],
  ])('resilience %i − %i = %i; check due %p', (resilience, amount, after, due) => {
    const sheet = activeCharacter({ resilience });
    loseResilience(sheet, amount);
    expect(sheet.resilience).toBe(after);
    expect(sheet.pending.resilienceCheckDue).toBe(due);
  });

  it.each([
    [2, 10, 5, 7, 5],
    [7, 8, 5, 8, 1],
    [8, 8, 3, 8, 0],
  ])('resilience %i of %i + %i = %i (recovered %i): never above max', (resilience, maxResilience, amount, after, recovered) => {
    const sheet = activeCharacter({ resilience, maxResilience });
    expect(recoverResilience(sheet, amount)).toBe(recovered);
    expect(sheet.resilience).toBe(after);
  });
});

describe('loseResilienceRule (GM: a consequence costs resilience)', () => {
  it.each([
    [5, 3, 2, false],
    [5, 5, 0, true],
    [5, 9, 0, true],
  ])('resilience %i − %i → %i, check due %p', (resilience, amount, after, due) => {
    const outcome = accepted(run(loseResilienceRule, withAna(activeCharacter({ resilience, maxResilience: 8 })), { characterId: 'ana', amount }));
    expect(outcome.result).toEqual({ resilience: after, resilienceCheckDue: due });
    expect(outcome.state.characters.ana.pending.resilienceCheckDue).toBe(due);
  });

  it('refuses to take less than 1', () => {
    expect(refused(run(loseResilienceRule, withAna(activeCharacter()), { characterId: 'ana', amount: 0 })).reason).toBe('INVALID_AMOUNT');
  });
});

describe('resilienceCheck (resilience 0 → a trial roll, willpower by default)', () => {
  /** Willpower +1, heart +2, at 0 resilience with the check due. */
  const fallen = (overrides: Parameters<typeof activeCharacter>[0] = {}) =>
    activeCharacter({
      attributes: { STRENGTH: 0, DEXTERITY: 0, WILLPOWER: 1, HEART: 2 },
      resilience: 0,
      pending: { resilienceCheckDue: true },
      ...overrides,
    });

  it('SUCCESS (score 13 > 12): resilience 1', () => {
    const outcome = accepted(run(resilienceCheck, withAna(fallen()), { characterId: 'ana' }, dice(12)));
    expect(outcome.result).toMatchObject({ resilience: 1, incapacitated: false, roll: { attributeModifier: 1, score: 13, success: true } });
    expect(outcome.state.characters.ana).toMatchObject({ status: 'ACTIVE', resilience: 1, pending: { resilienceCheckDue: false, woundsToTend: false } });
  });

  it('SETBACK (score 12 = 12): incapacitated, wounds to tend, and XP as for any trial roll', () => {
    const outcome = accepted(run(resilienceCheck, withAna(fallen()), { characterId: 'ana' }, dice(11)));
    expect(outcome.result).toMatchObject({ resilience: 0, incapacitated: true, roll: { success: false, xpMarked: 1 } });
    expect(outcome.state.characters.ana).toMatchObject({
      status: 'INCAPACITATED',
      resilience: 0,
      xp: 1,
      pending: { resilienceCheckDue: false, woundsToTend: true },
    });
  });

  it('rolls with the attribute the group picks', () => {
    const outcome = accepted(run(resilienceCheck, withAna(fallen()), { characterId: 'ana', attribute: 'HEART' }, dice(11)));
    expect(outcome.result).toMatchObject({ incapacitated: false, roll: { attributeModifier: 2, score: 13 } });
  });

  it('is a trial roll: it reveals the risk cards and keeps one on a success', () => {
    const outcome = accepted(run(resilienceCheck, withAna(fallen(), { drawPile: ['KS'], world: inRegion(1) }), { characterId: 'ana' }, dice(14)));
    expect(outcome.result.roll).toMatchObject({ effectiveDr: 14, score: 15, success: true, cardKept: { code: 'KS' } });
  });

  it('can be saved by turning the table', () => {
    const state = withAna(fallen(), { hands: { ana: ['QH'] } });
    const outcome = accepted(run(resilienceCheck, state, { characterId: 'ana', burns: [{ characterId: 'ana', cardId: 'QH', effect: 'TURN_THE_TABLE' }] }, dice(3)));
    expect(outcome.result).toMatchObject({ resilience: 1, incapacitated: false, roll: { turnedTheTable: true } });
  });

  it.each<[string, TenthRealmSheet, string, string]>([
    ['no check due', activeCharacter(), 'NO_RESILIENCE_CHECK_DUE', 'no resilience check is due: resilience is above 0'],
    ['an incapacitated character', fallen({ status: 'INCAPACITATED', pending: { resilienceCheckDue: false, woundsToTend: true } }), 'NOT_ACTIVE', 'the character is incapacitated: tend their wounds first'],
  ])('is refused for %s', (_, sheet, reason, message) => {
    expect(refused(run(resilienceCheck, withAna(sheet), { characterId: 'ana' }, dice(20)))).toEqual({ reason, message });
  });
});

describe('tendWounds (incapacitated: resilience 1 and a new condition)', () => {
  const incapacitated = (overrides: Parameters<typeof activeCharacter>[0] = {}) =>
    activeCharacter({ status: 'INCAPACITATED', resilience: 0, pending: { woundsToTend: true }, ...overrides });

  it('sets resilience 1, adds the condition and makes the character ACTIVE', () => {
    const outcome = accepted(run(tendWounds, withAna(incapacitated()), { characterId: 'ana', condition: 'Scarred' }));
    expect(outcome.result).toEqual({ resilience: 1, conditions: ['Scarred'] });
    expect(outcome.state.characters.ana).toMatchObject({
      status: 'ACTIVE',
      resilience: 1,
      inventory: { conditions: ['Scarred'] },
      pending: { woundsToTend: false },
    });
  });

  it.each<[string, TenthRealmSheet, string, string]>([
    ['a character who is not incapacitated', activeCharacter(), 'NO_WOUNDS_TO_TEND', 'the character is not incapacitated'],
    [
      'a full pack: the condition needs a slot',
      incapacitated({ inventory: { slots: 3, items: ['rope', 'torch'] } }),
      'NO_FREE_SLOT',
      "no free inventory slot for the condition 'Scarred': drop an item first",
    ],
  ])('is refused for %s', (_, sheet, reason, message) => {
    expect(refused(run(tendWounds, withAna(sheet), { characterId: 'ana', condition: 'Scarred' }))).toEqual({ reason, message });
  });

  it('from a resilience check setback back to play', () => {
    let state = withAna(activeCharacter({ resilience: 0, pending: { resilienceCheckDue: true } }));
    state = accepted(run(resilienceCheck, state, { characterId: 'ana' }, dice(1))).state;
    expect(refused(run(rest, state, { characterId: 'ana', kind: 'SHORT' })).reason).toBe('NOT_ACTIVE');
    state = accepted(run(tendWounds, state, { characterId: 'ana', condition: 'Limping' })).state;
    expect(state.characters.ana).toMatchObject({ status: 'ACTIVE', resilience: 1, inventory: { conditions: ['Limping'] } });
  });
});

describe('conditions and items take inventory slots', () => {
  // 3 slots: the spear, a rope and a condition fill them.
  const packed = () => activeCharacter({ inventory: { slots: 3, items: ['rope'], conditions: ['Bruised'] } });
  const roomy = () => activeCharacter({ inventory: { slots: 4, items: ['rope'], conditions: ['Bruised'] } });

  it('adds a condition and an item while a slot is free', () => {
    const withCondition = accepted(run(addCondition, withAna(roomy()), { characterId: 'ana', condition: 'Shaken' }));
    expect(withCondition.result).toEqual({ conditions: ['Bruised', 'Shaken'] });
    const withItem = accepted(run(gainItem, withAna(roomy()), { characterId: 'ana', item: 'torch' }));
    expect(withItem.result).toEqual({ items: ['rope', 'torch'] });
  });

  it('refuses a condition when the slots are full: NO_FREE_SLOT', () => {
    expect(refused(run(addCondition, withAna(packed()), { characterId: 'ana', condition: 'Shaken' }))).toEqual({
      reason: 'NO_FREE_SLOT',
      message: "no free inventory slot for the condition 'Shaken': drop an item first",
    });
  });

  it('refuses an item when the slots are full: NO_FREE_SLOT', () => {
    expect(refused(run(gainItem, withAna(packed()), { characterId: 'ana', item: 'torch' }))).toEqual({
      reason: 'NO_FREE_SLOT',
      message: "no free inventory slot for 'torch': drop an item first",
    });
  });

  it('frees a slot by dropping an item or clearing a condition', () => {
    const dropped = accepted(run(dropItem, withAna(packed()), { characterId: 'ana', item: 'rope' }));
    expect(dropped.result).toEqual({ items: [] });
    expect(accepted(run(addCondition, dropped.state, { characterId: 'ana', condition: 'Shaken' })).result).toEqual({ conditions: ['Bruised', 'Shaken'] });
    const cleared = accepted(run(clearCondition, withAna(packed()), { characterId: 'ana', condition: 'Bruised' }));
    expect(cleared.result).toEqual({ conditions: [] });
    expect(accepted(run(gainItem, cleared.state, { characterId: 'ana', item: 'torch' })).result).toEqual({ items: ['rope', 'torch'] });
  });

  it('drops one of two equal items', () => {
    const sheet = activeCharacter({ inventory: { items: ['torch', 'rope', 'torch'] } });
    expect(accepted(run(dropItem, withAna(sheet), { characterId: 'ana', item: 'torch' })).result).toEqual({ items: ['rope', 'torch'] });
  });

  it.each<[string, () => RuleOutcome<unknown>, string, string]>([
    ['clearing a condition the character does not have', () => run(clearCondition, withAna(packed()), { characterId: 'ana', condition: 'Cursed' }), 'UNKNOWN_CONDITION', "the character has no condition 'Cursed'"],
    ['dropping an item the character does not carry', () => run(dropItem, withAna(packed()), { characterId: 'ana', item: 'lantern' }), 'UNKNOWN_ITEM', "the character carries no 'lantern'"],
  ])('refuses %s', (_, attempt, reason, message) => {
    expect(refused(attempt())).toEqual({ reason, message });
  });
});

describe('rest (tenth-realm.md, "Rest")', () => {
  /** Resilience 2 of 20, so that no recovery reaches the max. */
  const weary = (overrides: Parameters<typeof activeCharacter>[0] = {}) => activeCharacter({ resilience: 2, maxResilience: 20, ...overrides });

  it.each<[string, number, RestOmen]>([
    ['QH', 5, 'SERENE'],
    ['QD', 3, 'CALM'],
    ['QC', 2, 'TROUBLE_IS_AHEAD'],
    ['QS', 1, 'TROUBLE_IS_HERE'],
  ])('the short-rest table: %s recovers %i (%s)', (card, recovery, omen) => {
    expect(shortRestRecovery(card)).toEqual({ recovery, omen });
  });

  it.each<['SHORT' | 'LONG', string, number]>([
    ['SHORT', 'QH', 5],
    ['SHORT', 'QD', 3],
    ['SHORT', 'QC', 2],
    ['SHORT', 'QS', 1],
    ['LONG', 'QH', 10],
    ['LONG', 'QD', 6],
    ['LONG', 'QC', 4],
    ['LONG', 'QS', 2],
  ])('%s rest revealing %s recovers %i', (kind, card, recovered) => {
    const outcome = accepted(run(rest, withAna(weary(), { drawPile: [card] }), { characterId: 'ana', kind }));
    expect(outcome.result).toEqual({ card, omen: shortRestRecovery(card).omen, recovered, resilience: 2 + recovered, repaired: null, oxBurned: false });
    expect(outcome.state.characters.ana.resilience).toBe(2 + recovered);
    expect(outcome.state.piles.discardPile).toEqual([card]);
  });

  it.each<['SHORT' | 'LONG', string, number, number]>([
    ['SHORT', 'QH', 7, 1],
    ['LONG', 'QS', 7, 1],
    ['LONG', 'QH', 8, 0],
  ])('never recovers above max: %s rest with %s at %i of 8 recovers %i', (kind, card, resilience, recovered) => {
    const outcome = accepted(run(rest, withAna(activeCharacter({ resilience, maxResilience: 8 }), { drawPile: [card] }), { characterId: 'ana', kind }));
    expect(outcome.result).toMatchObject({ recovered, resilience: 8 });
  });

  it.each<['ARMOR' | 'WEAPON', Parameters<typeof activeCharacter>[0]]>([
    ['WEAPON', { weapon: { name: 'Spear', die: 4, originalDie: 6 } }],
    ['WEAPON', { weapon: { name: 'Spear', die: null, originalDie: 6 } }],
    ['ARMOR', { armor: { name: 'Armor', die: null, originalDie: 4 } }],
  ])('a LONG rest spent repairing the %s restores it and recovers only as a short rest', (slot, gear) => {
    const outcome = accepted(run(rest, withAna(weary(gear), { drawPile: ['QH'] }), { characterId: 'ana', kind: 'LONG', repair: slot }));
    expect(outcome.result).toEqual({ card: 'QH', omen: 'SERENE', recovered: 5, resilience: 7, repaired: slot, oxBurned: false });
    const sheet = outcome.state.characters.ana;
    expect(slot === 'ARMOR' ? sheet.armor : sheet.weapon).toMatchObject({ die: slot === 'ARMOR' ? 4 : 6 });
  });

  it('FULL: restores all resilience without revealing a card, and clears one condition', () => {
    const state = withAna(weary({ inventory: { conditions: ['Bruised', 'Shaken'] } }));
    const outcome = accepted(run(rest, state, { characterId: 'ana', kind: 'FULL', clearCondition: 'Bruised' }));
    expect(outcome.result).toEqual({ card: null, omen: null, recovered: 18, resilience: 20, repaired: null, oxBurned: false });
    expect(outcome.state.characters.ana.inventory.conditions).toEqual(['Shaken']);
    expect(outcome.state.piles).toEqual(state.piles);
  });

  it('FULL: clears no condition when none is named', () => {
    const outcome = accepted(run(rest, withAna(weary({ inventory: { conditions: ['Bruised'] } })), { characterId: 'ana', kind: 'FULL' }));
    expect(outcome.state.characters.ana.inventory.conditions).toEqual(['Bruised']);
    expect(outcome.state.characters.ana.resilience).toBe(20);
  });

  describe('OX burn: the next short rest gives a long rest', () => {
    const ox = () => weary({ vanori: vanoriOf('OX'), pending: { oxLongRest: true } });

    it('doubles the next short rest and is used up', () => {
      const outcome = accepted(run(rest, withAna(ox(), { drawPile: ['QD'] }), { characterId: 'ana', kind: 'SHORT' }));
      expect(outcome.result).toMatchObject({ recovered: 6, oxBurned: true });
      expect(outcome.state.characters.ana.pending.oxLongRest).toBe(false);
    });

    it('may be spent repairing, as a long rest: the item is restored, the recovery is a short rest\'s', () => {
      const state = withAna({ ...ox(), weapon: { name: 'Spear', die: 4, originalDie: 6 } }, { drawPile: ['QD'] });
      const outcome = accepted(run(rest, state, { characterId: 'ana', kind: 'SHORT', repair: 'WEAPON' }));
      expect(outcome.result).toMatchObject({ recovered: 3, repaired: 'WEAPON', oxBurned: true });
      expect(outcome.state.characters.ana.weapon).toMatchObject({ die: 6 });
      expect(outcome.state.characters.ana.pending.oxLongRest).toBe(false);
    });

    it('waits through a long rest, which it does not double again', () => {
      const outcome = accepted(run(rest, withAna(ox(), { drawPile: ['QD'] }), { characterId: 'ana', kind: 'LONG' }));
      expect(outcome.result).toMatchObject({ recovered: 6, oxBurned: false });
      expect(outcome.state.characters.ana.pending.oxLongRest).toBe(true);
    });
  });

  it.each<[string, TenthRealmSheet, Parameters<typeof rest>[1], string, string]>([
    ['repairing during a short rest', weary({ weapon: { name: 'Spear', die: 4, originalDie: 6 } }), { characterId: 'ana', kind: 'SHORT', repair: 'WEAPON' }, 'NOTHING_TO_REPAIR', "items are repaired during a long rest (or a short rest with an OX's long-rest benefits)"],
    ['repairing an undamaged weapon', weary(), { characterId: 'ana', kind: 'LONG', repair: 'WEAPON' }, 'NOTHING_TO_REPAIR', 'the weapon is not damaged'],
    ['clearing a condition in a short rest', weary({ inventory: { conditions: ['Bruised'] } }), { characterId: 'ana', kind: 'SHORT', clearCondition: 'Bruised' }, 'UNKNOWN_CONDITION', 'a condition clears with a full rest'],
    ['clearing a condition the character does not have', weary(), { characterId: 'ana', kind: 'FULL', clearCondition: 'Bruised' }, 'UNKNOWN_CONDITION', "the character has no condition 'Bruised'"],
    ['resting before the resilience check', weary({ resilience: 0, pending: { resilienceCheckDue: true } }), { characterId: 'ana', kind: 'FULL' }, 'RESILIENCE_CHECK_DUE', 'a resilience check is due first'],
    ['resting while incapacitated', weary({ status: 'INCAPACITATED', resilience: 0 }), { characterId: 'ana', kind: 'SHORT' }, 'NOT_ACTIVE', 'the character is incapacitated: tend their wounds first'],
  ])('refuses %s', (_, sheet, input, reason, message) => {
    expect(refused(run(rest, withAna(sheet, { drawPile: ['QH'] }), input))).toEqual({ reason, message });
  });
});
