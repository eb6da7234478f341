import { assertConserved } from '../cards/piles.js';
import { STANDARD_52 } from '../cards/presets.js';
import {
  attributeFromCard,
  chooseVanori,
  createCharacter,
  finishCharacter,
  redrawAttribute,
  rerollResilience,
  type CustomVanoriInput,
  type VanoriChoice,
} from './creation.js';
import { NO_PENDING, VANORI, type Attribute, type TenthRealmSheet, type VanoriName } from './sheet.js';
import { accepted, activeCharacter, dice, draftCharacter, refused, run, tableWith, vanoriOf } from './testing.js';

/** A draft with strength 0, dexterity +1, willpower −1, heart +2 (revealed ♣ ♦ ♠ ♥). */
const ana = (overrides: Parameters<typeof draftCharacter>[0] = {}): TenthRealmSheet =>
  draftCharacter({
    attributes: { STRENGTH: 0, DEXTERITY: 1, WILLPOWER: -1, HEART: 2 },
    attributeCards: { STRENGTH: '3C', DEXTERITY: '4D', WILLPOWER: '5S', HEART: '6H' },
    ...overrides,
  });

const withAna = (sheet: TenthRealmSheet = ana(), drawPile: string[] = []) => tableWith({ drawPile, characters: { ana: sheet } });

describe('attribute values (Character creation step 1: ♥ +2, ♦ +1, ♣ 0, ♠ −1)', () => {
  it.each([
    ['AH', 2],
    ['KH', 2],
    ['2D', 1],
    ['10D', 1],
    ['AC', 0],
    ['QC', 0],
    ['5S', -1],
    ['JS', -1],
  ])('%s gives %i', (card, value) => {
    expect(attributeFromCard(card)).toBe(value);
  });
});

describe('createCharacter', () => {
  it('reveals one card per attribute, in the order strength, dexterity, willpower, heart', () => {
    const rng = dice();
    const outcome = accepted(run(createCharacter, tableWith({ drawPile: ['QH', '7D', 'AC', '10S'], inventorySlots: 8 }), { characterId: 'ana' }, rng));
    expect(outcome.result).toEqual({
      attributeCards: { STRENGTH: 'QH', DEXTERITY: '7D', WILLPOWER: 'AC', HEART: '10S' },
      attributes: { STRENGTH: 2, DEXTERITY: 1, WILLPOWER: 0, HEART: -1 },
    });
    expect(outcome.state.characters.ana).toEqual({
      status: 'DRAFT',
      attributes: { STRENGTH: 2, DEXTERITY: 1, WILLPOWER: 0, HEART: -1 },
      attributeCards: { STRENGTH: 'QH', DEXTERITY: '7D', WILLPOWER: 'AC', HEART: '10S' },
      redrawnAttributes: [],
      vanori: null,
      resilience: 0,
      maxResilience: 0,
      resilienceRerolled: false,
      armor: null,
      weapon: null,
      inventory: { slots: 8, items: [], conditions: [] },
      xp: 0,
      pending: NO_PENDING,
      owlUsedInSession: null,
    });
    // Revealed cards are discarded: none goes to a hand.
    expect(outcome.state.piles.discardPile).toEqual(['10S', 'AC', '7D', 'QH']);
    expect(outcome.state.piles.hands).toEqual({});
    expect(outcome.events[0].type).toBe('tenth-realm.character.created');
    expect(rng.rolled).toEqual([]);
  });

  it('refuses a character that already has a sheet', () => {
    const state = tableWith({ characters: { ana: activeCharacter() } });
    expect(refused(run(createCharacter, state, { characterId: 'ana' })).reason).toBe('CHARACTER_EXISTS');
  });
});

