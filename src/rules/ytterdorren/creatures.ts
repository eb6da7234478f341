/**
 * Creature cards as data (ytterdorren.md, Creature cards): a skirmish side and an encounter side,
 * and the checks a campaign's own cards must pass before it plays with them.
 */
import { parseDiceExpression, type DiceExpression } from '../random/dice.js';

/** A skirmish card's reward (ytterdorren.md, Skirmish 8): what every character receives. */
export interface Reward {
  coins: number;
  lore: number;
  text: string;
}

/** ytterdorren.md, Creature cards, skirmish side. */
export interface SkirmishSide {
  /** A dice expression per number of players, `'1'` to `'6'`; a card may leave some out. */
  strength: Partial<Record<string, string>>;
  defense: number;
  /** Added to the creature's d100 attack roll. */
  attackModifier: number;
  /** **Decision**: the Vita a hit removes; 1 when left out. */
  damage?: number;
  reward: Reward;
}

/** ytterdorren.md, Creature cards, encounter side. */
export interface EncounterSide {
  /** Vita per number of players, `'1'` to `'6'`; a card may leave some out. */
  vita: Partial<Record<string, number>>;
  /** Might per difficulty, e.g. `{ EASY: 0, NORMAL: 5, HARD: 10 }`. */
  might: Record<string, number>;
  combatType: 'MELEE' | 'RANGED';
  defense: number;
  stride: number;
  /** Lore and Coins each player receives when the foe is defeated. */
  awards: { lore: number; coins: number };
  specialPower: string;
  /** The power table: entry N is the power the foe uses when the white die shows N (0–9). */
  powers: string[];
  /** The creature/affliction type. */
  type: string;
}

export interface CreatureCard {
  id: string;
  name: string;
  skirmish: SkirmishSide;
  encounter: EncounterSide;
}

/** The Vita a skirmish hit removes when the card names none (ytterdorren.md, Skirmish 4, Decision). */
export const DEFAULT_DAMAGE = 1;

/** Most creature cards one campaign holds. */
export const MAX_CREATURE_CARDS = 200;

/** The limits of each number on a card, also used in the error sentences. */
export const CARD_LIMITS = {
  defense: [0, 200],
  attackModifier: [-100, 100],
  damage: [1, 100],
  coins: [0, 10_000],
  lore: [0, 10_000],
  vita: [1, 1000],
  might: [-100, 100],
  stride: [0, 100],
} as const satisfies Record<string, readonly [number, number]>;

const TEXT_LIMITS = { id: 40, name: 80, rewardText: 500, specialPower: 1000, power: 500, type: 40, difficulty: 20 } as const;

const PLAYER_COUNT_KEYS = ['1', '2', '3', '4', '5', '6'];
const DIFFICULTY = /^[A-Z][A-Z0-9_]*$/;
const POWER_TABLE_SIZE = 10;

