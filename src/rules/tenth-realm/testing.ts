/**
 * Builders and a scripted random stream for the Tenth Realm specs. Only specs import this file;
 * it uses no test framework so that it also compiles in the production build.
 */
import type { DeckPiles } from '../cards/piles.js';
import { STANDARD_52 } from '../cards/presets.js';
import type { Rng } from '../random/random-stream.js';
import type { Combat, Enemy } from './combat-state.js';
import { NO_PENDING, VANORI, type PendingFlags, type TenthRealmSheet, type Vanori, type VanoriName } from './sheet.js';
import type { Region, RuleOutcome, TenthRealmState, Violation, World } from './table.js';

/**
 * An Rng for exact specs: `die(sides)` returns the scripted faces in order and records which dice
 * were rolled. `uniform()` is only used by a reshuffle; it fails unless the spec allows one, and
 * then it keeps every card in place (Fisher–Yates swapping each position with itself), so the
 * reshuffled deck is the discard pile in its order, top first.
 */
export class ScriptedRng implements Rng {
  /** `d20`, `d8`, … in the order the rule rolled them. */
  readonly rolled: string[] = [];
  private next = 0;
  private uniformCalls = 0;

  constructor(
    private readonly faces: readonly number[] = [],
    private readonly options: { allowReshuffle?: boolean } = {},
  ) {}

  get wordsUsed(): number {
    return this.next + this.uniformCalls;
  }

  /** Whether a reshuffle asked for random positions. */
  get shuffled(): boolean {
    return this.uniformCalls > 0;
  }

  /** The scripted faces no die has shown yet. */
  get unused(): number[] {
    return this.faces.slice(this.next);
  }

  die(sides: number): number {
    const face = this.faces[this.next];
    if (face === undefined) throw new Error(`the script has no face left for a d${sides} (roll ${this.next + 1})`);
    if (!Number.isInteger(face) || face < 1 || face > sides) throw new Error(`a d${sides} cannot show ${face} (roll ${this.next + 1})`);
    this.next += 1;
    this.rolled.push(`d${sides}`);
    return face;
  }

  uniform(m: number): number {
    if (!this.options.allowReshuffle) throw new Error('unexpected reshuffle: the spec did not allow one');
    this.uniformCalls += 1;
    return m - 1;
  }

  nextWord(): number {
    throw new Error('Tenth Realm rules roll dice and shuffle; they never take raw words');
  }
}

/** Dice faces in order; no reshuffle allowed. */
export const dice = (...faces: number[]): ScriptedRng => new ScriptedRng(faces);

/** A Vanori of the table, as a sheet holds it. */
export function vanoriOf(name: VanoriName): Vanori {
  const row = VANORI[name];
  return { name, customName: null, increases: { ...row.increases }, resilienceDie: row.resilienceDie, ability: row.ability };
}

export type SheetOverrides = Partial<Omit<TenthRealmSheet, 'pending' | 'inventory'>> & {
  pending?: Partial<PendingFlags>;
  inventory?: Partial<TenthRealmSheet['inventory']>;
};

function sheetWith(base: TenthRealmSheet, overrides: SheetOverrides): TenthRealmSheet {
  const { pending, inventory, ...rest } = overrides;
  return {
    ...base,
    ...rest,
    pending: { ...base.pending, ...pending },
    inventory: { ...base.inventory, ...inventory },
  };
}

/**
 * A finished character: every attribute 0, a BEAR Vanori, resilience 8 of 8, armor d4, a d6
 * spear, 10 empty slots (the spear takes one), no XP, nothing pending.
 */
export function activeCharacter(overrides: SheetOverrides = {}): TenthRealmSheet {
  return sheetWith(
    {
      status: 'ACTIVE',
      attributes: { STRENGTH: 0, DEXTERITY: 0, WILLPOWER: 0, HEART: 0 },
      attributeCards: { STRENGTH: '3C', DEXTERITY: '4C', WILLPOWER: '5C', HEART: '6C' },
      redrawnAttributes: [],
      vanori: vanoriOf('BEAR'),
      resilience: 8,
      maxResilience: 8,
      resilienceRerolled: false,
      armor: { name: 'Armor', die: 4, originalDie: 4 },
      weapon: { name: 'Spear', die: 6, originalDie: 6 },
      inventory: { slots: 10, items: [], conditions: [] },
      xp: 0,
      pending: { ...NO_PENDING },
      owlUsedInSession: null,
    },
    overrides,
  );
}

