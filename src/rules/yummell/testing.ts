/**
 * Builders and a scripted random stream for the Yummell specs. Only specs import this file; it uses
 * no test framework so that it also compiles in the production build.
 */
import type { Outcome, Rule, Violation } from '../kernel/outcome.js';
import type { Rng } from '../random/random-stream.js';
import type { CardEffect, Characteristic, EffectCondition, YummellBoard, YummellCard, YummellSquare } from './data.js';
import { freshTurn, type PendingChallenge, type TurnProgress, type YummellSheet, type YummellState } from './state.js';

/**
 * An Rng for exact specs. Yummell's only randomness is shuffling, so only `uniform()` is used:
 * it returns the scripted values in order. With `keepOrder`, every shuffle keeps its pile's order
 * (Fisher–Yates swapping each position with itself), so a reshuffled discard pile becomes the draw
 * pile top first. Without a script and without `keepOrder`, any randomness fails the spec.
 */
export class ScriptedRng implements Rng {
  private next = 0;
  /** The bounds `uniform` was asked for, in order. */
  readonly asked: number[] = [];

  constructor(
    private readonly values: readonly number[] = [],
    private readonly options: { keepOrder?: boolean } = {},
  ) {}

  get wordsUsed(): number {
    return this.asked.length;
  }

  /** Whether any randomness was taken. */
  get used(): boolean {
    return this.asked.length > 0;
  }

  uniform(m: number): number {
    this.asked.push(m);
    if (this.options.keepOrder) return m - 1;
    const value = this.values[this.next];
    if (value === undefined) throw new Error(`unexpected randomness: the script has no value left for uniform(${m})`);
    if (!Number.isInteger(value) || value < 0 || value >= m) throw new Error(`uniform(${m}) cannot return ${value}`);
    this.next += 1;
    return value;
  }

  die(): number {
    throw new Error('Yummell rolls no dice');
  }

  nextWord(): number {
    throw new Error('Yummell takes no raw words');
  }
}

/** No randomness allowed. */
export const noRandom = (): ScriptedRng => new ScriptedRng();
/** Every shuffle keeps its order. */
export const keepOrder = (): ScriptedRng => new ScriptedRng([], { keepOrder: true });

type SquareSpec = string | (Partial<YummellSquare> & { terrain: string });

/** A track of the given squares: a terrain name, or a square with its capacity, impassable flag, name. */
export function track(...squares: SquareSpec[]): YummellBoard {
  return {
    name: 'Test track',
    extraTerrains: {},
    squares: squares.map((spec) => {
      const given = typeof spec === 'string' ? { terrain: spec } : spec;
      return { terrain: given.terrain, capacity: given.capacity ?? null, impassable: given.impassable ?? false, ...(given.name ? { name: given.name } : {}) };
    }),
  };
}

/** `n` PLAIN squares. */
export const plains = (n: number): YummellBoard => track(...Array.from({ length: n }, () => 'PLAIN'));

export const creature = (id: string, characteristic: Characteristic, number: number, value = 1, name = id): YummellCard => ({
  id,
  name,
  type: 'CREATURE',
  value,
  characteristic,
  number,
});

export const artefact = (id: string, effect: Extract<YummellCard, { type: 'ARTEFACT' }>['effect'], value = 1, name = id): YummellCard => ({
  id,
  name,
  type: 'ARTEFACT',
  value,
  effect,
});

export const event = (id: string, arrow: boolean, condition: EffectCondition | null, effect: CardEffect, value = 1, name = id): YummellCard => ({
  id,
  name,
  type: 'EVENT',
  value,
  arrow,
  condition,
  effect,
});

/** The seed's Salamander of Mount Ohrk: a Creature of STRENGTH 9. */
export const SALAMANDER = creature('salamander', 'STRENGTH', 9, 3, 'Salamander of Mount Ohrk');
/** The seed's Horrgrop the Evil: a Creature of STRENGTH 7. */
export const HORRGROP = creature('horrgrop', 'STRENGTH', 7, 4, 'Horrgrop the Evil');
/** The seed's Wind: arrow, "if on a PLAIN square, backtrack". */
export const WIND = event('wind', true, { onTerrain: 'PLAIN' }, { kind: 'BACKTRACK' }, 1, 'Wind');
/** The seed's Hills Guide: a movement bonus in HILLS. */
export const HILLS_GUIDE = event('hills-guide', false, null, { kind: 'MOVEMENT_BONUS', terrain: 'HILLS', amount: 1 }, 2, 'Hills Guide');

/**
 * A card only played for its value: `m5` (or `m5-b`, for a second one) is worth 5. Drawn as an
 * encounter it is an Event without arrow, so it does nothing.
 */
