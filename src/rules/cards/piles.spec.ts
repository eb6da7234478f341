import { readFileSync } from 'node:fs';
import path from 'node:path';

import fc from 'fast-check';

import { RandomStream, type Rng } from '../random/random-stream.js';
import type { CardDefinition } from './card.js';
import {
  allCardIds,
  assertConserved,
  type DeckPiles,
  drawCards,
  locateCard,
  moveCards,
  newDeckPiles,
  type PileOutcome,
  reshuffle,
  returnDiscards,
} from './piles.js';
import { STANDARD_52 } from './presets.js';

/** An Rng whose uniform() returns scripted values in order, so shuffles and random draws are exact. */
class ScriptedUniform implements Rng {
  wordsUsed = 0;

  constructor(private readonly values: readonly number[]) {}

  uniform(m: number): number {
    const value = this.values[this.wordsUsed];
    if (value === undefined || value >= m) {
      throw new Error(`the script has no value below ${m} for call ${this.wordsUsed}`);
    }
    this.wordsUsed += 1;
    return value;
  }

  nextWord(): number {
    throw new Error('pile operations should only call uniform()');
  }

  die(): number {
    throw new Error('pile operations should only call uniform()');
  }
}

const deck: CardDefinition[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id, code: id.toUpperCase() }));

/** Three cards to draw, two discarded, one on the table and one in h1's hand. */
const base = (): DeckPiles => ({
  drawPile: ['a', 'b', 'c'],
  discardPile: ['d', 'e'],
  table: ['f'],
  hands: { h1: ['g'] },
});

/** Runs an operation on a fresh base, checking that it never mutates its input. */
function onBase<T>(operation: (piles: DeckPiles) => T): T {
  const piles = base();
  const result = operation(piles);
  expect(piles).toEqual(base());
  return result;
}

describe('newDeckPiles', () => {
  it('shuffles standard-52 exactly as rng-vectors.json, seq 4', () => {
    const vectorsFile = path.resolve(process.cwd(), 'src/rules/random/rng-vectors.json');
    const vectors = JSON.parse(readFileSync(vectorsFile, 'utf8')) as {
      seed: string;
      cases: Array<{ seq: number; shuffled?: string[] }>;
    };
    const piles = newDeckPiles(STANDARD_52, new RandomStream(Buffer.from(vectors.seed, 'hex'), 4));
    expect(piles).toEqual({
      drawPile: vectors.cases.find((c) => c.seq === 4)?.shuffled,
      discardPile: [],
      table: [],
      hands: {},
    });
  });
});

const hand = (holderId: string) => ({ kind: 'HAND' as const, holderId });

