import {
  ATTRIBUTES,
  CUSTOM_RESILIENCE_DICE,
  freeSlots,
  MAX_REDRAWN_ATTRIBUTES,
  NO_PENDING,
  VANORI,
  VANORI_NAMES,
  type Attribute,
  type TenthRealmSheet,
  type Vanori,
  type VanoriName,
} from './sheet.js';
import { bySuit, refuse, rule, type Play } from './table.js';

/** tenth-realm.md, Character creation step 1: ♥ +2, ♦ +1, ♣ 0, ♠ −1. */
export function attributeFromCard(cardId: string): number {
  return bySuit(cardId, { H: 2, D: 1, C: 0, S: -1 });
}

function draftSheet(play: Play, characterId: string): TenthRealmSheet {
  const sheet = play.character(characterId);
  if (sheet.status !== 'DRAFT') refuse('NOT_IN_DRAFT', 'the character is already finished');
  return sheet;
}

/** Step 1: a new draft character; one card revealed per attribute. */
export const createCharacter = rule('tenth-realm.character.created', (play, input: { characterId: string }) => {
  if (play.state.characters[input.characterId]) refuse('CHARACTER_EXISTS', 'that character already has a sheet');
  const cards = play.reveal(ATTRIBUTES.length);
  const attributeCards = Object.fromEntries(ATTRIBUTES.map((attribute, i) => [attribute, cards[i]])) as Record<Attribute, string>;
  const attributes = Object.fromEntries(ATTRIBUTES.map((attribute, i) => [attribute, attributeFromCard(cards[i])])) as Record<Attribute, number>;
  play.state.characters[input.characterId] = {
    status: 'DRAFT',
    attributes,
    attributeCards,
    redrawnAttributes: [],
    vanori: null,
    resilience: 0,
    maxResilience: 0,
    resilienceRerolled: false,
    armor: null,
    weapon: null,
    inventory: { slots: play.state.settings.inventorySlots, items: [], conditions: [] },
    xp: 0,
    pending: { ...NO_PENDING },
    owlUsedInSession: null,
  };
  return { attributeCards, attributes };
});

/** Step 1: reveal again for an attribute, at most two attributes, once each; the new result stands. */
export const redrawAttribute = rule(
  'tenth-realm.attribute.redrawn',
  (play, input: { characterId: string; attribute: Attribute }) => {
    const sheet = draftSheet(play, input.characterId);
    if (sheet.vanori) refuse('VANORI_ALREADY_CHOSEN', 'attributes can only be revealed again before the Vanori is chosen');
    if (sheet.redrawnAttributes.includes(input.attribute)) {
      refuse('ATTRIBUTE_ALREADY_REDRAWN', `${input.attribute.toLowerCase()} was already revealed again: the new result stands`);
    }
    if (sheet.redrawnAttributes.length >= MAX_REDRAWN_ATTRIBUTES) {
      refuse('TOO_MANY_REDRAWS', 'a third attribute cannot be redrawn');
    }
    const [card] = play.reveal(1);
    sheet.attributeCards[input.attribute] = card;
    sheet.attributes[input.attribute] = attributeFromCard(card);
    sheet.redrawnAttributes.push(input.attribute);
    return { card, value: sheet.attributes[input.attribute] };
  },
);

export interface CustomVanoriInput {
  name: string;
  ability: string;
  /** The attribute raised by 2. */
  majorAttribute: Attribute;
  /** The attribute raised by 1. */
  minorAttribute: Attribute;
  resilienceDie: number;
}

export type VanoriChoice = VanoriName | 'ROLL' | 'CUSTOM';