const CARD_FIELDS = ['id', 'name', 'skirmish', 'encounter'];
const SKIRMISH_FIELDS = ['strength', 'defense', 'attackModifier', 'damage', 'reward'];
const REWARD_FIELDS = ['coins', 'lore', 'text'];
const ENCOUNTER_FIELDS = ['vita', 'might', 'combatType', 'defense', 'stride', 'awards', 'specialPower', 'powers', 'type'];
const AWARD_FIELDS = ['lore', 'coins'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The smallest total an expression can roll, or -Infinity when an exploding die is subtracted. */
export function smallestTotal(expression: DiceExpression): number {
  return expression.terms.reduce((sum, term) => {
    if (term.kind === 'CONSTANT') return sum + term.sign * term.value;
    const kept = term.keep === undefined ? term.count : term.keep.rule.startsWith('k') ? term.keep.count : term.count - term.keep.count;
    if (term.sign === 1) return sum + kept;
    return term.explode ? -Infinity : sum - kept * term.sides;
  }, 0);
}

/** Collects the errors of one card, each naming the card and the field. */
class CardCheck {
  readonly errors: string[] = [];

  constructor(private readonly label: string) {}

  fail(field: string, problem: string): void {
    this.errors.push(`${this.label}.${field} ${problem}`);
  }

  integer(value: unknown, field: string, [min, max]: readonly [number, number]): void {
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) this.fail(field, `must be an integer from ${min} to ${max}`);
  }

  text(value: unknown, field: string, maxLength: number, { optional = false } = {}): void {
    if (typeof value !== 'string' || (!optional && value.trim() === '') || value.length > maxLength) {
      this.fail(field, optional ? `must be a text of at most ${maxLength} characters` : `must be a text of 1 to ${maxLength} characters`);
    }
  }

  /** Reports fields the card does not know; returns whether `value` is an object at all. */
  object(value: unknown, field: string, known: readonly string[]): value is Record<string, unknown> {
    if (!isRecord(value)) {
      this.fail(field, 'must be an object');
      return false;
    }
    for (const key of Object.keys(value)) if (!known.includes(key)) this.fail(`${field}.${key}`, 'is not a field of a creature card');
    return true;
  }

  /** A table by player count: at least one of `'1'`–`'6'`, and nothing else. */
  byPlayers(value: unknown, field: string, entry: (value: unknown, field: string) => void): void {
    if (!isRecord(value)) return this.fail(field, 'must be an object by number of players (1 to 6)');
    const keys = Object.keys(value);
    if (keys.length === 0) this.fail(field, 'must give a value for at least one number of players');
    for (const key of keys) {
      if (!PLAYER_COUNT_KEYS.includes(key)) this.fail(`${field}.${key}`, 'is not a number of players from 1 to 6');
      else entry(value[key], `${field}.${key}`);
    }
  }

  strength(value: unknown, field: string): void {
    if (typeof value !== 'string') return this.fail(field, 'must be a dice expression such as 2d6+2');
    const parsed = parseDiceExpression(value);
    if (!parsed.ok) return this.fail(field, `is not a dice expression: ${parsed.error.message}`);
    const lowest = smallestTotal(parsed.expression);
    if (lowest < 1) this.fail(field, `can roll less than 1 (its lowest total is ${lowest}): the Skirmish Counter starts above 0`);
  }
}

function checkSkirmishSide(check: CardCheck, side: unknown): void {
  if (!check.object(side, 'skirmish', SKIRMISH_FIELDS)) return;
  check.byPlayers(side.strength, 'skirmish.strength', (value, field) => check.strength(value, field));
  check.integer(side.defense, 'skirmish.defense', CARD_LIMITS.defense);
  check.integer(side.attackModifier, 'skirmish.attackModifier', CARD_LIMITS.attackModifier);
  if (side.damage !== undefined) check.integer(side.damage, 'skirmish.damage', CARD_LIMITS.damage);
  if (check.object(side.reward, 'skirmish.reward', REWARD_FIELDS)) {
    check.integer(side.reward.coins, 'skirmish.reward.coins', CARD_LIMITS.coins);
    check.integer(side.reward.lore, 'skirmish.reward.lore', CARD_LIMITS.lore);
    check.text(side.reward.text, 'skirmish.reward.text', TEXT_LIMITS.rewardText, { optional: true });
  }
}

