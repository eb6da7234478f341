import type { DeckPiles } from '../cards/piles.js';
import { STANDARD_52 } from '../cards/presets.js';
import { EveryOutcome } from '../random/every-outcome.js';
import { tenthRealmOddsView, tenthRealmTrialOdds, type TrialOdds } from './odds.js';
import type { TenthRealmSheet } from './sheet.js';
import type { TenthRealmState } from './table.js';
import { activeCharacter, deepFreeze, inRegion, tableWith, vanoriOf } from './testing.js';
import { trialRoll, type TrialInput } from './trial-roll.js';

const ALL_CARDS = STANDARD_52.map((card) => card.id);

/** Ana (strength +2) asks; Bo (a BEAR) and Eli (an ELK) play at her table. */
const ana = (overrides: Parameters<typeof activeCharacter>[0] = {}): TenthRealmSheet =>
  activeCharacter({ attributes: { STRENGTH: 2, DEXTERITY: 0, WILLPOWER: 1, HEART: -1 }, ...overrides });

interface Layout {
  drawPile: string[];
  discardPile?: string[];
  hands?: Record<string, string[]>;
  /** Where every card not named goes: the face-up table (default) or the discard pile. */
  rest?: 'TABLE' | 'DISCARD';
  riskRating?: number;
  characters?: Record<string, TenthRealmSheet>;
}

/** A table with the named cards where the layout puts them and the rest of the 52 face up. */
function layout(options: Layout): TenthRealmState {
  const hands = options.hands ?? {};
  const named = [...options.drawPile, ...(options.discardPile ?? []), ...Object.values(hands).flat()];
  const rest = ALL_CARDS.filter((id) => !named.includes(id));
  const toDiscard = options.rest === 'DISCARD';
  return tableWith({
    drawPile: options.drawPile,
    discardPile: [...(options.discardPile ?? []), ...(toDiscard ? rest : [])],
    table: toDiscard ? [] : rest,
    hands,
    rest: 'DISCARD_PILE',
    world: inRegion(options.riskRating ?? 3),
    characters: { ana: ana(), bo: activeCharacter(), eli: activeCharacter({ vanori: vanoriOf('ELK') }), ...options.characters },
  });
}

/** Risk 2; Ana holds 4 cards and Bo 4 (2 red); 6 cards are in the draw pile (2 red); the rest are on the discard pile. */
const TABLE: Layout = {
  drawPile: ['2S', 'KH', '3C', '9S', '4D', 'JC'],
  hands: { ana: ['AH', '5S', '6D', '7C'], bo: ['8H', 'QS', '10C', '2H'] },
  rest: 'DISCARD',
  riskRating: 2,
};

const strength = (extra: Partial<TrialInput> = {}): TrialInput => ({ characterId: 'ana', attribute: 'STRENGTH', ...extra });

function oddsOf(state: TenthRealmState, input: TrialInput, viewerIds: string[] = ['ana']): TrialOdds {
  const outcome = tenthRealmTrialOdds(tenthRealmOddsView(deepFreeze(state), viewerIds), input);
  if (!outcome.ok) throw new Error(`refused: ${outcome.violation.reason} (${outcome.violation.message})`);
  return outcome.odds;
}

/** The ordered choices of `size` distinct items of `items`. */
function* arrangements<T>(items: readonly T[], size: number): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = 0; i < items.length; i += 1) {
    for (const rest of arrangements([...items.slice(0, i), ...items.slice(i + 1)], size - 1)) yield [items[i], ...rest];
  }
}

/**
 * The odds by brute force, through the rule itself: every way the unseen cards can lie (each
 * ordered choice of the draw pile's top cards, the rest in the draw pile and the other hands),
 * each equally likely, times every d20 and every reshuffle the roll can make.
 */