describe('drawCards', () => {
  interface DrawRow {
    name: string;
    request: Parameters<typeof drawCards>[1];
    script: number[];
    drawn: string[];
    reshuffled: boolean;
    changed: Partial<DeckPiles>;
  }

  it.each<DrawRow>([
    { name: 'the top card into a hand', request: { count: 1, from: 'TOP', to: hand('h1') }, script: [],
      drawn: ['a'], reshuffled: false, changed: { drawPile: ['b', 'c'], hands: { h1: ['g', 'a'] } } },
    { name: 'two from the bottom onto the table', request: { count: 2, from: 'BOTTOM', to: { kind: 'TABLE' } }, script: [],
      drawn: ['c', 'b'], reshuffled: false, changed: { drawPile: ['a'], table: ['f', 'c', 'b'] } },
    { name: 'two onto the discard pile, the last on top', request: { count: 2, from: 'TOP', to: { kind: 'DISCARD' } }, script: [],
      drawn: ['a', 'b'], reshuffled: false, changed: { drawPile: ['c'], discardPile: ['b', 'a', 'd', 'e'] } },
    { name: 'a random card into a new hand', request: { count: 1, from: 'RANDOM', to: hand('h2') }, script: [1],
      drawn: ['b'], reshuffled: false, changed: { drawPile: ['a', 'c'], hands: { h1: ['g'], h2: ['b'] } } },
    // The draw pile runs out after 'c': the discard pile [d, e] is shuffled (uniform(2) = 0 swaps it).
    { name: 'past the end of the draw pile', request: { count: 4, from: 'TOP', to: hand('h1') }, script: [0],
      drawn: ['a', 'b', 'c', 'e'], reshuffled: true, changed: { drawPile: ['d'], discardPile: [], hands: { h1: ['g', 'a', 'b', 'c', 'e'] } } },
    // Cards revealed by this draw are not shuffled back in: only [d, e] are.
    { name: 'onto the discard pile past the end', request: { count: 5, from: 'TOP', to: { kind: 'DISCARD' } }, script: [1],
      drawn: ['a', 'b', 'c', 'd', 'e'], reshuffled: true, changed: { drawPile: [], discardPile: ['e', 'd', 'c', 'b', 'a'] } },
    { name: 'randomly past the end', request: { count: 4, from: 'RANDOM', to: { kind: 'TABLE' } }, script: [2, 0, 0, 1, 1],
      drawn: ['c', 'a', 'b', 'e'], reshuffled: true, changed: { drawPile: ['d'], discardPile: [], table: ['f', 'c', 'a', 'b', 'e'] } },
  ])('draws $name', ({ request, script, drawn, reshuffled, changed }) => {
    const rng = new ScriptedUniform(script);
    const outcome = onBase((piles) => drawCards(piles, request, rng));
    expect(outcome).toEqual({ ok: true, piles: { ...base(), ...changed }, drawn, reshuffled });
    expect(rng.wordsUsed).toBe(script.length);
  });

  it.each<[string, DeckPiles, number, string, string]>([
    ['no cards', base(), 0, 'INVALID_COUNT', 'you can draw from 1 to 7 cards'],
    ['more cards than the deck has', base(), 8, 'INVALID_COUNT', 'you can draw from 1 to 7 cards'],
    ['part of a card', base(), 1.5, 'INVALID_COUNT', 'you can draw from 1 to 7 cards'],
    ['more cards than are left', base(), 6, 'NOT_ENOUGH_CARDS', 'only 5 cards are left to draw'],
    ['2 of 1 card left', { drawPile: [], discardPile: ['a'], table: ['b'], hands: {} }, 2, 'NOT_ENOUGH_CARDS',
      'only 1 card is left to draw'],
    ['when every card is in a hand', { drawPile: [], discardPile: [], table: [], hands: { h1: ['a'] } }, 1,
      'NOT_ENOUGH_CARDS', 'no cards are left to draw'],
  ])('refuses to draw %s, using no randomness', (_, piles, count, reason, message) => {
    const before = structuredClone(piles);
    const outcome = drawCards(piles, { count, from: 'RANDOM', to: { kind: 'TABLE' } }, new ScriptedUniform([]));
    expect(outcome).toEqual({ ok: false, violation: { reason, message } });
    expect(piles).toEqual(before);
  });
});

