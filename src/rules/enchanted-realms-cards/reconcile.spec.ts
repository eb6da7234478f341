import type { DeckPiles } from '../cards/piles.js';
import type { Rng } from '../random/random-stream.js';
import { endScene, HAND_SIZE, type ReconcileRequest, reconcileHands } from './reconcile.js';

/** An Rng whose uniform() returns scripted values in order, and refuses to give more. */
class ScriptedUniform implements Rng {
  wordsUsed = 0;

  constructor(private readonly values: readonly number[]) {}

  uniform(m: number): number {
    const value = this.values[this.wordsUsed];
    if (value === undefined || value >= m) throw new Error(`the script has no value below ${m} for call ${this.wordsUsed}`);
    this.wordsUsed += 1;
    return value;
  }

  nextWord(): number {
    throw new Error('pile rules only call uniform()');
  }

  die(): number {
    throw new Error('pile rules only call uniform()');
  }
}

/** A shuffle script that leaves a pile of `size` cards in its order. */
const keepOrder = (size: number): number[] => Array.from({ length: size - 1 }, (_, i) => size - 1 - i);

/** p1 is short of 2 cards, p2 holds 5, the Lead Player 7; Erik's cards are on the table. */
const base = (): DeckPiles => ({
  drawPile: ['d1', 'd2', 'd3'],
  discardPile: ['x1', 'x2'],
  table: ['w1'],
  hands: {
    p1: ['a1', 'a2', 'a3'],
    p2: ['b1', 'b2', 'b3', 'b4', 'b5'],
    lead: ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7'],
    'table:erik': ['hero', 'creature'],
  },
});
const request = (extra: Partial<ReconcileRequest> = {}): ReconcileRequest => ({ players: ['p1', 'p2'], leadPlayer: 'lead', ...extra });