function bruteForce(state: TenthRealmState, input: TrialInput, viewerIds: string[] = ['ana']) {
  const view = tenthRealmOddsView(state, viewerIds);
  const { drawPile, hands } = state.piles;
  const others = Object.keys(hands).filter((holder) => !viewerIds.includes(holder));
  const top = Math.min(view.riskRating, drawPile.length);
  const tally = { success: 0, turnedTheTable: 0, cardToHand: 0, redCardToHand: 0, natural20: 0, blackCards: [] as number[] };
  const tops = [...arrangements(view.unseenCards, input.fate ? 0 : top)];
  for (const chosen of tops) {
    const rest = view.unseenCards.filter((id) => !chosen.includes(id));
    const piles: DeckPiles = { ...state.piles, drawPile: [...chosen, ...rest.splice(0, drawPile.length - chosen.length)], hands: { ...hands } };
    for (const holder of others) piles.hands[holder] = rest.splice(0, hands[holder].length);
    const arranged = { ...state, piles };
    const rng = new EveryOutcome();
    do {
      const outcome = trialRoll(arranged, input, rng);
      if (!outcome.ok) throw new Error(`the rule refused: ${outcome.violation.reason}`);
      const chance = rng.chance / tops.length;
      const { result } = outcome;
      const black = result.revealed.filter((card) => card.color === 'BLACK').length;
      tally.blackCards[black] = (tally.blackCards[black] ?? 0) + chance;
      if (result.success) tally.success += chance;
      if (result.turnedTheTable) tally.turnedTheTable += chance;
      if (result.natural20) tally.natural20 += chance;
      if (result.cardKept) tally.cardToHand += chance;
      if (result.cardKept && /[HD]$/.test(result.cardKept.code)) tally.redCardToHand += chance;
    } while (rng.advance());
  }
  return tally;
}

const close = (value: number) => expect.closeTo(value, 12) as number;