function vanoriFor(play: Play, choice: VanoriChoice, custom: CustomVanoriInput | undefined): { vanori: Vanori; d6: number | null } {
  if (choice === 'CUSTOM') {
    if (!custom) refuse('INVALID_CUSTOM_VANORI', 'describe the custom Vanori: its name, ability, attributes and resilience die');
    if (custom.name.trim() === '' || custom.ability.trim() === '') refuse('INVALID_CUSTOM_VANORI', 'name the custom Vanori and its ability');
    if (!ATTRIBUTES.includes(custom.majorAttribute) || !ATTRIBUTES.includes(custom.minorAttribute)) {
      refuse('INVALID_CUSTOM_VANORI', `a Vanori raises attributes among ${ATTRIBUTES.map((a) => a.toLowerCase()).join(', ')}`);
    }
    if (custom.majorAttribute === custom.minorAttribute) {
      refuse('INVALID_CUSTOM_VANORI', 'a Vanori raises two different attributes, one by 2 and one by 1');
    }
    if (!(CUSTOM_RESILIENCE_DICE as readonly number[]).includes(custom.resilienceDie)) {
      refuse('INVALID_CUSTOM_VANORI', `a Vanori's resilience die is one of ${CUSTOM_RESILIENCE_DICE.map((d) => `d${d}`).join(', ')}`);
    }
    return {
      vanori: {
        name: 'CUSTOM',
        customName: custom.name,
        increases: { [custom.majorAttribute]: 2, [custom.minorAttribute]: 1 },
        resilienceDie: custom.resilienceDie,
        ability: custom.ability,
      },
      d6: null,
    };
  }
  const d6 = choice === 'ROLL' ? play.roll(6) : null;
  const name = d6 === null ? (choice as VanoriName) : VANORI_NAMES[d6 - 1];
  // Copied, not spread: the sheet must not share objects with the module's table.
  const row = VANORI[name];
  return { vanori: { name, customName: null, increases: { ...row.increases }, resilienceDie: row.resilienceDie, ability: row.ability }, d6 };
}

/** Step 2: the Vanori's attribute increases, and max resilience = its die + 3. */
export const chooseVanori = rule(
  'tenth-realm.vanori.chosen',
  (play, input: { characterId: string; vanori: VanoriChoice; custom?: CustomVanoriInput }) => {
    const sheet = draftSheet(play, input.characterId);
    if (sheet.vanori) refuse('VANORI_ALREADY_CHOSEN', 'the Vanori is already chosen');
    const { vanori, d6 } = vanoriFor(play, input.vanori, input.custom);
    for (const [attribute, increase] of Object.entries(vanori.increases)) sheet.attributes[attribute as Attribute] += increase;
    const resilienceRoll = play.roll(vanori.resilienceDie);
    sheet.vanori = vanori;
    sheet.maxResilience = resilienceRoll + 3;
    sheet.resilience = sheet.maxResilience;
    return { d6, chosen: vanori.name, resilienceDie: vanori.resilienceDie, resilienceRoll, maxResilience: sheet.maxResilience, attributes: sheet.attributes };
  },
);

/** Step 2: the max-resilience roll may be rerolled once; the new result stands. */
export const rerollResilience = rule('tenth-realm.resilience.rerolled', (play, input: { characterId: string }) => {
  const sheet = draftSheet(play, input.characterId);
  if (!sheet.vanori) refuse('VANORI_NOT_CHOSEN', 'choose the Vanori first: it gives the resilience die');
  if (sheet.resilienceRerolled) refuse('RESILIENCE_ALREADY_REROLLED', 'max resilience was already rerolled: the new result stands');
  const resilienceRoll = play.roll(sheet.vanori.resilienceDie);
  sheet.resilienceRerolled = true;
  sheet.maxResilience = resilienceRoll + 3;
  sheet.resilience = sheet.maxResilience;
  return { resilienceDie: sheet.vanori.resilienceDie, resilienceRoll, maxResilience: sheet.maxResilience };
});

/** Step 3: armor d4 and a named weapon d6; the character is ready to play. */
export const finishCharacter = rule('tenth-realm.character.finished', (play, input: { characterId: string; weaponName: string }) => {
  const sheet = draftSheet(play, input.characterId);
  if (!sheet.vanori) refuse('VANORI_NOT_CHOSEN', 'choose the Vanori before finishing the character');
  // The weapon takes an inventory slot (Character creation step 4); a draft may already carry items.
  if (freeSlots(sheet) < 1) refuse('NO_FREE_SLOT', 'no free inventory slot for the weapon: drop an item first');
  sheet.armor = { name: 'Armor', die: 4, originalDie: 4 };
  sheet.weapon = { name: input.weaponName, die: 6, originalDie: 6 };
  sheet.status = 'ACTIVE';
  return { armorDie: 4, weaponDie: 6 };
});