describe('reconcileHands', () => {
  it('brings hands to 5 cards', () => {
    expect(HAND_SIZE).toBe(5);
  });

  interface Row {
    name: string;
    piles: DeckPiles;
    request: ReconcileRequest;
    script: number[];
    drawn: Record<string, string[]>;
    returned: Record<string, string[]>;
    changed: Partial<DeckPiles>;
  }

  it.each<Row>([
    { name: 'the Lead Player\'s newest cards go to the bottom of the deck, then p1 draws from the top', piles: base(), request: request(), script: [],
      drawn: { p1: ['d1', 'd2'], p2: [] }, returned: { p1: [], p2: [], lead: ['l6', 'l7'] },
      changed: { drawPile: ['d3', 'l6', 'l7'], hands: { ...base().hands, p1: ['a1', 'a2', 'a3', 'd1', 'd2'], lead: ['l1', 'l2', 'l3', 'l4', 'l5'] } } },
    { name: 'the cards a player chose go back, in the order chosen',
      piles: { ...base(), hands: { ...base().hands, p2: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'] } },
      request: request({ returns: { p2: ['b2'], lead: ['l1', 'l4'] } }), script: [],
      drawn: { p1: ['d1', 'd2'], p2: [] }, returned: { p1: [], p2: ['b2'], lead: ['l1', 'l4'] },
      changed: { drawPile: ['d3', 'b2', 'l1', 'l4'],
        hands: { ...base().hands, p1: ['a1', 'a2', 'a3', 'd1', 'd2'], p2: ['b1', 'b3', 'b4', 'b5', 'b6'], lead: ['l2', 'l3', 'l5', 'l6', 'l7'] } } },
    { name: 'a new player draws 5; a Lead Player with fewer than 5 draws none',
      piles: { ...base(), drawPile: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'], hands: { lead: ['l1'], p1: ['a1', 'a2', 'a3'] } },
      request: request({ players: ['p3', 'p1'] }), script: [],
      drawn: { p3: ['d1', 'd2', 'd3', 'd4', 'd5'], p1: ['d6', 'd7'] }, returned: { p3: [], p1: [], lead: [] },
      changed: { drawPile: [], hands: { lead: ['l1'], p1: ['a1', 'a2', 'a3', 'd6', 'd7'], p3: ['d1', 'd2', 'd3', 'd4', 'd5'] } } },
    { name: 'returned cards are drawn when the deck is that thin',
      piles: { ...base(), drawPile: ['d1'] }, request: request(), script: [],
      drawn: { p1: ['d1', 'l6'], p2: [] }, returned: { p1: [], p2: [], lead: ['l6', 'l7'] },
      changed: { drawPile: ['l7'], hands: { ...base().hands, p1: ['a1', 'a2', 'a3', 'd1', 'l6'], lead: ['l1', 'l2', 'l3', 'l4', 'l5'] } } },
    { name: 'the scene\'s discard pile is shuffled in when the deck runs out',
      piles: { ...base(), drawPile: ['d1'], hands: { ...base().hands, lead: [] } }, request: request(), script: [0],
      drawn: { p1: ['d1', 'x2'], p2: [] }, returned: { p1: [], p2: [], lead: [] },
      changed: { drawPile: ['x1'], discardPile: [], hands: { ...base().hands, p1: ['a1', 'a2', 'a3', 'd1', 'x2'], lead: [] } } },
  ])('$name', ({ piles, request: asked, script, drawn, returned, changed }) => {
    const before = structuredClone(piles);
    const rng = new ScriptedUniform(script);
    expect(reconcileHands(piles, asked, rng)).toMatchObject({ ok: true, piles: { ...piles, ...changed }, drawn, returned });
    expect(piles).toEqual(before);
    expect(rng.wordsUsed).toBe(script.length);
  });

  it.each<[string, DeckPiles, ReconcileRequest, string, string]>([
    ['the Lead Player listed as a player', base(), request({ players: ['p1', 'lead'] }), 'INVALID_HOLDERS',
      'each player, and the Lead Player, reconciles one hand of their own'],
    ['a player listed twice', base(), request({ players: ['p1', 'p1'] }), 'INVALID_HOLDERS',
      'each player, and the Lead Player, reconciles one hand of their own'],
    ['a character\'s table cards as a hand', base(), request({ players: ['p1', 'table:erik'] }), 'INVALID_HOLDERS',
      'each player, and the Lead Player, reconciles one hand of their own'],
    ['returns from a hand not being reconciled', base(), request({ returns: { p9: ['z'] } }), 'INVALID_HOLDERS',
      "'p9' is not a hand being reconciled"],
    ['too few cards given back', base(), request({ returns: { lead: ['l1'] } }), 'WRONG_RETURN', 'you hold 7 cards and give back exactly 2 cards'],
    ['cards given back from a hand of 5', base(), request({ returns: { p2: ['b1'] } }), 'WRONG_RETURN', 'you hold 5 cards and give back exactly 0 cards'],
    ['a card given back twice', base(), request({ returns: { lead: ['l1', 'l1'] } }), 'WRONG_RETURN', 'you hold 7 cards and give back exactly 2 cards'],
    ['a card given back that is not in the hand', base(), request({ returns: { lead: ['l1', 'b1'] } }), 'CARD_NOT_IN_YOUR_HAND',
      "card 'b1' is not in your hand"],
    ['more cards needed than the deck holds', { ...base(), drawPile: [], discardPile: [], hands: { ...base().hands, p1: [], lead: [] } }, request(),
      'NOT_ENOUGH_CARDS', 'the players need 5 cards but only 0 cards can be drawn'],
  ])('refuses %s, using no randomness', (_, piles, asked, reason, message) => {
    const before = structuredClone(piles);
    expect(reconcileHands(piles, asked, new ScriptedUniform([]))).toEqual({ ok: false, violation: { reason, message } });
    expect(piles).toEqual(before);
  });
});

describe('endScene', () => {
  it('shuffles the scene\'s discard pile and table back, then reconciles; characters keep their cards', () => {
    // returnDiscards shuffles d1 d2 d3 x1 x2 w1, in that order here; then the Lead Player's l6 l7 go under it.
    const outcome = endScene(base(), request(), new ScriptedUniform(keepOrder(6)));
    expect(outcome).toMatchObject({
      ok: true,
      drawn: { p1: ['d1', 'd2'], p2: [] },
      returned: { p1: [], p2: [], lead: ['l6', 'l7'] },
      piles: {
        drawPile: ['d3', 'x1', 'x2', 'w1', 'l6', 'l7'],
        discardPile: [],
        table: [],
        hands: { ...base().hands, p1: ['a1', 'a2', 'a3', 'd1', 'd2'], lead: ['l1', 'l2', 'l3', 'l4', 'l5'] },
      },
    });
  });

  it.each<[string, DeckPiles, ReconcileRequest, string]>([
    ['a wrong choice of returned cards', base(), request({ returns: { lead: ['l1'] } }), 'WRONG_RETURN'],
    ['too few cards even with the discards back', { ...base(), drawPile: [], discardPile: ['x1'], table: [], hands: { p1: [] } },
      request({ players: ['p1'] }), 'NOT_ENOUGH_CARDS'],
  ])('refuses %s before shuffling anything', (_, piles, asked, reason) => {
    const outcome = endScene(piles, asked, new ScriptedUniform([]));
    expect(outcome.ok === false && outcome.violation.reason).toBe(reason);
  });

  it('counts the table as drawable once the scene ends', () => {
    const piles: DeckPiles = { drawPile: [], discardPile: ['x1'], table: ['w1'], hands: { p1: ['a1', 'a2', 'a3'] } };
    const outcome = endScene(piles, request({ players: ['p1'] }), new ScriptedUniform([1]));
    expect(outcome).toMatchObject({
      ok: true, drawn: { p1: ['x1', 'w1'] }, returned: { p1: [], lead: [] },
      piles: { drawPile: [], discardPile: [], table: [], hands: { p1: ['a1', 'a2', 'a3', 'x1', 'w1'] } },
    });
  });
});