describe('moveCards', () => {
  interface MoveRow {
    name: string;
    cardIds: string[];
    to: Parameters<typeof moveCards>[2];
    onlyFromHolder?: string;
    changed: Partial<DeckPiles>;
  }

  it.each<MoveRow>([
    { name: 'a discard to the top of the draw pile', cardIds: ['d'], to: { kind: 'DRAW_PILE_TOP' },
      changed: { drawPile: ['d', 'a', 'b', 'c'], discardPile: ['e'] } },
    { name: 'two cards to the top, the first on top', cardIds: ['e', 'f'], to: { kind: 'DRAW_PILE_TOP' },
      changed: { drawPile: ['e', 'f', 'a', 'b', 'c'], discardPile: ['d'], table: [] } },
    { name: 'two cards to the bottom, the last at the bottom', cardIds: ['f', 'e'], to: { kind: 'DRAW_PILE_BOTTOM' },
      changed: { drawPile: ['a', 'b', 'c', 'f', 'e'], discardPile: ['d'], table: [] } },
    { name: 'a hand card and a table card to the discard pile, the first on top', cardIds: ['g', 'f'], to: { kind: 'DISCARD' },
      changed: { discardPile: ['g', 'f', 'd', 'e'], table: [], hands: { h1: [] } } },
    { name: 'a discard onto the table', cardIds: ['d'], to: { kind: 'TABLE' },
      changed: { discardPile: ['e'], table: ['f', 'd'] } },
    { name: 'a table card into a new hand', cardIds: ['f'], to: hand('h2'),
      changed: { table: [], hands: { h1: ['g'], h2: ['f'] } } },
    { name: 'a burned card from its holder', cardIds: ['g'], to: { kind: 'DISCARD' }, onlyFromHolder: 'h1',
      changed: { discardPile: ['g', 'd', 'e'], hands: { h1: [] } } },
  ])('moves $name', ({ cardIds, to, onlyFromHolder, changed }) => {
    const outcome = onBase((piles) => moveCards(piles, cardIds, to, { onlyFromHolders: onlyFromHolder === undefined ? undefined : [onlyFromHolder] }));
    expect(outcome).toEqual({ ok: true, piles: { ...base(), ...changed } });
  });

  it.each<[string, string[], string | undefined, string, string]>([
    ['no cards', [], undefined, 'INVALID_COUNT', 'choose at least one card to move'],
    ['a card listed twice', ['d', 'e', 'd'], undefined, 'DUPLICATE_CARD', "card 'd' is listed more than once"],
    ['a card not in the deck', ['d', 'zz'], undefined, 'UNKNOWN_CARD', "there is no card 'zz' in this deck"],
    ['a card still in the draw pile', ['d', 'a'], undefined, 'CARD_IN_DRAW_PILE',
      "card 'a' is still in the draw pile and has to be drawn first"],
    ['a discard as if from a hand', ['d'], 'h1', 'CARD_NOT_IN_YOUR_HAND', "card 'd' is not in your hand"],
    // The player learns only that the card is not theirs, not that it is still in the deck.
    ['a draw-pile card as if from a hand', ['a'], 'h1', 'CARD_NOT_IN_YOUR_HAND', "card 'a' is not in your hand"],
    ['from a holder with no hand', ['g'], 'h9', 'CARD_NOT_IN_YOUR_HAND', "card 'g' is not in your hand"],
  ])('refuses to move %s', (_, cardIds, onlyFromHolder, reason, message) => {
    const outcome = onBase((piles) => moveCards(piles, cardIds, { kind: 'DISCARD' }, { onlyFromHolders: onlyFromHolder === undefined ? undefined : [onlyFromHolder] }));
    expect(outcome).toEqual({ ok: false, violation: { reason, message } });
  });

  it('moves cards out of any of several holders\' hands (a player with two characters), and no other', () => {
    const piles: DeckPiles = { ...base(), hands: { h1: ['g'], h2: ['f'], h3: ['e'] }, table: [], discardPile: ['d'] };
    const moved = moveCards(piles, ['g', 'f'], { kind: 'TABLE' }, { onlyFromHolders: ['h1', 'h2'] });
    expect(moved).toEqual({ ok: true, piles: { ...piles, table: ['g', 'f'], hands: { h1: [], h2: [], h3: ['e'] } } });
    const refused = moveCards(piles, ['g', 'e'], { kind: 'TABLE' }, { onlyFromHolders: ['h1', 'h2'] });
    expect(refused).toEqual({ ok: false, violation: { reason: 'CARD_NOT_IN_YOUR_HAND', message: "card 'e' is not in your hand" } });
  });
});

describe('reshuffle and returnDiscards', () => {
  // uniform(i + 1) = 0 at every step rotates the pile left by one; uniform(i + 1) = i leaves it.
  it.each<[string, (piles: DeckPiles, rng: Rng) => DeckPiles, number[], Partial<DeckPiles>]>([
    ['reshuffle without the discard pile', (piles, rng) => reshuffle(piles, { includeDiscard: false }, rng),
      [0, 0], { drawPile: ['b', 'c', 'a'] }],
    ['reshuffle with the discard pile', (piles, rng) => reshuffle(piles, { includeDiscard: true }, rng),
      [4, 3, 2, 1], { drawPile: ['a', 'b', 'c', 'd', 'e'], discardPile: [] }],
    ['returnDiscards, keeping hands', (piles, rng) => returnDiscards(piles, rng),
      [0, 0, 0, 0, 0], { drawPile: ['b', 'c', 'd', 'e', 'f', 'a'], discardPile: [], table: [] }],
  ])('%s', (_, operation, script, changed) => {
    const rng = new ScriptedUniform(script);
    expect(onBase((piles) => operation(piles, rng))).toEqual({ ...base(), ...changed });
    expect(rng.wordsUsed).toBe(script.length);
  });
});