function checkEncounterSide(check: CardCheck, side: unknown): void {
  if (!check.object(side, 'encounter', ENCOUNTER_FIELDS)) return;
  check.byPlayers(side.vita, 'encounter.vita', (value, field) => check.integer(value, field, CARD_LIMITS.vita));
  if (!isRecord(side.might) || Object.keys(side.might).length === 0) {
    check.fail('encounter.might', 'must give the Might for at least one difficulty, e.g. { "NORMAL": 5 }');
  } else {
    for (const [difficulty, might] of Object.entries(side.might)) {
      if (!DIFFICULTY.test(difficulty) || difficulty.length > TEXT_LIMITS.difficulty) {
        check.fail(`encounter.might.${difficulty}`, `is not a difficulty: write it in capitals, at most ${TEXT_LIMITS.difficulty} characters (EASY, NORMAL, HARD)`);
      } else {
        check.integer(might, `encounter.might.${difficulty}`, CARD_LIMITS.might);
      }
    }
  }
  if (side.combatType !== 'MELEE' && side.combatType !== 'RANGED') check.fail('encounter.combatType', 'must be MELEE or RANGED');
  check.integer(side.defense, 'encounter.defense', CARD_LIMITS.defense);
  check.integer(side.stride, 'encounter.stride', CARD_LIMITS.stride);
  if (check.object(side.awards, 'encounter.awards', AWARD_FIELDS)) {
    check.integer(side.awards.lore, 'encounter.awards.lore', CARD_LIMITS.lore);
    check.integer(side.awards.coins, 'encounter.awards.coins', CARD_LIMITS.coins);
  }
  check.text(side.specialPower, 'encounter.specialPower', TEXT_LIMITS.specialPower, { optional: true });
  if (!Array.isArray(side.powers) || side.powers.length !== POWER_TABLE_SIZE) {
    check.fail('encounter.powers', `must list ${POWER_TABLE_SIZE} powers, one for each face 0–9 of the white die`);
  } else {
    side.powers.forEach((power, face) => check.text(power, `encounter.powers[${face}]`, TEXT_LIMITS.power));
  }
  check.text(side.type, 'encounter.type', TEXT_LIMITS.type);
}

/**
 * The errors of a list of creature cards, each naming the card (its index and name) and the field,
 * e.g. `creatures[2] (Grave Wolf).skirmish.defense must be an integer from 0 to 200`; empty when
 * every card can be played. Ids must be unique within the list.
 */
export function validateCreatureCards(cards: unknown): string[] {
  if (!Array.isArray(cards)) return ['creatures must be a list of creature cards'];
  if (cards.length > MAX_CREATURE_CARDS) return [`creatures holds ${cards.length} cards: at most ${MAX_CREATURE_CARDS} are allowed`];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  cards.forEach((card: unknown, index) => {
    const name = isRecord(card) && typeof card.name === 'string' && card.name.trim() !== '' ? card.name : undefined;
    const check = new CardCheck(name === undefined ? `creatures[${index}]` : `creatures[${index}] (${name})`);
    if (!isRecord(card)) {
      errors.push(`creatures[${index}] must be an object`);
      return;
    }
    for (const key of Object.keys(card)) if (!CARD_FIELDS.includes(key)) check.fail(key, 'is not a field of a creature card');
    check.text(card.id, 'id', TEXT_LIMITS.id);
    if (typeof card.id === 'string') {
      const first = seen.get(card.id);
      if (first !== undefined) check.fail('id', `'${card.id}' is already the id of creatures[${first}]`);
      else seen.set(card.id, index);
    }
    check.text(card.name, 'name', TEXT_LIMITS.name);
    checkSkirmishSide(check, card.skirmish);
    checkEncounterSide(check, card.encounter);
    errors.push(...check.errors);
  });
  return errors;
}

/** The Vita a skirmish hit of this creature removes (ytterdorren.md, Skirmish 4, Decision: 1 by default). */
export function damageOf(card: CreatureCard): number {
  return card.skirmish.damage ?? DEFAULT_DAMAGE;
}

/**
 * Adds or replaces cards by id: a card whose id the campaign already has replaces it, in place;
 * the others come after. **Decision**: loading never removes a card a campaign has.
 */
export function mergeCreatureCards(current: readonly CreatureCard[], loaded: readonly CreatureCard[]): CreatureCard[] {
  const byId = new Map(loaded.map((card) => [card.id, card]));
  const merged = current.map((card) => byId.get(card.id) ?? card);
  const known = new Set(current.map((card) => card.id));
  return [...merged, ...loaded.filter((card) => !known.has(card.id))];
}
