/**
 * Checking a board, a deck and a character's Advantages from untrusted input (a campaign loads its
 * own; issue "Data"). Each check returns the data normalized, or every problem found, each naming
 * the square or card and the field: "cards[12] (Salamander of Mount Ohrk).value must be an integer
 * from 1 to 8".
 */
import {
  type Advantage,
  CARD_TYPES,
  type CardEffect,
  CHARACTERISTICS,
  type Characteristic,
  type EffectCondition,
  MAX_CARD_VALUE,
  MIN_CARD_VALUE,
  TERRAIN_COSTS,
  type YummellBoard,
  type YummellCard,
  type YummellSquare,
} from './data.js';

/** One problem: where (`squares[3].capacity`) and a sentence that names it. */
export interface DataError {
  path: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: DataError[] };

/** Most squares on a track. */
export const MAX_SQUARES = 300;
/** Most cards in a deck. */
export const MAX_DECK_CARDS = 1000;
/** Largest capacity a square may state. */
export const MAX_CAPACITY = 99;
/** Largest cost a board's own terrain may have. */
export const MAX_TERRAIN_COST = 10;
/** Largest number a Creature may have. */
export const MAX_CREATURE_NUMBER = 99;
/** Largest amount of a movement or challenge bonus. */
export const MAX_BONUS = 8;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;
const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const TERRAIN_NAME = /^[A-Z][A-Z_]{0,29}$/;

/** Collects problems under one label: `label.field must …`. */
class Problems {
  readonly errors: DataError[] = [];

  add(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  /** Refuses fields that are not in `known`, so that a typo is reported rather than ignored. */
  unknownFields(value: Record<string, unknown>, known: readonly string[], path: string, label: string): void {
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) this.add(`${path}.${key}`, `${label} has an unknown field '${key}'`);
    }
  }
}

// ---- the board ------------------------------------------------------------------------------

const SQUARE_FIELDS = ['terrain', 'capacity', 'impassable', 'name'];
const BOARD_FIELDS = ['name', 'squares', 'extraTerrains'];

/** `squares[3] (square 4)`, or `squares[3] (square 4, Hollow Oak)`. */
const squareLabel = (index: number, square: unknown): string => {
  const name = isRecord(square) && isText(square.name, 60) ? `, ${square.name}` : '';
  return `squares[${index}] (square ${index + 1}${name})`;
};

/** The board's own terrains, checked: UPPER_SNAKE names other than the rules' four, with costs 1–10. */
function checkExtraTerrains(given: unknown, problems: Problems): Record<string, number> {
  if (given === undefined || given === null) return {};
  if (!isRecord(given)) {
    problems.add('extraTerrains', 'extraTerrains must be an object of terrain names and costs, such as { "DESERT": 3 }');
    return {};
  }
  const terrains: Record<string, number> = {};
  for (const [terrain, cost] of Object.entries(given)) {
    const path = `extraTerrains.${terrain}`;
    if (!TERRAIN_NAME.test(terrain)) problems.add(path, `terrain '${terrain}' must be a name in capitals, such as DESERT`);
    else if (TERRAIN_COSTS[terrain] !== undefined) {
      problems.add(path, `${terrain} costs ${TERRAIN_COSTS[terrain]} by the rules: a board cannot change it`);
    } else if (!isIntegerIn(cost, 1, MAX_TERRAIN_COST)) problems.add(path, `${path} must be an integer from 1 to ${MAX_TERRAIN_COST}`);
    else terrains[terrain] = cost;
  }
  return terrains;
}