describe('tenthRealmTrialOdds: the chances of a trial roll, as trialRoll rolls it (tenth-realm.md, "Trial roll")', () => {
  it.each<[string, Layout, TrialInput, string[]]>([
    ['risk 2: two of the 10 unseen cards, 4 of them red', TABLE, strength(), ['ana']],
    ['risk 3: three of the 6 unseen cards', { drawPile: ['2S', 'KH', '3C', '4D'], hands: { ana: ['AH'], bo: ['8H', 'QS'] }, rest: 'DISCARD' }, strength(), ['ana']],
    ['DR 9 with a +1 adjustment, willpower', TABLE, strength({ attribute: 'WILLPOWER', dr: 9, drAdjustments: [{ amount: 1, reason: 'fog' }] }), ['ana']],
    ['calling the gods (+2) and conjuring the Vanori (DR −2): no card to hand', TABLE, strength({ burns: [{ characterId: 'ana', cardId: 'AH', effect: 'CALL_THE_GODS' }, { characterId: 'ana', cardId: '5S', effect: 'VANORI', amount: 2 }] }), ['ana']],
    ['turning the table: always a success, and the card spent on a setback', TABLE, strength({ dr: 15, burns: [{ characterId: 'ana', cardId: '7C', effect: 'TURN_THE_TABLE' }] }), ['ana']],
    ["Eli's aid (an ELK: +3), asked by the player of both", { ...TABLE, hands: { ...TABLE.hands, eli: ['3H'] } }, strength({ burns: [{ characterId: 'eli', cardId: '3H', effect: 'AID_AN_ALLY' }] }), ['ana', 'eli']],
    ['a fate roll reveals nothing', TABLE, strength({ fate: true }), ['ana']],
    ['risk 5 from a draw pile of 2: the discard pile (with the burned card) is shuffled back for 3', { drawPile: ['KS', '4H'], discardPile: ['2D', '9C', 'QH'], hands: { ana: ['AS', 'KD'], bo: ['5C', '6H'] }, riskRating: 5 }, strength({ burns: [{ characterId: 'ana', cardId: 'AS', effect: 'CALL_THE_GODS' }] }), ['ana']],
    ['the GM sees every hand: only the draw pile is unseen', TABLE, strength(), ['ana', 'bo', 'eli']],
  ])('%s: against every way the unseen cards can lie and every d20', (_, table, input, viewerIds) => {
    const state = layout(table);
    const odds = oddsOf(state, input, viewerIds);
    const brute = bruteForce(state, input, viewerIds);
    // Each distribution sums to 1 within 1e-12.
    expect(Math.abs(odds.blackCards.reduce((sum, { probability }) => sum + probability, 0) - 1)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(odds.success + odds.setback - 1)).toBeLessThanOrEqual(1e-12);
    expect(odds).toMatchObject({
      success: close(brute.success),
      setback: close(1 - brute.success),
      turnedTheTable: close(brute.turnedTheTable),
      natural20: close(brute.natural20),
      natural1: 1 / 20,
      cardToHand: close(brute.cardToHand),
      redCardToHand: close(brute.redCardToHand),
      blackCards: Array.from({ length: odds.revealed + 1 }, (_, black) => ({ black, probability: close(brute.blackCards[black] ?? 0) })),
    });
  });

  it('worked example: DR 12, strength +2, no region: a d20 of 11 or more, 1/2; calling the gods, 9 or more, 3/5', () => {
    const state = layout({ ...TABLE, riskRating: 0 });
    expect(oddsOf(state, strength())).toMatchObject({ revealed: 0, success: 0.5, setback: 0.5, blackCards: [{ black: 0, probability: 1 }], cardToHand: 0 });
    const burns = [{ characterId: 'ana', cardId: 'AH', effect: 'CALL_THE_GODS' as const }];
    expect(oddsOf(state, strength({ burns }))).toMatchObject({ bonus: 2, success: 0.6 });
  });

  it('worked example: risk 1 with 4 of the 10 unseen cards red: P(black) = 3/5, so P(success) = 2/5·10/20 + 3/5·8/20', () => {
    const odds = oddsOf(layout({ ...TABLE, riskRating: 1 }), strength());
    expect(odds.blackCards).toEqual([
      { black: 0, probability: close(0.4) },
      { black: 1, probability: close(0.6) },
    ]);
    expect(odds.success).toBeCloseTo(0.4 * 0.5 + 0.6 * 0.4, 14);
    expect(odds).toMatchObject({ drBeforeCards: 12, attributeModifier: 2, cardToHand: close(odds.success), redCardToHand: close(0.4 * 0.5) });
  });

  it('counts a pending DR reduction and allies’ aid from the sheet, and sees no card to hand after aid', () => {
    const state = layout({ ...TABLE, riskRating: 0, characters: { ana: ana({ pending: { nextRollDrReduction: 2, allyAid: 3 } }) } });
    expect(oddsOf(state, strength())).toMatchObject({ drBeforeCards: 10, bonus: 3, success: 15 / 20, cardToHand: 0 });
  });

  it('says when the reveal will need the discard pile shuffled back', () => {
    expect(oddsOf(layout({ ...TABLE, drawPile: ['2S'] }), strength()).reshuffles).toBe(true);
    expect(oddsOf(layout(TABLE), strength()).reshuffles).toBe(false);
  });
});