describe('redrawAttribute (step 1: reveal again for at most two attributes; the new result stands)', () => {
  it.each<[Attribute, string, number]>([
    ['STRENGTH', 'KH', 2],
    ['DEXTERITY', '9C', 0],
    ['WILLPOWER', 'AD', 1],
    // A worse card is accepted too.
    ['HEART', '2S', -1],
  ])('%s revealed again as %s becomes %i', (attribute, card, value) => {
    const outcome = accepted(run(redrawAttribute, withAna(ana(), [card]), { characterId: 'ana', attribute }));
    expect(outcome.result).toEqual({ card, value });
    const sheet = outcome.state.characters.ana;
    expect(sheet.attributes[attribute]).toBe(value);
    expect(sheet.attributeCards[attribute]).toBe(card);
    expect(sheet.redrawnAttributes).toEqual([attribute]);
    expect(outcome.state.piles.discardPile).toEqual([card]);
  });

  it('allows two attributes, then refuses a third: "a third attribute cannot be redrawn"', () => {
    let state = withAna(ana(), ['KH', '2S', 'QD']);
    state = accepted(run(redrawAttribute, state, { characterId: 'ana', attribute: 'STRENGTH' })).state;
    state = accepted(run(redrawAttribute, state, { characterId: 'ana', attribute: 'WILLPOWER' })).state;
    expect(state.characters.ana.attributes).toEqual({ STRENGTH: 2, DEXTERITY: 1, WILLPOWER: -1, HEART: 2 });
    expect(state.characters.ana.redrawnAttributes).toEqual(['STRENGTH', 'WILLPOWER']);
    expect(refused(run(redrawAttribute, state, { characterId: 'ana', attribute: 'HEART' }))).toEqual({
      reason: 'TOO_MANY_REDRAWS',
      message: 'a third attribute cannot be redrawn',
    });
  });

  it.each<[string, TenthRealmSheet, Attribute, string, string]>([
    ['the same attribute twice', ana({ redrawnAttributes: ['DEXTERITY'] }), 'DEXTERITY', 'ATTRIBUTE_ALREADY_REDRAWN', 'dexterity was already revealed again: the new result stands'],
    ['again after two redraws', ana({ redrawnAttributes: ['DEXTERITY', 'HEART'] }), 'HEART', 'ATTRIBUTE_ALREADY_REDRAWN', 'heart was already revealed again: the new result stands'],
    ['after the Vanori is chosen', ana({ vanori: vanoriOf('OX') }), 'STRENGTH', 'VANORI_ALREADY_CHOSEN', 'attributes can only be revealed again before the Vanori is chosen'],
    ['a finished character', activeCharacter(), 'STRENGTH', 'NOT_IN_DRAFT', 'the character is already finished'],
  ])('refuses %s', (_, sheet, attribute, reason, message) => {
    expect(refused(run(redrawAttribute, withAna(sheet, ['KH']), { characterId: 'ana', attribute }))).toEqual({ reason, message });
  });
});