function checkSquare(square: unknown, index: number, isLast: boolean, terrains: readonly string[], problems: Problems): YummellSquare | undefined {
  const path = `squares[${index}]`;
  const label = squareLabel(index, square);
  if (!isRecord(square)) {
    problems.add(path, `${label} must be an object with a terrain`);
    return undefined;
  }
  const before = problems.errors.length;
  problems.unknownFields(square, SQUARE_FIELDS, path, label);
  if (typeof square.terrain !== 'string' || !terrains.includes(square.terrain)) {
    problems.add(`${path}.terrain`, `${label}.terrain must be one of ${terrains.join(', ')}`);
  }
  const capacity = square.capacity ?? null;
  if (capacity !== null && !isIntegerIn(capacity, 1, MAX_CAPACITY)) {
    problems.add(`${path}.capacity`, `${label}.capacity must be an integer from 1 to ${MAX_CAPACITY}, or null for no limit`);
  }
  const impassable = square.impassable ?? false;
  if (typeof impassable !== 'boolean') problems.add(`${path}.impassable`, `${label}.impassable must be true or false`);
  if (square.name !== undefined && !isText(square.name, 60)) problems.add(`${path}.name`, `${label}.name must be text of 1 to 60 characters`);
  // Every character must be able to arrive: the finish takes everyone, and is a square to stop on.
  if (isLast && impassable === true) problems.add(`${path}.impassable`, `${label} is the finish: it cannot be impassable`);
  if (isLast && capacity !== null) problems.add(`${path}.capacity`, `${label} is the finish: it has no capacity limit, so every character can arrive`);
  if (problems.errors.length > before) return undefined;
  const checked: YummellSquare = { terrain: square.terrain as string, capacity: capacity as number | null, impassable: impassable as boolean };
  if (square.name !== undefined) checked.name = square.name as string;
  return checked;
}

/**
 * Checks a track (yummell.md, Board): 1 to 300 squares, each with a known terrain, an optional
 * capacity (an integer 1–99; absent or null for no limit), an optional `impassable` flag and name;
 * optional `extraTerrains` with their costs. **Decision**: the last square is the finish: it
 * cannot be impassable or limited.
 */
export function validateYummellBoard(given: unknown): Checked<YummellBoard> {
  const problems = new Problems();
  if (!isRecord(given)) return { ok: false, errors: [{ path: '', message: 'a board must be an object with squares' }] };
  problems.unknownFields(given, BOARD_FIELDS, '', 'the board');
  const name = given.name ?? 'Custom track';
  if (!isText(name, 100)) problems.add('name', 'the board name must be text of 1 to 100 characters');
  const extraTerrains = checkExtraTerrains(given.extraTerrains, problems);
  const terrains = [...Object.keys(TERRAIN_COSTS), ...Object.keys(extraTerrains)];
  const squares: YummellSquare[] = [];
  if (!Array.isArray(given.squares) || given.squares.length === 0 || given.squares.length > MAX_SQUARES) {
    problems.add('squares', `squares must be a list of 1 to ${MAX_SQUARES} squares, from start to finish`);
  } else {
    given.squares.forEach((square, index) => {
      const checked = checkSquare(square, index, index === (given.squares as unknown[]).length - 1, terrains, problems);
      if (checked) squares.push(checked);
    });
  }
  if (problems.errors.length > 0) return { ok: false, errors: problems.errors };
  return { ok: true, value: { name: name as string, squares, extraTerrains } };
}

// ---- the deck -------------------------------------------------------------------------------

const COMMON_CARD_FIELDS = ['id', 'name', 'type', 'value', 'text'];
const CARD_FIELDS: Record<string, readonly string[]> = {
  CREATURE: [...COMMON_CARD_FIELDS, 'characteristic', 'number'],
  ARTEFACT: [...COMMON_CARD_FIELDS, 'effect'],
  EVENT: [...COMMON_CARD_FIELDS, 'arrow', 'condition', 'effect'],
};
const EFFECT_KINDS = ['BACKTRACK', 'ADVANCE', 'MOVEMENT_BONUS', 'CHALLENGE_BONUS'];
const EFFECT_FIELDS: Record<string, readonly string[]> = {
  BACKTRACK: ['kind'],
  ADVANCE: ['kind'],
  MOVEMENT_BONUS: ['kind', 'terrain', 'amount'],
  CHALLENGE_BONUS: ['kind', 'characteristic', 'amount'],
};

/** `cards[12] (Salamander of Mount Ohrk)`, by name, else id. */
const cardLabel = (index: number, card: unknown): string => {
  const named = isRecord(card) ? [card.name, card.id].find((text) => isText(text, 100)) : undefined;
  return named === undefined ? `cards[${index}]` : `cards[${index}] (${named as string})`;
};

