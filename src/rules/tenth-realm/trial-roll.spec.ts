import { assertConserved } from '../cards/piles.js';
import { STANDARD_52 } from '../cards/presets.js';
import type { TenthRealmSheet } from './sheet.js';
import { accepted, activeCharacter, dice, inRegion, refused, run, ScriptedRng, tableWith, vanoriOf, type TableOptions } from './testing.js';
import { DEFAULT_DR, trialRoll, type RollBurn, type TrialInput } from './trial-roll.js';

/** The roller: strength +2, dexterity 0, willpower +1, heart −1. */
const ana = (overrides: Parameters<typeof activeCharacter>[0] = {}): TenthRealmSheet =>
  activeCharacter({ attributes: { STRENGTH: 2, DEXTERITY: 0, WILLPOWER: 1, HEART: -1 }, ...overrides });

/** A table with ana, bo (a BEAR) and eli (an ELK), standing in a region whose risk cards are `revealed`. */
function table(revealed: string[], options: TableOptions = {}) {
  return tableWith({
    drawPile: revealed,
    world: inRegion(revealed.length),
    ...options,
    characters: { ana: ana(), bo: activeCharacter(), eli: activeCharacter({ vanori: vanoriOf('ELK') }), ...options.characters },
  });
}

const strength = (extra: Partial<TrialInput> = {}): TrialInput => ({ characterId: 'ana', attribute: 'STRENGTH', ...extra });

describe('trial roll: success iff score > DR (tenth-realm.md, "Trial roll")', () => {
  it.each<[string, number | undefined, number, number, boolean]>([
    ['score 12 against the default DR 12 is a setback', undefined, 10, 12, false],
    ['score 13 against the default DR 12 is a success', undefined, 11, 13, true],
    ['Easy 9: score 9 is a setback', 9, 7, 9, false],
    ['Easy 9: score 10 is a success', 9, 8, 10, true],
    ['Challenging 15: score 15 is a setback', 15, 13, 15, false],
    ['Challenging 15: score 16 is a success', 15, 14, 16, true],
    ['any DR: 25 cannot be beaten by a natural 20 and +2', 25, 20, 22, false],
  ])('%s', (_, dr, d20, score, success) => {
    const rng = dice(d20);
    const outcome = accepted(run(trialRoll, table([]), strength(dr === undefined ? {} : { dr }), rng));
    expect(rng.rolled).toEqual(['d20']);
    expect(outcome.result).toMatchObject({ d20, attributeModifier: 2, bonus: 0, score, baseDr: dr ?? DEFAULT_DR, effectiveDr: dr ?? 12, success });
  });

  it('uses the picked attribute modifier', () => {
    const outcome = accepted(run(trialRoll, table([]), strength({ attribute: 'HEART' }), dice(13)));
    expect(outcome.result).toMatchObject({ attributeModifier: -1, score: 12, success: false });
  });

  it.each([
    [20, true, false],
    [1, false, true],
    [10, false, false],
  ])('a d20 showing %i: natural 20 %p, natural 1 %p', (d20, natural20, natural1) => {
    expect(accepted(run(trialRoll, table([]), strength(), dice(d20))).result).toMatchObject({ natural20, natural1 });
  });
});

describe('step 3: reveal as many cards as the risk rating; each black one adds exactly 2 to the DR', () => {
  it.each<[string[], number]>([
    [[], 12],
    [['KH'], 12],
    [['KS'], 14],
    [['KC'], 14],
    [['KS', '2C'], 16],
    [['KS', '2C', '3D'], 16],
    [['KH', '2D', '3H'], 12],
    [['KS', '2C', '3S', '4C', '5S'], 22],
  ])('revealing %p makes the DR %i', (cards, effectiveDr) => {
    const outcome = accepted(run(trialRoll, table(cards), strength(), dice(1)));
    expect(outcome.result.effectiveDr).toBe(effectiveDr);
    expect(outcome.result.revealed).toEqual(cards.map((code) => ({ code, color: /[HD]$/.test(code) ? 'RED' : 'BLACK' })));
  });

  it('counts the black cards against the score: 14 against DR 12 + ♠ is a setback', () => {
    const outcome = accepted(run(trialRoll, table(['KS']), strength(), dice(12)));
    expect(outcome.result).toMatchObject({ score: 14, effectiveDr: 14, success: false });
  });

  it('reveals nothing outside a region or in a region of risk 0', () => {
    for (const world of [{}, inRegion(0)]) {
      const state = tableWith({ drawPile: ['KS'], world, characters: { ana: ana() } });
      const outcome = accepted(run(trialRoll, state, strength(), dice(15)));
      expect(outcome.result.revealed).toEqual([]);
      expect(outcome.state.piles).toEqual(state.piles);
    }
  });

  it('adds the DR adjustments the group decided, signed', () => {
    const adjustments = [
      { amount: 3, reason: 'the GM invokes Bruised' },
      { amount: -1, reason: 'a grappling hook' },
    ];
    const outcome = accepted(run(trialRoll, table(['KS']), strength({ drAdjustments: adjustments }), dice(14)));
    expect(outcome.result).toMatchObject({ effectiveDr: 16, score: 16, success: false });
    expect(outcome.events[0].payload.drAdjustments).toEqual(adjustments);
  });
});

