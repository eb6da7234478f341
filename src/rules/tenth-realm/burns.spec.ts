import { burnCard, type BurnCardInput } from './burns.js';
import { defend } from './combat.js';
import { rest } from './resilience.js';
import type { TenthRealmSheet, VanoriName } from './sheet.js';
import { accepted, activeCharacter, combatWith, dice, enemy, refused, run, ScriptedRng, tableWith, vanoriOf, type TableOptions } from './testing.js';
import { trialRoll } from './trial-roll.js';
import { startSession } from './world.js';

/** ana holds QH and 2C; her Vanori is `vanori`. */
const table = (vanori: VanoriName, options: TableOptions = {}, overrides: Parameters<typeof activeCharacter>[0] = {}) =>
  tableWith({
    hands: { ana: ['QH', '2C'] },
    ...options,
    characters: { ana: activeCharacter({ vanori: vanoriOf(vanori), ...overrides }) },
  });

const vanoriBurn = (extra: Partial<BurnCardInput> = {}): BurnCardInput => ({ characterId: 'ana', cardId: 'QH', effect: 'VANORI', ...extra });

describe('burning a card outside a roll (tenth-realm.md, "Burning cards")', () => {
  it('COME_PREPARED adds an item as if it had always been there; the card goes to the discard pile', () => {
    const outcome = accepted(run(burnCard, table('BEAR'), { characterId: 'ana', cardId: 'QH', effect: 'COME_PREPARED', item: 'climbing rope' }));
    expect(outcome.result).toEqual({ vanori: null, setUp: 'ITEM_ADDED', morale: null, aid: 0 });
    expect(outcome.state.characters.ana.inventory.items).toEqual(['climbing rope']);
    expect(outcome.state.piles.hands.ana).toEqual(['2C']);
    expect(outcome.state.piles.discardPile).toEqual(['QH']);
  });

  it('COME_PREPARED needs a free slot, and the card stays in the hand when there is none', () => {
    const state = table('BEAR', {}, { inventory: { slots: 2, items: ['torch'] } });
    expect(refused(run(burnCard, state, { characterId: 'ana', cardId: 'QH', effect: 'COME_PREPARED', item: 'rope' }))).toEqual({
      reason: 'NO_FREE_SLOT',
      message: "no free inventory slot for 'rope': drop an item first",
    });
  });

  it.each<[string, VanoriName, keyof TenthRealmSheet['pending'], string]>([
    ['BEAR: an extra d4 on the next armor roll', 'BEAR', 'bearArmorD4', 'BEAR'],
    ['OX: the next short rest gives a long rest', 'OX', 'oxLongRest', 'OX'],
    ['OWL: the next setback marks XP twice', 'OWL', 'owlDoubleXp', 'OWL'],
  ])('%s', (_, vanori, flag, setUp) => {
    const outcome = accepted(run(burnCard, table(vanori), vanoriBurn()));
    expect(outcome.result).toEqual({ vanori, setUp, morale: null, aid: 0 });
    expect(outcome.state.characters.ana.pending[flag]).toBe(true);
    expect(outcome.state.piles.discardPile).toEqual(['QH']);
  });

  it('a CUSTOM Vanori: the burn is recorded for the GM to adjudicate', () => {
    const custom = { name: 'CUSTOM' as const, customName: 'Stag', increases: { HEART: 2, DEXTERITY: 1 }, resilienceDie: 8, ability: 'leap' };
    const state = tableWith({ hands: { ana: ['QH'] }, characters: { ana: activeCharacter({ vanori: custom }) } });
    const outcome = accepted(run(burnCard, state, vanoriBurn()));
    expect(outcome.result).toEqual({ vanori: 'CUSTOM', setUp: 'CUSTOM', morale: null, aid: 0 });
    expect(outcome.state.piles.discardPile).toEqual(['QH']);
  });

  describe('OWL: once per session, and the next setback marks 2 XP', () => {
    it('is refused a second time in the same session, and allowed again in a new session', () => {
      let state = table('OWL', { world: { session: 2 } });
      state = accepted(run(burnCard, state, vanoriBurn())).state;
      expect(state.characters.ana.owlUsedInSession).toBe(2);
      expect(refused(run(burnCard, state, vanoriBurn({ cardId: '2C' })))).toEqual({
        reason: 'ONCE_PER_SESSION',
        message: 'the Owl marks XP twice only once per session',
      });
      state = accepted(run(startSession, state, {})).state;
      const again = accepted(run(burnCard, state, vanoriBurn({ cardId: '2C' })));
      expect(again.state.characters.ana.owlUsedInSession).toBe(3);
      expect(again.state.piles.hands.ana).toEqual([]);
    });

    it('marks 2 XP on the next setback, then 1 again', () => {
      let state = accepted(run(burnCard, table('OWL'), vanoriBurn())).state;
      const first = accepted(run(trialRoll, state, { characterId: 'ana', attribute: 'HEART' }, dice(2)));
      expect(first.result.xpMarked).toBe(2);
      state = first.state;
      const second = accepted(run(trialRoll, state, { characterId: 'ana', attribute: 'HEART' }, dice(2)));
      expect(second.result.xpMarked).toBe(1);
      expect(second.state.characters.ana.xp).toBe(3);
    });
  });

  it('OX: a short rest after the burn recovers double', () => {
    const state = accepted(run(burnCard, table('OX', { drawPile: ['5C'] }, { resilience: 1, maxResilience: 12 }), vanoriBurn())).state;
    expect(accepted(run(rest, state, { characterId: 'ana', kind: 'SHORT' })).result).toMatchObject({ card: '5C', recovered: 4, oxBurned: true });
  });

  it('BEAR: the next armor roll against incoming damage gets an extra d4', () => {
    const state = accepted(run(burnCard, table('BEAR', { combat: combatWith(['ana']) }), vanoriBurn())).state;
    // Defence setback (d20 3), the wolf's d8 shows 8, the armor d4 shows 2 and the BEAR d4 shows 3.
    const rng = dice(3, 8, 2, 3);
    const outcome = accepted(run(defend, state, { characterId: 'ana', attribute: 'DEXTERITY', encounterId: 'fight-1', enemyId: 'e1' }, rng));
    expect(rng.rolled).toEqual(['d20', 'd8', 'd4', 'd4']);
    expect(outcome.result.hit).toEqual({ damageDie: 8, damageRoll: 8, armorRoll: 5, damage: 3 });
    expect(outcome.state.characters.ana.pending.bearArmorD4).toBe(false);
  });

  describe('WOLF and RAVEN act on an enemy of the combat under way', () => {
    const fight = () => combatWith(['ana'], [enemy({ id: 'e1' }), enemy({ id: 'e2', name: 'Pack leader' })]);

    it('RAVEN: the enemy steps its next damage die down', () => {
      const outcome = accepted(run(burnCard, table('RAVEN', { combat: fight() }), vanoriBurn({ targetEnemyId: 'e2' })));
      expect(outcome.result).toEqual({ vanori: 'RAVEN', setUp: 'DAMAGE_STEP_DOWN', morale: null, aid: 0 });
      expect(outcome.state.combat?.enemies.map((e) => e.damageStepDownPending)).toEqual([false, true]);
    });

    it.each([
      ['5H', 'PANIC_AND_FLEE', 'FLED'],
      ['5D', 'SURRENDER_OR_NEGOTIATE', 'SURRENDERED'],
      ['5C', 'STAY_IN_THE_FIGHT', 'FIGHTING'],
      ['5S', 'DOUBLE_DOWN', 'FIGHTING'],
    ])('WOLF: forces a morale check on the enemy: %s → %s', (card, morale, status) => {
      const outcome = accepted(run(burnCard, table('WOLF', { drawPile: [card], combat: fight() }), vanoriBurn({ targetEnemyId: 'e1' })));
      expect(outcome.result).toEqual({
        vanori: 'WOLF',
        setUp: 'MORALE_CHECK',
        morale: { card, morale, enemyIds: ['e1'], combatStatus: 'ACTIVE' },
        aid: 0,
      });
      expect(outcome.state.combat?.enemies[0]).toMatchObject({ morale, status });
      expect(outcome.state.combat?.enemies[1]).toMatchObject({ morale: null, status: 'FIGHTING' });
      expect(outcome.state.piles.discardPile).toEqual([card, 'QH']);
    });

    it('WOLF: the burned card is on the discard pile before the morale card is revealed', () => {
      const state = table('WOLF', { drawPile: [], discardPile: [], combat: fight() }, {});
      // Every card but QH (burned) is in hands: the morale card can only be the burned one.
      const others = tableWith().piles.drawPile.filter((id) => id !== 'QH' && id !== '2C');
      const crowded = { ...state, piles: { drawPile: [], discardPile: [], table: [], hands: { ana: ['QH', '2C'], bo: others } } };
      const rng = new ScriptedRng([], { allowReshuffle: true });
      const outcome = accepted(run(burnCard, crowded, vanoriBurn({ targetEnemyId: 'e1' }), rng));
      expect(outcome.result.morale).toMatchObject({ card: 'QH', morale: 'PANIC_AND_FLEE' });
      expect(outcome.events[0].payload.reshuffled).toBe(true);
    });

    it('the last enemy fleeing ends the combat: the enemies withdrew', () => {
      const outcome = accepted(run(burnCard, table('WOLF', { drawPile: ['5H'], combat: combatWith(['ana']) }), vanoriBurn({ targetEnemyId: 'e1' })));
      expect(outcome.result.morale).toMatchObject({ combatStatus: 'ENEMIES_WITHDREW' });
      expect(outcome.state.combat?.status).toBe('ENEMIES_WITHDREW');
    });

    it.each<[string, VanoriName, TableOptions, Partial<BurnCardInput>, string, string]>([
      ['without a combat', 'WOLF', {}, { targetEnemyId: 'e1' }, 'NO_COMBAT', "the wolf's gift needs a combat under way"],
      ['after the combat ended', 'RAVEN', { combat: { ...combatWith(['ana']), status: 'WON' } }, { targetEnemyId: 'e1' }, 'NO_COMBAT', "the raven's gift needs a combat under way"],
      ['without a target', 'RAVEN', { combat: combatWith(['ana']) }, {}, 'INVALID_BURN', 'name the enemy (targetEnemyId)'],
      ['an unknown enemy', 'WOLF', { combat: combatWith(['ana']) }, { targetEnemyId: 'e9' }, 'UNKNOWN_ENEMY', "there is no enemy 'e9' in this combat"],
      [
        'an enemy out of the fight',
        'WOLF',
        { combat: combatWith(['ana'], [enemy({ status: 'FLED' }), enemy({ id: 'e2' })]) },
        { targetEnemyId: 'e1' },
        'ENEMY_OUT_OF_FIGHT',
        'Grey wolf is out of the fight',
      ],
    ])('is refused %s', (_, vanori, options, input, reason, message) => {
      expect(refused(run(burnCard, table(vanori, options), vanoriBurn(input)))).toEqual({ reason, message });
    });
  });

  it.each<[string, ReturnType<typeof table>, BurnCardInput, string, string]>([
    ['a card that is not in the hand', table('BEAR'), vanoriBurn({ cardId: 'KS' }), 'CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand'],
    ['the ELK: its gift is passive', table('ELK'), vanoriBurn(), 'INVALID_BURN', "the Elk's gift is passive: it applies when you aid an ally"],
    ['a character without a Vanori', table('BEAR', {}, { vanori: null }), vanoriBurn(), 'INVALID_BURN', 'the character has no Vanori'],
    ['COME_PREPARED without an item', table('BEAR'), { characterId: 'ana', cardId: 'QH', effect: 'COME_PREPARED' }, 'INVALID_BURN', 'name the item you came prepared with'],
    ['an incapacitated character', table('BEAR', {}, { status: 'INCAPACITATED', resilience: 0 }), vanoriBurn(), 'NOT_ACTIVE', 'the character is incapacitated: tend their wounds first'],
  ])('is refused for %s', (_, state, input, reason, message) => {
    expect(refused(run(burnCard, state, input))).toEqual({ reason, message });
  });
});