describe('chooseVanori (step 2)', () => {
  it.each<[VanoriName, Record<Attribute, number>, string, number, number]>([
    // ana starts at strength 0, dexterity +1, willpower −1, heart +2.
    ['BEAR', { STRENGTH: 2, DEXTERITY: 1, WILLPOWER: -1, HEART: 3 }, 'd10', 7, 10],
    ['WOLF', { STRENGTH: 0, DEXTERITY: 3, WILLPOWER: 0, HEART: 2 }, 'd8', 8, 11],
    ['RAVEN', { STRENGTH: 0, DEXTERITY: 2, WILLPOWER: 1, HEART: 2 }, 'd6', 1, 4],
    ['ELK', { STRENGTH: 1, DEXTERITY: 1, WILLPOWER: -1, HEART: 4 }, 'd10', 10, 13],
    ['OX', { STRENGTH: 2, DEXTERITY: 1, WILLPOWER: 0, HEART: 2 }, 'd12', 12, 15],
    ['OWL', { STRENGTH: 0, DEXTERITY: 1, WILLPOWER: 1, HEART: 3 }, 'd6', 3, 6],
  ])('%s: attributes %p, max resilience %s (%i) + 3 = %i, current at max', (name, attributes, die, face, max) => {
    const rng = dice(face);
    const outcome = accepted(run(chooseVanori, withAna(), { characterId: 'ana', vanori: name }, rng));
    expect(rng.rolled).toEqual([die]);
    expect(outcome.result).toEqual({ d6: null, chosen: name, resilienceDie: Number(die.slice(1)), resilienceRoll: face, maxResilience: max, attributes });
    const sheet = outcome.state.characters.ana;
    expect(sheet.vanori).toEqual(vanoriOf(name));
    expect(sheet.attributes).toEqual(attributes);
    expect(sheet.maxResilience).toBe(max);
    expect(sheet.resilience).toBe(max);
    expect(sheet.status).toBe('DRAFT');
  });

  it.each<[number, VanoriName, string]>([
    [1, 'BEAR', 'd10'],
    [2, 'WOLF', 'd8'],
    [3, 'RAVEN', 'd6'],
    [4, 'ELK', 'd10'],
    [5, 'OX', 'd12'],
    [6, 'OWL', 'd6'],
  ])('ROLL: a d6 showing %i gives row %s, then rolls its %s', (d6, name, die) => {
    const rng = dice(d6, 4);
    const outcome = accepted(run(chooseVanori, withAna(), { characterId: 'ana', vanori: 'ROLL' }, rng));
    expect(rng.rolled).toEqual(['d6', die]);
    expect(outcome.result).toMatchObject({ d6, chosen: name, resilienceRoll: 4, maxResilience: 7 });
    expect(outcome.state.characters.ana.vanori?.name).toBe(name);
  });

  const stag: CustomVanoriInput = { name: 'Stag', ability: 'leap a chasm', majorAttribute: 'HEART', minorAttribute: 'DEXTERITY', resilienceDie: 8 };

  it('CUSTOM: an invented Vanori raises one attribute by 2 and another by 1, with its own die', () => {
    const rng = dice(5);
    const outcome = accepted(run(chooseVanori, withAna(), { characterId: 'ana', vanori: 'CUSTOM', custom: stag }, rng));
    expect(rng.rolled).toEqual(['d8']);
    const sheet = outcome.state.characters.ana;
    expect(sheet.vanori).toEqual({ name: 'CUSTOM', customName: 'Stag', increases: { HEART: 2, DEXTERITY: 1 }, resilienceDie: 8, ability: 'leap a chasm' });
    expect(sheet.attributes).toEqual({ STRENGTH: 0, DEXTERITY: 2, WILLPOWER: -1, HEART: 4 });
    expect(sheet.maxResilience).toBe(8);
  });

  it.each<[string, Partial<CustomVanoriInput> | undefined, string]>([
    ['no description', undefined, 'describe the custom Vanori: its name, ability, attributes and resilience die'],
    ['one attribute twice', { minorAttribute: 'HEART' }, 'a Vanori raises two different attributes, one by 2 and one by 1'],
    ['a d4', { resilienceDie: 4 }, "a Vanori's resilience die is one of d6, d8, d10, d12"],
    ['a d20', { resilienceDie: 20 }, "a Vanori's resilience die is one of d6, d8, d10, d12"],
    ['no name', { name: ' ' }, 'name the custom Vanori and its ability'],
    ['no ability', { ability: '' }, 'name the custom Vanori and its ability'],
    ['an unknown attribute', { majorAttribute: 'LUCK' as Attribute }, 'a Vanori raises attributes among strength, dexterity, willpower, heart'],
  ])('CUSTOM refuses %s', (_, change, message) => {
    const custom = change === undefined ? undefined : { ...stag, ...change };
    expect(refused(run(chooseVanori, withAna(), { characterId: 'ana', vanori: 'CUSTOM', custom }))).toEqual({ reason: 'INVALID_CUSTOM_VANORI', message });
  });

  it.each<[string, TenthRealmSheet, string, string]>([
    ['a second Vanori', ana({ vanori: vanoriOf('OWL'), maxResilience: 5, resilience: 5 }), 'VANORI_ALREADY_CHOSEN', 'the Vanori is already chosen'],
    ['a finished character', activeCharacter(), 'NOT_IN_DRAFT', 'the character is already finished'],
  ])('refuses %s', (_, sheet, reason, message) => {
    expect(refused(run(chooseVanori, withAna(sheet), { characterId: 'ana', vanori: 'WOLF' as VanoriChoice }, dice(3)))).toEqual({ reason, message });
  });

  it('gives the sheet its own copy of the Vanori row, not the table itself', () => {
    const sheet = accepted(run(chooseVanori, withAna(), { characterId: 'ana', vanori: 'BEAR' }, dice(3))).state.characters.ana;
    expect(sheet.vanori?.increases).toEqual(VANORI.BEAR.increases);
    expect(sheet.vanori?.increases).not.toBe(VANORI.BEAR.increases);
  });
});