describe('success: one revealed card to the roller hand, red over black', () => {
  it.each<[string[], string]>([
    [['2S', '3H', '4D'], '3H'],
    [['2D', '3H'], '2D'],
    [['2S', '3C'], '2S'],
    [['9H'], '9H'],
    [['AC', 'KS', 'QD'], 'QD'],
  ])('from %p keeps %s; the others stay on the discard pile', (cards, kept) => {
    const outcome = accepted(run(trialRoll, table(cards), strength(), dice(20)));
    expect(outcome.result.cardKept).toEqual({ code: kept });
    expect(outcome.state.piles.hands.ana).toEqual([kept]);
    expect(outcome.state.piles.discardPile).toEqual([...cards].reverse().filter((card) => card !== kept));
    expect(outcome.result.xpMarked).toBe(0);
    expect(outcome.result.consequenceDue).toBe(false);
  });

  it('keeps nothing when no card was revealed', () => {
    const outcome = accepted(run(trialRoll, table([]), strength(), dice(20)));
    expect(outcome.result.cardKept).toBeNull();
    expect(outcome.state.piles.hands).toEqual({});
  });
});

describe('setback: mark 1 XP, and a consequence is due', () => {
  it('marks 1 XP and keeps no card', () => {
    const outcome = accepted(run(trialRoll, table(['KH']), strength(), dice(3)));
    expect(outcome.result).toMatchObject({ success: false, xpMarked: 1, cardKept: null, consequenceDue: true, blessingDue: false });
    expect(outcome.state.characters.ana.xp).toBe(1);
    expect(outcome.state.piles.discardPile).toEqual(['KH']);
  });

  it.each<[string, Parameters<typeof ana>[0], number, number, boolean, boolean]>([
    ['an empty track', {}, 1, 1, false, false],
    ['7 boxes: the track fills and the blessing is due', { xp: 7 }, 1, 8, true, false],
    ['a full track stays at 8', { xp: 8, pending: { blessingDue: true } }, 0, 8, true, false],
    ['after an OWL burn: 2 boxes', { vanori: vanoriOf('OWL'), pending: { owlDoubleXp: true } }, 2, 2, false, false],
    ['after an OWL burn with 7 boxes: capped at 8', { vanori: vanoriOf('OWL'), xp: 7, pending: { owlDoubleXp: true } }, 1, 8, true, false],
  ])('%s', (_, overrides, xpMarked, xp, blessingDue, owlDoubleXp) => {
    const state = table([], { characters: { ana: ana(overrides) } });
    const outcome = accepted(run(trialRoll, state, strength(), dice(2)));
    expect(outcome.result).toMatchObject({ xpMarked, blessingDue });
    expect(outcome.state.characters.ana.xp).toBe(xp);
    expect(outcome.state.characters.ana.pending).toMatchObject({ blessingDue, owlDoubleXp });
  });

  it('leaves the OWL double XP waiting after a success', () => {
    const state = table([], { characters: { ana: ana({ vanori: vanoriOf('OWL'), pending: { owlDoubleXp: true } }) } });
    const outcome = accepted(run(trialRoll, state, strength(), dice(19)));
    expect(outcome.state.characters.ana.pending.owlDoubleXp).toBe(true);
    expect(outcome.state.characters.ana.xp).toBe(0);
  });
});