function checkEffect(effect: unknown, kinds: readonly string[], terrains: readonly string[], path: string, label: string, problems: Problems): CardEffect | undefined {
  if (!isRecord(effect) || typeof effect.kind !== 'string' || !kinds.includes(effect.kind)) {
    problems.add(`${path}.kind`, `${label}.effect.kind must be one of ${kinds.join(', ')}`);
    return undefined;
  }
  const before = problems.errors.length;
  problems.unknownFields(effect, EFFECT_FIELDS[effect.kind], path, `${label}.effect`);
  if (effect.kind === 'MOVEMENT_BONUS' && (typeof effect.terrain !== 'string' || !terrains.includes(effect.terrain))) {
    problems.add(`${path}.terrain`, `${label}.effect.terrain must be one of ${terrains.join(', ')}`);
  }
  if (effect.kind === 'CHALLENGE_BONUS' && !['ANY', ...CHARACTERISTICS].includes(effect.characteristic as string)) {
    problems.add(`${path}.characteristic`, `${label}.effect.characteristic must be one of ${CHARACTERISTICS.join(', ')} or ANY`);
  }
  if ((effect.kind === 'MOVEMENT_BONUS' || effect.kind === 'CHALLENGE_BONUS') && !isIntegerIn(effect.amount, 1, MAX_BONUS)) {
    problems.add(`${path}.amount`, `${label}.effect.amount must be an integer from 1 to ${MAX_BONUS}`);
  }
  return problems.errors.length > before ? undefined : ({ ...effect } as CardEffect);
}

function checkCondition(condition: unknown, terrains: readonly string[], path: string, label: string, problems: Problems): EffectCondition | null {
  if (condition === undefined || condition === null) return null;
  if (!isRecord(condition) || Object.keys(condition).some((key) => key !== 'onTerrain') || !terrains.includes(condition.onTerrain as string)) {
    problems.add(path, `${label}.condition must be null or { onTerrain } with a terrain of ${terrains.join(', ')}`);
    return null;
  }
  return { onTerrain: condition.onTerrain as string };
}

function checkCard(card: unknown, index: number, terrains: readonly string[], problems: Problems): YummellCard | undefined {
  const path = `cards[${index}]`;
  const label = cardLabel(index, card);
  if (!isRecord(card)) {
    problems.add(path, `${label} must be an object`);
    return undefined;
  }
  const before = problems.errors.length;
  if (!isText(card.id, 40)) problems.add(`${path}.id`, `${label}.id must be text of 1 to 40 characters`);
  if (!isText(card.name, 100)) problems.add(`${path}.name`, `${label}.name must be text of 1 to 100 characters`);
  if (!isIntegerIn(card.value, MIN_CARD_VALUE, MAX_CARD_VALUE)) {
    problems.add(`${path}.value`, `${label}.value must be an integer from ${MIN_CARD_VALUE} to ${MAX_CARD_VALUE}`);
  }
  if (card.text !== undefined && !isText(card.text, 300)) problems.add(`${path}.text`, `${label}.text must be text of 1 to 300 characters`);
  if (!CARD_TYPES.includes(card.type as never)) {
    problems.add(`${path}.type`, `${label}.type must be one of ${CARD_TYPES.join(', ')}`);
    return undefined;
  }
  problems.unknownFields(card, CARD_FIELDS[card.type as string], path, label);
  const base = { id: card.id as string, name: card.name as string, value: card.value as number, ...(card.text === undefined ? {} : { text: card.text as string }) };
  let checked: YummellCard | undefined;
  if (card.type === 'CREATURE') {
    if (!CHARACTERISTICS.includes(card.characteristic as Characteristic)) {
      problems.add(`${path}.characteristic`, `${label}.characteristic must be one of ${CHARACTERISTICS.join(', ')}`);
    }
    if (!isIntegerIn(card.number, 1, MAX_CREATURE_NUMBER)) problems.add(`${path}.number`, `${label}.number must be an integer from 1 to ${MAX_CREATURE_NUMBER}`);
    checked = { ...base, type: 'CREATURE' as const, characteristic: card.characteristic as Characteristic, number: card.number as number };
  } else if (card.type === 'ARTEFACT') {
    const effect = checkEffect(card.effect, ['MOVEMENT_BONUS', 'CHALLENGE_BONUS'], terrains, `${path}.effect`, label, problems);
    if (effect) checked = { ...base, type: 'ARTEFACT' as const, effect: effect as Extract<CardEffect, { amount: number }> };
  } else {
    if (typeof card.arrow !== 'boolean') problems.add(`${path}.arrow`, `${label}.arrow must be true or false`);
    const condition = checkCondition(card.condition, terrains, `${path}.condition`, label, problems);
    const effect = checkEffect(card.effect, EFFECT_KINDS, terrains, `${path}.effect`, label, problems);
    if (effect) checked = { ...base, type: 'EVENT' as const, arrow: card.arrow as boolean, condition, effect };
  }
  return problems.errors.length > before ? undefined : checked;
}