/** A character just created: attributes revealed (all ♣, so 0), no Vanori, no gear. */
export function draftCharacter(overrides: SheetOverrides = {}): TenthRealmSheet {
  return sheetWith(
    activeCharacter({ status: 'DRAFT', vanori: null, resilience: 0, maxResilience: 0, armor: null, weapon: null }),
    overrides,
  );
}

/** A world where the group stands in `hex`, whose risk rating is `riskRating`. */
export function inRegion(riskRating: number, hex = 'h1'): Partial<World> {
  const region: Region = { hex, riskRating, descriptor: 'an impending threat', riskCard: 'JC', notes: [] };
  return { currentHex: hex, regions: { [hex]: region } };
}

/** An enemy of a combat under way: by default a d8 wolf with 6 resilience and d4 armor. */
export function enemy(overrides: Partial<Enemy> = {}): Enemy {
  return {
    id: 'e1',
    name: 'Grey wolf',
    resilience: 6,
    maxResilience: 6,
    armorDie: 4,
    weaponDie: 8,
    damageStepDownPending: false,
    status: 'FIGHTING',
    morale: null,
    ...overrides,
  };
}

/** A combat under way, `fight-1`, that the players' group started. */
export function combatWith(characterIds: string[], enemies: Enemy[] = [enemy()]): Combat {
  return { id: 'fight-1', characterIds, enemies, initiative: 'PLAYERS', initiativeCard: 'QH', status: 'ACTIVE', turns: [] };
}

export interface TableOptions {
  /** The top of the deck, top card first. */
  drawPile?: string[];
  /** The top of the discard pile, top card first. */
  discardPile?: string[];
  table?: string[];
  hands?: Record<string, string[]>;
  /** Where the cards not named anywhere go, in canonical order: under the draw pile (default) or under the discard pile. */
  rest?: 'DRAW_PILE' | 'DISCARD_PILE';
  characters?: Record<string, TenthRealmSheet>;
  world?: Partial<World>;
  combat?: Combat | null;
  inventorySlots?: number;
}

const ALL_CARDS = STANDARD_52.map((card) => card.id);

/**
 * A campaign state with a stacked deck: the named cards where the spec puts them and every other
 * card of the standard 52 under the draw pile (or the discard pile), so the deck is conserved.
 */
export function tableWith(options: TableOptions = {}): TenthRealmState {
  const named = [
    ...(options.drawPile ?? []),
    ...(options.discardPile ?? []),
    ...(options.table ?? []),
    ...Object.values(options.hands ?? {}).flat(),
  ];
  const unknown = named.find((id) => !ALL_CARDS.includes(id));
  if (unknown !== undefined) throw new Error(`'${unknown}' is not a standard-52 card`);
  const twice = named.find((id, index) => named.indexOf(id) !== index);
  if (twice !== undefined) throw new Error(`'${twice}' is placed twice`);
  const rest = ALL_CARDS.filter((id) => !named.includes(id));
  const toDiscard = options.rest === 'DISCARD_PILE';
  const piles: DeckPiles = {
    drawPile: [...(options.drawPile ?? []), ...(toDiscard ? [] : rest)],
    discardPile: [...(options.discardPile ?? []), ...(toDiscard ? rest : [])],
    table: [...(options.table ?? [])],
    hands: Object.fromEntries(Object.entries(options.hands ?? {}).map(([holder, hand]) => [holder, [...hand]])),
  };
  return {
    piles,
    characters: { ...options.characters },
    world: { session: 1, currentHex: null, regions: {}, ...options.world },
    combat: options.combat ?? null,
    settings: { inventorySlots: options.inventorySlots ?? 10 },
  };
}

/** Freezes a value and everything in it, so that a rule that mutated its input would throw. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

type AnyRule<I, R> = (state: TenthRealmState, input: I, rng: Rng) => RuleOutcome<R>;

/** Runs a rule on a frozen state and input: a rule that mutated either would throw. */
export function run<I, R>(ruleFn: AnyRule<I, R>, state: TenthRealmState, input: I, rng: Rng = dice()): RuleOutcome<R> {
  return ruleFn(deepFreeze(state), deepFreeze(input), rng);
}

/** The success of an outcome, or an error naming the violation. */
export function accepted<R>(outcome: RuleOutcome<R>): Extract<RuleOutcome<R>, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected the rule to pass, but it was refused: ${outcome.violation.reason} (${outcome.violation.message})`);
  return outcome;
}

/** The violation of an outcome, or an error when the rule passed. */
export function refused<R>(outcome: RuleOutcome<R>): Violation {
  if (outcome.ok) throw new Error(`expected the rule to be refused, but it passed with ${JSON.stringify(outcome.result)}`);
  return outcome.violation as Violation;
}