describe('burning cards for a roll (tenth-realm.md, "Burning cards")', () => {
  const hands = { ana: ['AH', '2H', '3H'], bo: ['4H'], eli: ['6H'] };
  const burn = (characterId: string, cardId: string, effect: RollBurn['effect'], amount?: number): RollBurn =>
    amount === undefined ? { characterId, cardId, effect } : { characterId, cardId, effect, amount };

  it.each<[string, RollBurn[], number, number, number, boolean]>([
    // [burns, d20, bonus, effective DR, success]; ana has strength +2, DR 12, one ♥ revealed.
    ['CALL_THE_GODS: +2', [burn('ana', 'AH', 'CALL_THE_GODS')], 9, 2, 12, true],
    ['AID_AN_ALLY from a BEAR: +2', [burn('bo', '4H', 'AID_AN_ALLY')], 9, 2, 12, true],
    ['AID_AN_ALLY from a BEAR: +2 is not enough for 8 + 2', [burn('bo', '4H', 'AID_AN_ALLY')], 8, 2, 12, false],
    ['AID_AN_ALLY from an ELK: +3', [burn('eli', '6H', 'AID_AN_ALLY')], 8, 3, 12, true],
    ['two burns add up', [burn('ana', 'AH', 'CALL_THE_GODS'), burn('eli', '6H', 'AID_AN_ALLY')], 6, 5, 12, true],
    ['VANORI lowers the DR by the amount the group set', [burn('ana', 'AH', 'VANORI', 3)], 8, 0, 9, true],
    ['VANORI by 2 and CALL_THE_GODS', [burn('ana', 'AH', 'VANORI', 2), burn('ana', '2H', 'CALL_THE_GODS')], 6, 2, 10, false],
  ])('%s', (_, burns, d20, bonus, effectiveDr, success) => {
    const outcome = accepted(run(trialRoll, table(['KH'], { hands }), strength({ burns }), dice(d20)));
    expect(outcome.result).toMatchObject({ bonus, effectiveDr, score: d20 + 2 + bonus, success });
    expect(outcome.result.burned).toEqual(burns.map((b) => b.cardId));
    // Burned cards go to the discard pile, under nothing: the revealed card lands on top of them.
    expect(outcome.state.piles.discardPile).toEqual(['KH', ...burns.map((b) => b.cardId).reverse()]);
    // Any burn: no card to hand, even on a success.
    expect(outcome.result.cardKept).toBeNull();
    for (const b of burns) expect(outcome.state.piles.hands[b.characterId]).not.toContain(b.cardId);
    expect(assertConserved(outcome.state.piles, STANDARD_52)).toBe(true);
  });

  describe('TURN_THE_TABLE: burned only when the roll would have been a setback', () => {
    it('turns a setback into a success: no XP, no card kept, a new consequence', () => {
      const outcome = accepted(run(trialRoll, table(['KH'], { hands }), strength({ burns: [burn('ana', 'AH', 'TURN_THE_TABLE')] }), dice(5)));
      expect(outcome.result).toMatchObject({
        score: 7,
        effectiveDr: 12,
        success: true,
        turnedTheTable: true,
        burned: ['AH'],
        cardKept: null,
        xpMarked: 0,
        consequenceDue: true,
      });
      expect(outcome.state.piles.hands.ana).toEqual(['2H', '3H']);
      expect(outcome.state.piles.discardPile).toEqual(['AH', 'KH']);
      expect(outcome.state.characters.ana.xp).toBe(0);
    });

    it('stays in the hand when the roll succeeds anyway, and the revealed card is kept', () => {
      const outcome = accepted(run(trialRoll, table(['KH'], { hands }), strength({ burns: [burn('ana', 'AH', 'TURN_THE_TABLE')] }), dice(15)));
      expect(outcome.result).toMatchObject({ success: true, turnedTheTable: false, burned: [], cardKept: { code: 'KH' }, consequenceDue: false });
      expect(outcome.state.piles.hands.ana).toEqual(['AH', '2H', '3H', 'KH']);
    });

    it('stays in the hand when another burn already makes the success; that burn still forbids the card', () => {
      const burns = [burn('ana', 'AH', 'TURN_THE_TABLE'), burn('bo', '4H', 'AID_AN_ALLY')];
      const outcome = accepted(run(trialRoll, table(['KH'], { hands }), strength({ burns }), dice(9)));
      expect(outcome.result).toMatchObject({ success: true, turnedTheTable: false, burned: ['4H'], cardKept: null });
      expect(outcome.state.piles.hands.ana).toEqual(['AH', '2H', '3H']);
    });

    it('is burned after the other burns when they were not enough', () => {
      const burns = [burn('ana', 'AH', 'TURN_THE_TABLE'), burn('bo', '4H', 'AID_AN_ALLY')];
      const outcome = accepted(run(trialRoll, table(['KS'], { hands }), strength({ burns }), dice(9)));
      expect(outcome.result).toMatchObject({ score: 13, effectiveDr: 14, success: true, turnedTheTable: true, burned: ['4H', 'AH'], cardKept: null });
    });
  });

  it.each<[string, RollBurn[], string, string]>([
    ['a card from the deck', [burn('ana', '9C', 'CALL_THE_GODS')], 'CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand'],
    ["a card from an ally's hand", [burn('ana', '4H', 'CALL_THE_GODS')], 'CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand'],
    ['the same card twice', [burn('ana', 'AH', 'CALL_THE_GODS'), burn('ana', 'AH', 'VANORI', 1)], 'INVALID_BURN', 'a card can only be burned once'],
    ['aiding yourself', [burn('ana', 'AH', 'AID_AN_ALLY')], 'INVALID_BURN', 'aid an ally is burned by another character than the roller'],
    ['an ally calling the gods for you', [burn('bo', '4H', 'CALL_THE_GODS')], 'INVALID_BURN', 'only the roller can burn a card to call the gods'],
    ['an ally turning your table', [burn('bo', '4H', 'TURN_THE_TABLE')], 'INVALID_BURN', 'only the roller can burn a card to turn the table'],
    ['an ally conjuring their Vanori for you', [burn('bo', '4H', 'VANORI', 2)], 'INVALID_BURN', 'only the roller can burn a card to conjure their Vanori'],
    ['conjuring without an amount', [burn('ana', 'AH', 'VANORI')], 'INVALID_BURN', 'say by how much conjuring the Vanori lowers the DR (at least 1): the GM gives it in the call (conjuringAmount)'],
    ['conjuring by 0', [burn('ana', 'AH', 'VANORI', 0)], 'INVALID_BURN', 'say by how much conjuring the Vanori lowers the DR (at least 1): the GM gives it in the call (conjuringAmount)'],
    ['turning the table twice', [burn('ana', 'AH', 'TURN_THE_TABLE'), burn('ana', '2H', 'TURN_THE_TABLE')], 'INVALID_BURN', 'the table can only be turned once per roll'],
    ['a burner who is not playing', [burn('zed', '4H', 'AID_AN_ALLY')], 'UNKNOWN_CHARACTER', 'that character is not playing in this campaign'],
  ])('refuses %s', (_, burns, reason, message) => {
    expect(refused(run(trialRoll, table(['KH'], { hands }), strength({ burns }), dice(10)))).toEqual({ reason, message });
  });

  it('refuses an incapacitated ally', () => {
    const state = table(['KH'], { hands, characters: { bo: activeCharacter({ status: 'INCAPACITATED', resilience: 0 }) } });
    expect(refused(run(trialRoll, state, strength({ burns: [burn('bo', '4H', 'AID_AN_ALLY')] }), dice(10))).reason).toBe('NOT_ACTIVE');
  });
});