/**
 * Checks an encounter deck (yummell.md, One deck): 1 to 1000 cards with unique ids, each a
 * CREATURE (a Characteristic and a number 1–99), an ARTEFACT (a movement or challenge bonus) or an
 * EVENT (an arrow flag, an optional terrain condition, an effect), all with a value 1–8.
 * `terrains` are those the board knows (the rules' four by default).
 */
export function validateYummellDeck(given: unknown, terrains: readonly string[] = Object.keys(TERRAIN_COSTS)): Checked<YummellCard[]> {
  if (!Array.isArray(given) || given.length === 0 || given.length > MAX_DECK_CARDS) {
    return { ok: false, errors: [{ path: 'cards', message: `a deck must be a list of 1 to ${MAX_DECK_CARDS} cards` }] };
  }
  const problems = new Problems();
  const cards: YummellCard[] = [];
  const seen = new Map<string, number>();
  given.forEach((card, index) => {
    const checked = checkCard(card, index, terrains, problems);
    if (!checked) return;
    const first = seen.get(checked.id);
    if (first !== undefined) {
      problems.add(`cards[${index}].id`, `${cardLabel(index, card)}.id '${checked.id}' is already the id of cards[${first}]`);
      return;
    }
    seen.set(checked.id, index);
    cards.push(checked);
  });
  if (problems.errors.length > 0) return { ok: false, errors: problems.errors };
  return { ok: true, value: cards };
}

// ---- a character's Advantages -----------------------------------------------------------------

const ADVANTAGE_FIELDS = ['name', 'bonus', 'characteristics', 'discardOnUse', 'text'];

/**
 * Checks the Advantages a character starts with: unique names, a bonus from 1 to 10, one or more
 * Characteristics it applies to, whether using it discards it (**Decision**: false when absent).
 */
export function validateAdvantages(given: unknown): Checked<Advantage[]> {
  if (!Array.isArray(given)) return { ok: false, errors: [{ path: 'advantages', message: 'advantages must be a list' }] };
  const problems = new Problems();
  const advantages: Advantage[] = [];
  given.forEach((advantage, index) => {
    const path = `advantages[${index}]`;
    const label = isRecord(advantage) && isText(advantage.name, 60) ? `${path} (${advantage.name})` : path;
    if (!isRecord(advantage)) {
      problems.add(path, `${label} must be an object`);
      return;
    }
    const before = problems.errors.length;
    problems.unknownFields(advantage, ADVANTAGE_FIELDS, path, label);
    if (!isText(advantage.name, 60)) problems.add(`${path}.name`, `${label}.name must be text of 1 to 60 characters`);
    else if (advantages.some((other) => other.name === advantage.name)) problems.add(`${path}.name`, `${label}: the character already has ${advantage.name}`);
    if (!isIntegerIn(advantage.bonus, 1, 10)) problems.add(`${path}.bonus`, `${label}.bonus must be an integer from 1 to 10`);
    const characteristics = advantage.characteristics;
    if (
      !Array.isArray(characteristics) ||
      characteristics.length === 0 ||
      characteristics.some((value, at) => !CHARACTERISTICS.includes(value) || characteristics.indexOf(value) !== at)
    ) {
      problems.add(`${path}.characteristics`, `${label}.characteristics must list one or more of ${CHARACTERISTICS.join(', ')}, each once`);
    }
    const discardOnUse = advantage.discardOnUse ?? false;
    if (typeof discardOnUse !== 'boolean') problems.add(`${path}.discardOnUse`, `${label}.discardOnUse must be true or false`);
    if (advantage.text !== undefined && !isText(advantage.text, 300)) problems.add(`${path}.text`, `${label}.text must be text of 1 to 300 characters`);
    if (problems.errors.length > before) return;
    advantages.push({
      name: advantage.name as string,
      bonus: advantage.bonus as number,
      characteristics: [...(characteristics as Characteristic[])],
      discardOnUse: discardOnUse as boolean,
      ...(advantage.text === undefined ? {} : { text: advantage.text as string }),
    });
  });
  if (problems.errors.length > 0) return { ok: false, errors: problems.errors };
  return { ok: true, value: advantages };
}

/** A list of problems as one sentence for a refusal: the first, and how many more. */
export function firstProblem(errors: readonly DataError[]): string {
  const more = errors.length - 1;
  return more === 0 ? errors[0].message : `${errors[0].message} (and ${more} more ${more === 1 ? 'problem' : 'problems'})`;
}