export function valueCard(id: string): YummellCard {
  const match = /^m([1-8])(-.+)?$/.exec(id);
  if (match === null) throw new Error(`'${id}' is not a card of the spec: define it, or name it m<value>`);
  return event(id, false, null, { kind: 'ADVANCE' }, Number(match[1]), `Rumour ${id}`);
}

/** A sheet: every Characteristic 3, nothing else, at the start; named after its id. */
export function sheet(id: string, overrides: Partial<YummellSheet> = {}): YummellSheet {
  return {
    name: id,
    position: 0,
    characteristics: { STRENGTH: 3, CHARM: 3, AGILITY: 3, MAGIC: 3 },
    abilities: [],
    advantages: [],
    artefacts: [],
    ...overrides,
  };
}

export interface RaceOptions {
  /** Ten PLAIN squares unless given. */
  board?: YummellBoard;
  /** Card definitions; cards named `m<value>` need none. */
  cards?: YummellCard[];
  /** Sheets by id, in turn order; each is `sheet(id, overrides)`. */
  characters?: Record<string, Partial<YummellSheet>>;
  hands?: Record<string, string[]>;
  /** Top first. */
  drawPile?: string[];
  /** Top first. */
  discardPile?: string[];
  /** Whose turn: the first character unless given. */
  current?: string | null;
  turn?: Partial<TurnProgress>;
  pending?: PendingChallenge | null;
  finishOrder?: string[];
}

/**
 * A race with a stacked deck: the named cards where the spec puts them, every character's Artefacts
 * and a pending Creature face up on the table, and every defined card named nowhere under the draw
 * pile, so that the deck is conserved.
 */
export function raceWith(options: RaceOptions = {}): YummellState {
  const characters = Object.fromEntries(Object.entries(options.characters ?? {}).map(([id, overrides]) => [id, sheet(id, overrides)]));
  const hands = Object.fromEntries(Object.keys(characters).map((id) => [id, [...(options.hands?.[id] ?? [])]]));
  const table = [...Object.values(characters).flatMap((each) => each.artefacts), ...(options.pending ? [options.pending.creatureCardId] : [])];
  const named = [...(options.drawPile ?? []), ...(options.discardPile ?? []), ...table, ...Object.values(hands).flat()];
  const twice = named.find((id, index) => named.indexOf(id) !== index);
  if (twice !== undefined) throw new Error(`'${twice}' is placed twice`);
  const cards: Record<string, YummellCard> = {};
  for (const card of options.cards ?? []) cards[card.id] = card;
  for (const id of named) cards[id] ??= valueCard(id);
  const rest = Object.keys(cards).filter((id) => !named.includes(id));
  const turnOrder = Object.keys(characters);
  return {
    characters,
    campaign: {
      board: options.board ?? plains(10),
      cards,
      turnOrder,
      currentCharacterId: options.current === undefined ? (turnOrder[0] ?? null) : options.current,
      finishOrder: [...(options.finishOrder ?? [])],
      turn: { ...freshTurn(), ...options.turn },
      pendingChallenge: options.pending ?? null,
    },
    piles: { drawPile: [...(options.drawPile ?? []), ...rest], discardPile: [...(options.discardPile ?? [])], table, hands },
  };
}

/** Whether every card of the race is in the piles exactly once (deck + discard + table + hands). */
export function conserved(state: YummellState): boolean {
  const { drawPile, discardPile, table, hands } = state.piles;
  const ids = [...drawPile, ...discardPile, ...table, ...Object.values(hands).flat()];
  const defined = Object.keys(state.campaign.cards);
  return ids.length === defined.length && new Set(ids).size === ids.length && defined.every((id) => ids.includes(id));
}

/** Freezes a value and everything in it, so that a rule that mutated its input would throw. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Runs a rule on a frozen state and input: a rule that mutated either would throw. */
export function run<I, R>(rule: Rule<YummellState, I, R>, state: YummellState, input: I, rng: Rng = noRandom()): Outcome<YummellState, R> {
  return rule(deepFreeze(state), deepFreeze(input), rng);
}

/** The success of an outcome, or an error naming the violation. */
export function accepted<R>(outcome: Outcome<YummellState, R>): Extract<Outcome<YummellState, R>, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected the rule to pass, but it was refused: ${outcome.violation.reason} (${outcome.violation.message})`);
  return outcome;
}

/** The violation of an outcome, or an error when the rule passed. */
export function refused<R>(outcome: Outcome<YummellState, R>): Violation {
  if (outcome.ok) throw new Error(`expected the rule to be refused, but it passed with ${JSON.stringify(outcome.result)}`);
  return outcome.violation;
}