describe('fate roll: no cards revealed, none kept, no XP', () => {
  it.each([
    [15, true],
    [3, false],
  ])('d20 %i: success %p', (d20, success) => {
    const state = table(['KS', 'QH']);
    const outcome = accepted(run(trialRoll, state, strength({ fate: true }), dice(d20)));
    // No consequential risk either: the GM narrates no consequence.
    expect(outcome.result).toMatchObject({ revealed: [], effectiveDr: 12, success, cardKept: null, xpMarked: 0, consequenceDue: false });
    expect(outcome.state.piles).toEqual(state.piles);
    expect(outcome.state.characters.ana.xp).toBe(0);
  });

  it('marks no OWL double XP either: it keeps waiting', () => {
    const state = table([], { characters: { ana: ana({ pending: { owlDoubleXp: true } }) } });
    const outcome = accepted(run(trialRoll, state, strength({ fate: true }), dice(1)));
    expect(outcome.result.xpMarked).toBe(0);
    expect(outcome.state.characters.ana.pending.owlDoubleXp).toBe(true);
  });
});

describe('at resilience 0', () => {
  it('refuses every roll but the resilience check', () => {
    const state = table(['KS'], { characters: { ana: ana({ resilience: 0, pending: { resilienceCheckDue: true } }) } });
    expect(refused(run(trialRoll, state, strength(), dice(11)))).toEqual({
      reason: 'RESILIENCE_CHECK_DUE',
      message: 'resilience is 0: a resilience check is due first',
    });
  });
});