describe('locateCard, allCardIds and assertConserved', () => {
  it.each([
    ['a', 'DRAW_PILE'],
    ['d', 'DISCARD'],
    ['f', 'TABLE'],
    ['g', { hand: 'h1' }],
    ['zz', null],
  ])('finds %p in %p', (id, location) => {
    expect(locateCard(base(), id)).toEqual(location);
  });

  it('lists the draw pile, discard pile, table and hands in that order', () => {
    expect(allCardIds({ ...base(), hands: { h1: ['g'], h2: [] } })).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it.each<[string, DeckPiles, boolean]>([
    ['every card once', base(), true],
    ['a card missing', { ...base(), table: [] }, false],
    ['a card twice', { ...base(), table: ['f', 'a'] }, false],
    ['a card from elsewhere in place of one', { ...base(), table: ['zz'] }, false],
  ])('%s: %p', (_, piles, conserved) => {
    expect(assertConserved(piles, deck)).toBe(conserved);
  });
});

describe('pile properties', () => {
  const holder = fc.constantFrom('p1', 'p2');
  const drawTo = fc.oneof(
    fc.record({ kind: fc.constant('HAND' as const), holderId: holder }),
    fc.constant({ kind: 'DISCARD' as const }),
    fc.constant({ kind: 'TABLE' as const }),
  );
  const moveTo = fc.oneof(
    drawTo,
    fc.constant({ kind: 'DRAW_PILE_TOP' as const }),
    fc.constant({ kind: 'DRAW_PILE_BOTTOM' as const }),
  );
  const anyId = fc.constantFrom(...STANDARD_52.map((card) => card.id), 'ZZ');
  const command = fc.oneof(
    fc.record({
      op: fc.constant('draw' as const),
      count: fc.integer({ min: -1, max: 60 }),
      from: fc.constantFrom('TOP' as const, 'BOTTOM' as const, 'RANDOM' as const),
      to: drawTo,
    }),
    // Most cards sit in the draw pile, so moves mostly pick cards already in play (from the
    // holder's hand when restricted to it) and only sometimes add any id, to be valid often enough.
    fc.record({
      op: fc.constant('move' as const),
      picks: fc.array(fc.nat(), { maxLength: 4 }),
      extra: fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: anyId, weight: 1 }),
      to: moveTo,
      onlyFromHolder: fc.option(holder, { nil: undefined }),
    }),
    fc.record({ op: fc.constant('reshuffle' as const), includeDiscard: fc.boolean() }),
    fc.constant({ op: 'returnDiscards' as const }),
  );
  type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

  function apply(piles: DeckPiles, step: Command, rng: Rng): PileOutcome {
    switch (step.op) {
      case 'draw':
        return drawCards(piles, step, rng);
      case 'move': {
        const inPlay =
          step.onlyFromHolder === undefined
            ? allCardIds(piles).slice(piles.drawPile.length)
            : (piles.hands[step.onlyFromHolder] ?? []);
        const picked = inPlay.length === 0 ? [] : step.picks.map((pick) => inPlay[pick % inPlay.length]);
        const ids = step.extra === undefined ? picked : [...picked, step.extra];
        return moveCards(piles, ids, step.to, { onlyFromHolders: step.onlyFromHolder === undefined ? undefined : [step.onlyFromHolder] });
      }
      case 'reshuffle':
        return { ok: true, piles: reshuffle(piles, step, rng) };
      case 'returnDiscards':
        return { ok: true, piles: returnDiscards(piles, rng) };
    }
  }

  it('keeps every card exactly once, and a refused operation changes nothing', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(command, { maxLength: 50, size: 'max' }), (seq, commands) => {
        const rng = new RandomStream(Buffer.alloc(32), seq);
        let piles = newDeckPiles(STANDARD_52, rng);
        for (const step of commands) {
          const before = structuredClone(piles);
          const outcome = apply(piles, step, rng);
          expect(piles).toEqual(before);
          if (outcome.ok) piles = outcome.piles;
          expect(assertConserved(piles, STANDARD_52)).toBe(true);
        }
      }),
    );
  });
});