describe('rerollResilience (step 2: once; the new result stands)', () => {
  const bear = ana({ vanori: vanoriOf('BEAR'), maxResilience: 5, resilience: 5 });

  it('rolls the Vanori die again and keeps the new result, even a lower one', () => {
    const rng = dice(1);
    const outcome = accepted(run(rerollResilience, withAna(bear), { characterId: 'ana' }, rng));
    expect(rng.rolled).toEqual(['d10']);
    expect(outcome.result).toEqual({ resilienceDie: 10, resilienceRoll: 1, maxResilience: 4 });
    expect(outcome.state.characters.ana).toMatchObject({ maxResilience: 4, resilience: 4, resilienceRerolled: true });
  });

  it.each<[string, TenthRealmSheet, string, string]>([
    ['a second reroll', { ...bear, resilienceRerolled: true }, 'RESILIENCE_ALREADY_REROLLED', 'max resilience was already rerolled: the new result stands'],
    ['a reroll before the Vanori', ana(), 'VANORI_NOT_CHOSEN', 'choose the Vanori first: it gives the resilience die'],
    ['a finished character', activeCharacter(), 'NOT_IN_DRAFT', 'the character is already finished'],
  ])('refuses %s', (_, sheet, reason, message) => {
    expect(refused(run(rerollResilience, withAna(sheet), { characterId: 'ana' }, dice(9)))).toEqual({ reason, message });
  });
});

describe('finishCharacter (step 3: armor d4, a named d6 weapon)', () => {
  const chosen = ana({ vanori: vanoriOf('WOLF'), maxResilience: 9, resilience: 9 });

  it('gives armor d4 and the named weapon d6, and makes the character ACTIVE', () => {
    const rng = dice();
    const outcome = accepted(run(finishCharacter, withAna(chosen), { characterId: 'ana', weaponName: 'Seax' }, rng));
    expect(outcome.result).toEqual({ armorDie: 4, weaponDie: 6 });
    expect(outcome.state.characters.ana).toMatchObject({
      status: 'ACTIVE',
      armor: { name: 'Armor', die: 4, originalDie: 4 },
      weapon: { name: 'Seax', die: 6, originalDie: 6 },
    });
    expect(rng.rolled).toEqual([]);
  });

  it.each<[string, TenthRealmSheet, string, string]>([
    ['a character without a Vanori', ana(), 'VANORI_NOT_CHOSEN', 'choose the Vanori before finishing the character'],
    ['a finished character', activeCharacter(), 'NOT_IN_DRAFT', 'the character is already finished'],
    [
      'a pack with no slot left for the weapon',
      { ...chosen, inventory: { slots: 2, items: ['rope'], conditions: ['Shaken'] } },
      'NO_FREE_SLOT',
      'no free inventory slot for the weapon: drop an item first',
    ],
  ])('refuses %s', (_, sheet, reason, message) => {
    expect(refused(run(finishCharacter, withAna(sheet), { characterId: 'ana', weaponName: 'Seax' }))).toEqual({ reason, message });
  });
});

describe('character creation from start to finish', () => {
  it('reveals, redraws, rolls a Vanori, rerolls and finishes, keeping the 52 cards', () => {
    const rng = dice(4, 2, 9);
    let state = tableWith({ drawPile: ['5S', '2C', 'JH', '8D', 'QD'] });
    state = accepted(run(createCharacter, state, { characterId: 'ana' }, rng)).state;
    state = accepted(run(redrawAttribute, state, { characterId: 'ana', attribute: 'STRENGTH' }, rng)).state;
    state = accepted(run(chooseVanori, state, { characterId: 'ana', vanori: 'ROLL' }, rng)).state;
    state = accepted(run(rerollResilience, state, { characterId: 'ana' }, rng)).state;
    state = accepted(run(finishCharacter, state, { characterId: 'ana', weaponName: 'Axe' }, rng)).state;
    expect(rng.rolled).toEqual(['d6', 'd10', 'd10']);
    expect(state.characters.ana).toMatchObject({
      status: 'ACTIVE',
      // ♦ redraw for strength (+1), then ELK: heart +2, strength +1.
      attributes: { STRENGTH: 2, DEXTERITY: 0, WILLPOWER: 2, HEART: 3 },
      redrawnAttributes: ['STRENGTH'],
      vanori: { name: 'ELK' },
      maxResilience: 12,
      resilience: 12,
      resilienceRerolled: true,
    });
    expect(state.piles.discardPile).toEqual(['QD', '8D', 'JH', '2C', '5S']);
    expect(assertConserved(state.piles, STANDARD_52)).toBe(true);
  });
});