describe('the next roll after a natural-20 defence', () => {
  it('has its DR lowered by the waiting reduction, which the roll consumes', () => {
    const state = table(['KS'], { characters: { ana: ana({ pending: { nextRollDrReduction: 2 } }) } });
    const first = accepted(run(trialRoll, state, strength(), dice(11)));
    expect(first.result).toMatchObject({ baseDr: 12, effectiveDr: 12, score: 13, success: true });
    expect(first.state.characters.ana.pending.nextRollDrReduction).toBe(0);
    const second = accepted(run(trialRoll, first.state, strength({ fate: true }), dice(11)));
    expect(second.result).toMatchObject({ effectiveDr: 12, score: 13 });
  });

  it('combines with every other DR change', () => {
    // 15 + ♠ 2 + adjustment 1 − conjured 2 − natural-20 defence 2 = 14.
    const state = table(['KS', 'QH'], { hands: { ana: ['AH'] }, characters: { ana: ana({ pending: { nextRollDrReduction: 2 } }) } });
    const input = strength({ dr: 15, drAdjustments: [{ amount: 1, reason: 'dark' }], burns: [{ characterId: 'ana', cardId: 'AH', effect: 'VANORI', amount: 2 }] });
    expect(accepted(run(trialRoll, state, input, dice(12))).result).toMatchObject({ baseDr: 15, effectiveDr: 14, score: 14, success: false });
  });
});

describe('who may roll', () => {
  it.each<[string, TenthRealmSheet, string]>([
    ['a draft', activeCharacter({ status: 'DRAFT' }), 'finish creating the character first'],
    ['an incapacitated character', activeCharacter({ status: 'INCAPACITATED', resilience: 0, pending: { woundsToTend: true } }), 'the character is incapacitated: tend their wounds first'],
  ])('refuses %s', (_, sheet, message) => {
    expect(refused(run(trialRoll, table([], { characters: { ana: sheet } }), strength(), dice(10)))).toEqual({ reason: 'NOT_ACTIVE', message });
  });
});

describe('the deck running out mid-roll', () => {
  it('shuffles the discard pile back in, never recalling hands, and keeps the first red card', () => {
    const state = tableWith({
      drawPile: ['5S'],
      discardPile: ['KH', '2C'],
      rest: 'DISCARD_PILE',
      hands: { bo: ['AH', 'AD'] },
      world: inRegion(3),
      characters: { ana: ana(), bo: activeCharacter() },
    });
    const rng = new ScriptedRng([20], { allowReshuffle: true });
    const outcome = accepted(run(trialRoll, state, strength(), rng));
    expect(rng.shuffled).toBe(true);
    expect(outcome.events[0].payload.reshuffled).toBe(true);
    expect(outcome.result.revealed.map((card) => card.code)).toEqual(['5S', 'KH', '2C']);
    expect(outcome.result.effectiveDr).toBe(16);
    expect(outcome.result.cardKept).toEqual({ code: 'KH' });
    expect(outcome.state.piles.hands).toEqual({ bo: ['AH', 'AD'], ana: ['KH'] });
    expect(outcome.state.piles.discardPile).toEqual(['2C', '5S']);
    expect(assertConserved(outcome.state.piles, STANDARD_52)).toBe(true);
  });

  it('reports no reshuffle when the deck had enough cards', () => {
    expect(accepted(run(trialRoll, table(['KH']), strength(), dice(20))).events[0].payload.reshuffled).toBe(false);
  });

  it('is refused when the hands hold so many cards that the risk cards cannot be revealed', () => {
    const held = STANDARD_52.map((card) => card.id).filter((id) => id !== 'KH' && id !== 'KS');
    const state = tableWith({ drawPile: ['KH', 'KS'], hands: { bo: held }, world: inRegion(3), characters: { ana: ana(), bo: activeCharacter() } });
    expect(refused(run(trialRoll, state, strength(), dice(20)))).toEqual({
      reason: 'DECK_EXHAUSTED',
      message: 'the deck cannot reveal 3 cards: too many are held in hands',
    });
  });
});

describe('the event', () => {
  it('records the input and the whole result', () => {
    const outcome = accepted(run(trialRoll, table(['KH']), strength({ dr: 12 }), dice(20)));
    expect(outcome.events[0].type).toBe('tenth-realm.trial-rolled');
    expect(outcome.events[0].payload).toEqual({ characterId: 'ana', attribute: 'STRENGTH', dr: 12, ...outcome.result, reshuffled: false });
  });
});
