/**
 * A Yummell card as the platform's deck keeps it (`decks.cards`): the deck list is the encounter
 * deck's own, so a card's whole definition — its value and effect as data (yummell.md, Board,
 * characters, cards) — is written into the platform card's flat `attributes`, and read back for
 * every move. The platform's `deck` and `Card` then show Yummell cards as they are.
 */
import type { CardDefinition } from '../../rules/cards/card.js';
import type { CardEffect, Characteristic, YummellCard } from '../../rules/yummell/index.js';

type Attributes = Record<string, string | number | boolean>;

/** The effect's fields, flattened: `effectKind`, `effectTerrain`, `effectCharacteristic`, `effectAmount`. */
function effectAttributes(effect: CardEffect): Attributes {
  const attributes: Attributes = { effectKind: effect.kind };
  if (effect.kind === 'MOVEMENT_BONUS') Object.assign(attributes, { effectTerrain: effect.terrain, effectAmount: effect.amount });
  if (effect.kind === 'CHALLENGE_BONUS') Object.assign(attributes, { effectCharacteristic: effect.characteristic, effectAmount: effect.amount });
  return attributes;
}

function effectOf(attributes: Attributes): CardEffect {
  const kind = attributes.effectKind as CardEffect['kind'];
  if (kind === 'MOVEMENT_BONUS') return { kind, terrain: attributes.effectTerrain as string, amount: attributes.effectAmount as number };
  if (kind === 'CHALLENGE_BONUS') return { kind, characteristic: attributes.effectCharacteristic as Characteristic | 'ANY', amount: attributes.effectAmount as number };
  return { kind };
}

/** A checked Yummell card as a platform card: `code` is its id, its definition in `attributes`. */
export function toCardDefinition(card: YummellCard): CardDefinition {
  const attributes: Attributes = { value: card.value };
  if (card.text !== undefined) attributes.text = card.text;
  if (card.type === 'CREATURE') Object.assign(attributes, { characteristic: card.characteristic, number: card.number });
  else if (card.type === 'ARTEFACT') Object.assign(attributes, effectAttributes(card.effect));
  else {
    attributes.arrow = card.arrow;
    if (card.condition !== null) attributes.conditionTerrain = card.condition.onTerrain;
    Object.assign(attributes, effectAttributes(card.effect));
  }
  return { id: card.id, code: card.id, name: card.name, type: card.type, attributes };
}

/** The Yummell card a platform card of the encounter deck holds (written by {@link toCardDefinition}). */
export function fromCardDefinition(definition: CardDefinition): YummellCard {
  const attributes = definition.attributes ?? {};
  const base = {
    id: definition.id,
    name: definition.name ?? definition.code,
    value: attributes.value as number,
    ...(typeof attributes.text === 'string' ? { text: attributes.text } : {}),
  };
  if (definition.type === 'CREATURE') {
    return { ...base, type: 'CREATURE', characteristic: attributes.characteristic as Characteristic, number: attributes.number as number };
  }
  if (definition.type === 'ARTEFACT') return { ...base, type: 'ARTEFACT', effect: effectOf(attributes) as Extract<CardEffect, { amount: number }> };
  if (definition.type === 'EVENT') {
    const condition = typeof attributes.conditionTerrain === 'string' ? { onTerrain: attributes.conditionTerrain } : null;
    return { ...base, type: 'EVENT', arrow: attributes.arrow === true, condition, effect: effectOf(attributes) };
  }
  throw new Error(`card '${definition.id}' of a Yummell encounter deck has type '${String(definition.type)}'`);
}

/** Decoded deck lists: a deck's list never changes, and its repository hands out the same array. */
const decoded = new WeakMap<readonly CardDefinition[], Readonly<Record<string, YummellCard>>>();

/** The race's card definitions by id, from the encounter deck's list. Shared: never change what it returns. */
export function raceCards(definitions: readonly CardDefinition[]): Readonly<Record<string, YummellCard>> {
  let cards = decoded.get(definitions);
  if (cards === undefined) {
    cards = Object.fromEntries(definitions.map((definition) => [definition.id, fromCardDefinition(definition)]));
    decoded.set(definitions, cards);
  }
  return cards;
}