describe('tenthRealmTrialOdds answers from the asker’s view alone', () => {
  const input = strength({ burns: [{ characterId: 'ana', cardId: 'AH', effect: 'CALL_THE_GODS' }] });
  const original = layout(TABLE);
  const rearranged = (change: (piles: DeckPiles) => void): TenthRealmState => {
    const state = layout(TABLE);
    change(state.piles);
    return state;
  };

  it.each<[string, TenthRealmState]>([
    ["a card swapped between the draw pile and Bo's hand", rearranged((piles) => ([piles.drawPile[0], piles.hands.bo[1]] = [piles.hands.bo[1], piles.drawPile[0]]))],
    ['the draw pile in reverse order', rearranged((piles) => piles.drawPile.reverse())],
    ["Bo's hand dealt from the draw pile the other way round", rearranged((piles) => ([piles.drawPile, piles.hands.bo] = [[...piles.hands.bo, ...piles.drawPile.slice(4)], piles.drawPile.slice(0, 4)]))],
  ])('%s: bit-identical view and odds', (_, state) => {
    expect(state.piles).not.toEqual(original.piles);
    expect(tenthRealmOddsView(state, ['ana'])).toStrictEqual(tenthRealmOddsView(original, ['ana']));
    expect(tenthRealmTrialOdds(tenthRealmOddsView(state, ['ana']), input)).toStrictEqual(tenthRealmTrialOdds(tenthRealmOddsView(original, ['ana']), input));
  });

  it('the view holds the asker’s hands, the face-up cards and the unseen cards in code order, not where they lie', () => {
    const view = tenthRealmOddsView(original, ['ana']);
    expect(view).toMatchObject({ viewerIds: ['ana'], hands: { ana: ['AH', '5S', '6D', '7C'] }, drawPileCount: 6, riskRating: 2 });
    expect(view.hands.bo).toBeUndefined();
    expect(view.unseenCards).toEqual(['10C', '2H', '2S', '3C', '4D', '8H', '9S', 'JC', 'KH', 'QS']);
  });
});

describe('tenthRealmTrialOdds refuses what the roll would refuse', () => {
  it.each<[string, Layout, TrialInput, string]>([
    ['a character not in the campaign', TABLE, strength({ characterId: 'zed' }), 'UNKNOWN_CHARACTER'],
    ['a draft character', { ...TABLE, characters: { ana: ana({ status: 'DRAFT' }) } }, strength(), 'NOT_ACTIVE'],
    ['a roll while a resilience check is due', { ...TABLE, characters: { ana: ana({ pending: { resilienceCheckDue: true } }) } }, strength(), 'RESILIENCE_CHECK_DUE'],
    ['a card Ana does not hold', TABLE, strength({ burns: [{ characterId: 'ana', cardId: 'KH', effect: 'CALL_THE_GODS' }] }), 'CARD_NOT_IN_YOUR_HAND'],
    ['the same card burned twice', TABLE, strength({ burns: [{ characterId: 'ana', cardId: 'AH', effect: 'CALL_THE_GODS' }, { characterId: 'ana', cardId: 'AH', effect: 'VANORI', amount: 1 }] }), 'INVALID_BURN'],
    ['a reveal the deck cannot make', { drawPile: ['KS'], discardPile: ['2D'], hands: { ana: ['AS'] }, riskRating: 3 }, strength(), 'DECK_EXHAUSTED'],
  ])('%s', (_, table, input, reason) => {
    const state = layout(table);
    const odds = tenthRealmTrialOdds(tenthRealmOddsView(state, ['ana']), input);
    const roll = trialRoll(state, input, new EveryOutcome());
    expect(!odds.ok && odds.violation.reason).toBe(reason);
    expect(!roll.ok && roll.violation.reason).toBe(reason);
  });

  it("refuses a card burned from Bo's hand alike, whether Bo holds it or not: the odds cannot tell", () => {
    const state = layout(TABLE);
    const held = tenthRealmTrialOdds(tenthRealmOddsView(state, ['ana']), strength({ burns: [{ characterId: 'bo', cardId: '8H', effect: 'AID_AN_ALLY' }] }));
    const notHeld = tenthRealmTrialOdds(tenthRealmOddsView(state, ['ana']), strength({ burns: [{ characterId: 'bo', cardId: 'KH', effect: 'AID_AN_ALLY' }] }));
    expect(held).toStrictEqual(notHeld);
    expect(!held.ok && held.violation.reason).toBe('CARD_NOT_IN_YOUR_HAND');
  });
});