describe('AID AN ALLY burned ahead of the ally\'s roll', () => {
  const party = (burner: VanoriName) =>
    tableWith({
      hands: { ana: ['QH', '2C'], bo: [] },
      characters: { ana: activeCharacter({ vanori: vanoriOf(burner) }), bo: activeCharacter({ vanori: vanoriOf('BEAR') }) },
    });

  it.each<[VanoriName, number]>([
    ['BEAR', 2],
    ['ELK', 3],
  ])('from a %s: +%i on the ally\'s next roll, which then keeps no card', (burner, aid) => {
    const burned = accepted(run(burnCard, party(burner), { characterId: 'ana', cardId: 'QH', effect: 'AID_AN_ALLY', targetCharacterId: 'bo' }));
    expect(burned.result).toEqual({ vanori: null, setUp: 'AID_AN_ALLY', morale: null, aid });
    expect(burned.state.characters.bo.pending.allyAid).toBe(aid);
    expect(burned.state.piles.discardPile).toEqual(['QH']);

    const state = { ...burned.state, world: { ...burned.state.world, ...inRegionWorld() } };
    const roll = accepted(run(trialRoll, { ...state, piles: { ...state.piles, drawPile: ['5H', ...state.piles.drawPile.filter((id) => id !== '5H')] } },
      { characterId: 'bo', attribute: 'HEART', dr: 12 }, dice(12)));
    expect(roll.result).toMatchObject({ bonus: aid, score: 12 + aid, success: true, cardKept: null });
    expect(roll.state.characters.bo.pending.allyAid).toBe(0);
  });

  it.each<[string, Partial<BurnCardInput>, string]>([
    ['without an ally', {}, 'name the ally you aid (targetCharacterId), another character than yours'],
    ['for oneself', { targetCharacterId: 'ana' }, 'name the ally you aid (targetCharacterId), another character than yours'],
    ['with a card not in hand', { targetCharacterId: 'bo', cardId: 'KS' }, 'that card is not in your hand'],
  ])('is refused %s', (_, extra, message) => {
    const outcome = refused(run(burnCard, party('BEAR'), { characterId: 'ana', cardId: 'QH', effect: 'AID_AN_ALLY', ...extra }));
    expect(outcome.message).toBe(message);
  });
});

function inRegionWorld() {
  return { currentHex: 'h1', regions: { h1: { hex: 'h1', riskRating: 1, descriptor: 'a moment of serenity', riskCard: 'AH', notes: [] } } };
}
