import { assertConserved } from '../cards/piles.js';
import { STANDARD_52 } from '../cards/presets.js';
import type { Combat, Enemy, MoraleResult } from './combat-state.js';
import { attack, damageEnemyGear, defend, endCombat, MAX_ENEMIES, morale, startCombat, withdraw, type AttackInput, type CombatEnding, type EnemyInput } from './combat.js';
import { resilienceCheck } from './resilience.js';
import type { TenthRealmSheet } from './sheet.js';
import { accepted, activeCharacter, combatWith, dice, draftCharacter, enemy, inRegion, refused, run, tableWith, vanoriOf, type TableOptions } from './testing.js';
import { trialRoll } from './trial-roll.js';

/** ana: strength +2, dexterity +1; resilience 8 of 8, armor d4, spear d6. */
const ana = (overrides: Parameters<typeof activeCharacter>[0] = {}): TenthRealmSheet =>
  activeCharacter({ attributes: { STRENGTH: 2, DEXTERITY: 1, WILLPOWER: 0, HEART: 0 }, ...overrides });

/** ana alone against one grey wolf (e1: resilience 6, armor d4, weapon d8), unless told otherwise. */
function fight(options: TableOptions & { enemies?: Enemy[]; characterIds?: string[] } = {}) {
  const { enemies, characterIds, ...rest } = options;
  return tableWith({
    ...rest,
    characters: { ana: ana(), ...rest.characters },
    combat: rest.combat ?? combatWith(characterIds ?? ['ana'], enemies ?? [enemy()]),
  });
}

describe('startCombat (initiative: red → the players, black → the enemies)', () => {
  const enemies: EnemyInput[] = [
    { name: 'Draugr', resilience: 9, armorDie: 6, weaponDie: 10 },
    { name: 'Wolf pack', resilience: 12, weaponDie: 8 },
  ];
  const start = { encounterId: 'barrow', characterIds: ['ana', 'bo'], enemies };
  const table = (options: TableOptions = {}) => tableWith({ ...options, characters: { ana: ana(), bo: activeCharacter(), ...options.characters } });

  it.each([
    ['QH', 'PLAYERS'],
    ['7D', 'PLAYERS'],
    ['AC', 'ENEMIES'],
    ['10S', 'ENEMIES'],
  ])('%s: %s go first', (card, initiative) => {
    const outcome = accepted(run(startCombat, table({ drawPile: [card] }), start));
    expect(outcome.result.initiativeCard).toBe(card);
    expect(outcome.result.initiative).toBe(initiative);
    expect(outcome.state.piles.discardPile).toEqual([card]);
  });

  it('lists the enemies as e1, e2, … and starts the combat', () => {
    const outcome = accepted(run(startCombat, table({ drawPile: ['QH'] }), start));
    expect(outcome.state.combat).toEqual<Combat>({
      id: 'barrow',
      characterIds: ['ana', 'bo'],
      enemies: [
        { id: 'e1', name: 'Draugr', resilience: 9, maxResilience: 9, armorDie: 6, weaponDie: 10, damageStepDownPending: false, status: 'FIGHTING', morale: null },
        { id: 'e2', name: 'Wolf pack', resilience: 12, maxResilience: 12, armorDie: null, weaponDie: 8, damageStepDownPending: false, status: 'FIGHTING', morale: null },
      ],
      initiative: 'PLAYERS',
      initiativeCard: 'QH',
      status: 'ACTIVE',
      turns: [],
    });
  });

  it('replaces a combat that is over', () => {
    const over = { ...combatWith(['ana']), status: 'WON' as const };
    expect(accepted(run(startCombat, table({ combat: over }), start)).state.combat?.id).toBe('barrow');
  });

  const draugr = (change: Partial<EnemyInput>): EnemyInput[] => [{ ...enemies[0], ...change }];
  it.each<[string, TableOptions, Partial<typeof start>, string, string]>([
    ['a second combat', { combat: combatWith(['ana']) }, {}, 'COMBAT_UNDER_WAY', 'a combat is already under way: end it first'],
    ['no characters', {}, { characterIds: [] }, 'NOT_IN_COMBAT', 'name the characters who fight'],
    ['a character twice', {}, { characterIds: ['ana', 'ana'] }, 'NOT_IN_COMBAT', 'a character is listed twice'],
    ['a draft character', { characters: { bo: draftCharacter() } }, {}, 'NOT_ACTIVE', 'finish creating the character first'],
    ['no enemies', {}, { enemies: [] }, 'UNKNOWN_ENEMY', `a combat has 1 to ${MAX_ENEMIES} enemies`],
    ['too many enemies', {}, { enemies: Array.from({ length: MAX_ENEMIES + 1 }, () => enemies[1]) }, 'UNKNOWN_ENEMY', 'a combat has 1 to 20 enemies'],
    ['a d20 weapon', {}, { enemies: draugr({ weaponDie: 20 }) }, 'INVALID_DIE', 'Draugr: a weapon die is d4 to d12'],
    ['a d8 armor', {}, { enemies: draugr({ armorDie: 8 }) }, 'INVALID_DIE', 'Draugr: an armor die is d4 or d6'],
    ['an enemy without resilience', {}, { enemies: draugr({ resilience: 0 }) }, 'INVALID_DIE', 'Draugr: resilience is at least 1'],
  ])('refuses %s', (_, options, change, reason, message) => {
    expect(refused(run(startCombat, table({ drawPile: ['QH'], ...options }), { ...start, ...change }))).toEqual({ reason, message });
  });
});

describe("attack: the damage die by the trial roll's result", () => {
  const strike = (extra: Partial<AttackInput> = {}): AttackInput => ({
    characterId: 'ana',
    attribute: 'STRENGTH',
    encounterId: 'fight-1',
    enemyId: 'e1',
    mode: 'WEAPON',
    ...extra,
  });
  const spear = (die: number) => ana({ weapon: { name: 'Spear', die, originalDie: die } });

  it.each<[string, number, number, number | undefined, boolean, number]>([
    // [weapon die, d20, DR, success, damage die]; ana has strength +2.
    ['success: the die as is', 6, 15, undefined, true, 6],
    ['natural 20: stepped up', 6, 20, undefined, true, 8],
    ['natural 20 with a d12: stays a d12', 12, 20, undefined, true, 12],
    ['natural 20 that still misses the DR: a setback, stepped down once', 6, 20, 25, false, 4],
    ['setback: stepped down', 8, 5, undefined, false, 6],
    ['setback with a d4: stays a d4', 4, 5, undefined, false, 4],
    ['natural 1: stepped down twice', 12, 1, undefined, false, 8],
    ['natural 1 with a d8: twice, to d4', 8, 1, undefined, false, 4],
    ['natural 1 with a d6: clamped at d4', 6, 1, undefined, false, 4],
  ])('%s (d%i, d20 %i)', (_, weaponDie, d20, dr, success, damageDie) => {
    const rng = dice(d20, 3, 1);
    const outcome = accepted(run(attack, fight({ characters: { ana: spear(weaponDie) } }), strike(dr === undefined ? {} : { dr }), rng));
    expect(rng.rolled).toEqual(['d20', `d${damageDie}`, 'd4']);
    expect(outcome.result).toMatchObject({ roll: { d20, success }, damageDie, damageRoll: 3, armorRoll: 1, damage: 2, enemyResilience: 4, enemyStatus: 'FIGHTING', combatStatus: 'ACTIVE' });
    expect(outcome.state.combat?.enemies[0].resilience).toBe(4);
  });

  it('a natural 1 saved by turning the table is a success: the die as is', () => {
    const state = fight({ hands: { ana: ['QH'] } });
    const outcome = accepted(run(attack, state, strike({ burns: [{ characterId: 'ana', cardId: 'QH', effect: 'TURN_THE_TABLE' }] }), dice(1, 3, 1)));
    expect(outcome.result).toMatchObject({ roll: { success: true, turnedTheTable: true }, damageDie: 6 });
  });

  it('FEAT: the damage die the GM assigns', () => {
    const rng = dice(15, 9, 2);
    const outcome = accepted(run(attack, fight(), strike({ mode: 'FEAT', featDie: 10 }), rng));
    expect(rng.rolled).toEqual(['d20', 'd10', 'd4']);
    expect(outcome.result).toMatchObject({ damageDie: 10, damage: 7, enemyResilience: 0, enemyStatus: 'DOWN' });
  });

  it.each([
    [1, 4, 0, 6],
    [4, 4, 0, 6],
    [6, 1, 5, 1],
  ])('damage roll %i − armor roll %i = %i (min 0); the enemy keeps %i', (damageRoll, armorRoll, damage, left) => {
    const outcome = accepted(run(attack, fight(), strike(), dice(15, damageRoll, armorRoll)));
    expect(outcome.result).toMatchObject({ damageRoll, armorRoll, damage, enemyResilience: left });
  });

  it('an enemy without armor rolls no armor die', () => {
    const rng = dice(15, 5);
    const outcome = accepted(run(attack, fight({ enemies: [enemy({ armorDie: null })] }), strike(), rng));
    expect(rng.rolled).toEqual(['d20', 'd6']);
    expect(outcome.result).toMatchObject({ armorRoll: 0, damage: 5, enemyResilience: 1 });
  });

  it('is a trial roll: a card to hand on a success, XP on a setback', () => {
    const won = accepted(run(attack, fight({ drawPile: ['KH'], world: inRegion(1) }), strike(), dice(15, 3, 1)));
    expect(won.result.roll.cardKept).toEqual({ code: 'KH' });
    expect(won.state.piles.hands.ana).toEqual(['KH']);
    const lost = accepted(run(attack, fight({ drawPile: ['KH'], world: inRegion(1) }), strike(), dice(4, 3, 1)));
    expect(lost.result.roll.xpMarked).toBe(1);
    expect(lost.state.characters.ana.xp).toBe(1);
  });

  it('logs the turn', () => {
    const outcome = accepted(run(attack, fight(), strike(), dice(15, 3, 1)));
    expect(outcome.state.combat?.turns).toEqual([
      { turn: 1, kind: 'ATTACK', characterId: 'ana', enemyId: 'e1', summary: 'success: d6 3 − armor 1 = 2 damage to Grey wolf (4 left)' },
    ]);
  });

  describe('combat ends by itself', () => {
    it('WON when the last enemy goes down', () => {
      const outcome = accepted(run(attack, fight({ enemies: [enemy({ resilience: 2 })] }), strike(), dice(15, 6, 1)));
      expect(outcome.result).toMatchObject({ enemyResilience: 0, enemyStatus: 'DOWN', combatStatus: 'WON' });
      expect(outcome.state.combat?.status).toBe('WON');
    });

    it('still ACTIVE while another enemy fights; a downed enemy cannot be attacked again', () => {
      const state = fight({ enemies: [enemy({ resilience: 2 }), enemy({ id: 'e2', name: 'Draugr' })] });
      const outcome = accepted(run(attack, state, strike(), dice(15, 6, 1)));
      expect(outcome.result).toMatchObject({ enemyStatus: 'DOWN', combatStatus: 'ACTIVE' });
      expect(refused(run(attack, outcome.state, strike(), dice(15, 6, 1)))).toEqual({ reason: 'ENEMY_OUT_OF_FIGHT', message: 'Grey wolf is out of the fight' });
    });

    it('ENEMIES_WITHDREW when the last one fighting goes down after the others fled', () => {
      const state = fight({ enemies: [enemy({ resilience: 2 }), enemy({ id: 'e2', status: 'FLED', morale: 'PANIC_AND_FLEE' })] });
      expect(accepted(run(attack, state, strike(), dice(15, 6, 1))).result.combatStatus).toBe('ENEMIES_WITHDREW');
    });
  });

  it.each<[string, TableOptions & { characterIds?: string[] }, Partial<AttackInput>, string, string]>([
    ['another encounter', {}, { encounterId: 'other' }, 'NO_COMBAT', 'there is no such combat in this campaign'],
    ['a combat that is over', { combat: { ...combatWith(['ana']), status: 'PLAYERS_WITHDREW' } }, {}, 'NO_COMBAT', 'that combat is over'],
    ['no combat at all', { combat: null }, {}, 'NO_COMBAT', 'there is no such combat in this campaign'],
    ['a character outside the combat', { characters: { bo: activeCharacter() } }, { characterId: 'bo' }, 'NOT_IN_COMBAT', 'the character is not in this combat'],
    ['an unknown enemy', {}, { enemyId: 'e7' }, 'UNKNOWN_ENEMY', "there is no enemy 'e7' in this combat"],
    ['a broken weapon', { characters: { ana: ana({ weapon: { name: 'Spear', die: null, originalDie: 6 } }) } }, {}, 'GEAR_BROKEN', 'the weapon is broken: attack with a feat or repair it'],
    ['a feat without a die', {}, { mode: 'FEAT' }, 'INVALID_DIE', 'a feat needs the damage die the GM assigns, d4 to d12'],
    ['a feat with a d20', {}, { mode: 'FEAT', featDie: 20 }, 'INVALID_DIE', 'a feat needs the damage die the GM assigns, d4 to d12'],
    [
      'an incapacitated character',
      { characters: { ana: ana({ status: 'INCAPACITATED', resilience: 0 }) } },
      {},
      'NOT_ACTIVE',
      'the character is incapacitated: tend their wounds first',
    ],
  ])('refuses %s', (_, options, change, reason, message) => {
    const state = options.combat === null ? tableWith({ characters: { ana: ana() } }) : fight(options);
    expect(refused(run(attack, state, strike(change), dice(15, 3, 1)))).toEqual({ reason, message });
  });
});

describe("defend: the enemy's attack", () => {
  const parry = (extra: Record<string, unknown> = {}) => ({ characterId: 'ana', attribute: 'DEXTERITY' as const, encounterId: 'fight-1', enemyId: 'e1', ...extra });

  it('SUCCESS: the attack misses; no damage die is rolled', () => {
    const rng = dice(15);
    const outcome = accepted(run(defend, fight(), parry(), rng));
    expect(rng.rolled).toEqual(['d20']);
    expect(outcome.result).toMatchObject({ roll: { success: true }, hit: null, resilience: 8, nextRollDrReduction: 0, combatStatus: 'ACTIVE' });
    expect(outcome.state.combat?.turns).toEqual([{ turn: 1, kind: 'DEFEND', characterId: 'ana', enemyId: 'e1', summary: 'Grey wolf misses' }]);
  });

  it('SUCCESS on a natural 20: the next roll DR is lowered by 2, and that roll consumes it', () => {
    const defended = accepted(run(defend, fight(), parry(), dice(20)));
    expect(defended.result.nextRollDrReduction).toBe(2);
    expect(defended.state.characters.ana.pending.nextRollDrReduction).toBe(2);
    const next = accepted(run(trialRoll, defended.state, { characterId: 'ana', attribute: 'HEART' }, dice(11)));
    expect(next.result).toMatchObject({ baseDr: 12, effectiveDr: 10, score: 11, success: true });
    expect(next.state.characters.ana.pending.nextRollDrReduction).toBe(0);
    const after = accepted(run(trialRoll, next.state, { characterId: 'ana', attribute: 'HEART' }, dice(11)));
    expect(after.result).toMatchObject({ effectiveDr: 12, success: false });
  });

  it.each<[string, Partial<Enemy>, number, number]>([
    // [enemy, d20, damage die]; ana has dexterity +1 against DR 12.
    ['SETBACK: the enemy weapon die', {}, 5, 8],
    ['natural 1: stepped up', {}, 1, 10],
    ['natural 1 with a d12: stays a d12', { weaponDie: 12 }, 1, 12],
    ['after a RAVEN burn: stepped down', { damageStepDownPending: true }, 5, 6],
    ['after a RAVEN burn with a d4: stays a d4', { weaponDie: 4, damageStepDownPending: true }, 5, 4],
    ['natural 1 after a RAVEN burn: up, then down', { damageStepDownPending: true }, 1, 8],
  ])('%s', (_, wolf, d20, damageDie) => {
    const rng = dice(d20, 4, 1);
    const outcome = accepted(run(defend, fight({ enemies: [enemy(wolf)] }), parry(), rng));
    expect(rng.rolled).toEqual(['d20', `d${damageDie}`, 'd4']);
    expect(outcome.result).toMatchObject({ roll: { success: false }, hit: { damageDie, damageRoll: 4, armorRoll: 1, damage: 3 }, resilience: 5 });
    expect(outcome.state.combat?.enemies[0].damageStepDownPending).toBe(false);
    expect(outcome.state.characters.ana.xp).toBe(1);
  });

  it("a RAVEN step-down waits for the enemy's next damage roll when the defence succeeds", () => {
    const outcome = accepted(run(defend, fight({ enemies: [enemy({ damageStepDownPending: true })] }), parry(), dice(15)));
    expect(outcome.state.combat?.enemies[0].damageStepDownPending).toBe(true);
  });

  it.each<[string, Parameters<typeof ana>[0], number[], string[], number, number]>([
    ['armor stops part of the blow', {}, [5, 6, 2], ['d20', 'd8', 'd4'], 2, 4],
    ['armor stops all of it (min 0)', {}, [5, 2, 4], ['d20', 'd8', 'd4'], 4, 0],
    ['broken armor rolls nothing', { armor: { name: 'Armor', die: null, originalDie: 4 } }, [5, 6], ['d20', 'd8'], 0, 6],
    ['a BEAR burn adds a d4 to the armor roll', { vanori: vanoriOf('BEAR'), pending: { bearArmorD4: true } }, [5, 8, 2, 4], ['d20', 'd8', 'd4', 'd4'], 6, 2],
  ])('%s', (_, overrides, faces, rolled, armorRoll, damage) => {
    const rng = dice(...faces);
    const outcome = accepted(run(defend, fight({ characters: { ana: ana(overrides) } }), parry(), rng));
    expect(rng.rolled).toEqual(rolled);
    expect(outcome.result.hit).toMatchObject({ armorRoll, damage });
    expect(outcome.state.characters.ana.resilience).toBe(8 - damage);
    expect(outcome.state.characters.ana.pending.bearArmorD4).toBe(false);
  });

  it('resilience 0: a resilience check is due, and the combat goes on until it is made', () => {
    const state = fight({ characters: { ana: ana({ resilience: 3 }) } });
    const outcome = accepted(run(defend, state, parry(), dice(5, 8, 1)));
    expect(outcome.result).toMatchObject({ hit: { damage: 7 }, resilience: 0, resilienceCheckDue: true, combatStatus: 'ACTIVE' });
    expect(outcome.state.characters.ana.pending.resilienceCheckDue).toBe(true);
  });

  it.each<[string, number, string, number]>([
    ['a failed check: incapacitated, and the fight is LOST', 1, 'LOST', 0],
    ['a successful check: back at 1, and the fight goes on', 20, 'ACTIVE', 1],
  ])('%s', (_, d20, status, resilience) => {
    const state = fight({ characters: { ana: ana({ resilience: 0, pending: { resilienceCheckDue: true } }) } });
    const outcome = accepted(run(resilienceCheck, state, { characterId: 'ana', dr: 12 }, dice(d20)));
    expect(outcome.result).toMatchObject({ resilience, combatStatus: status });
    expect(outcome.state.combat?.status).toBe(status);
  });

  it.each<[string, TenthRealmSheet, string]>([
    ['still fighting', activeCharacter(), 'ACTIVE'],
    ['at 0 too, their check still due', activeCharacter({ resilience: 0, pending: { resilienceCheckDue: true } }), 'ACTIVE'],
    ['incapacitated (ana\'s own check still due)', activeCharacter({ status: 'INCAPACITATED', resilience: 0, pending: { woundsToTend: true } }), 'ACTIVE'],
  ])('ana falls while bo is %s: combat %s', (_, bo, status) => {
    const state = fight({ characters: { ana: ana({ resilience: 3 }), bo }, characterIds: ['ana', 'bo'] });
    expect(accepted(run(defend, state, parry(), dice(5, 8, 1))).result.combatStatus).toBe(status);
  });

  it('is a trial roll: the risk cards raise the DR and a success keeps a card', () => {
    const outcome = accepted(run(defend, fight({ drawPile: ['KS'], world: inRegion(1) }), parry(), dice(14)));
    expect(outcome.result.roll).toMatchObject({ effectiveDr: 14, score: 15, success: true, cardKept: { code: 'KS' } });
  });

  it.each<[string, TableOptions & { enemies?: Enemy[] }, Record<string, unknown>, string]>([
    ['a character outside the combat', { characters: { bo: activeCharacter() } }, { characterId: 'bo' }, 'NOT_IN_COMBAT'],
    ['an enemy that surrendered', { enemies: [enemy({ status: 'SURRENDERED' }), enemy({ id: 'e2' })] }, {}, 'ENEMY_OUT_OF_FIGHT'],
    ['another encounter', {}, { encounterId: 'nope' }, 'NO_COMBAT'],
  ])('refuses %s', (_, options, change, reason) => {
    expect(refused(run(defend, fight(options), parry(change), dice(5, 8, 1))).reason).toBe(reason);
  });
});

describe('morale (♥ panic and flee, ♦ surrender or negotiate, ♣ stay, ♠ double down)', () => {
  it.each<[string, MoraleResult, Enemy['status']]>([
    ['8H', 'PANIC_AND_FLEE', 'FLED'],
    ['8D', 'SURRENDER_OR_NEGOTIATE', 'SURRENDERED'],
    ['8C', 'STAY_IN_THE_FIGHT', 'FIGHTING'],
    ['8S', 'DOUBLE_DOWN', 'FIGHTING'],
  ])('%s: %s', (card, result, status) => {
    const state = fight({ drawPile: [card], enemies: [enemy(), enemy({ id: 'e2', name: 'Draugr' })] });
    const outcome = accepted(run(morale, state, { encounterId: 'fight-1', enemyId: 'e2' }));
    expect(outcome.result).toEqual({ card, morale: result, enemyIds: ['e2'], combatStatus: 'ACTIVE' });
    expect(outcome.state.combat?.enemies[1]).toMatchObject({ morale: result, status });
    expect(outcome.state.combat?.enemies[0]).toMatchObject({ morale: null, status: 'FIGHTING' });
    expect(outcome.state.combat?.turns).toEqual([{ turn: 1, kind: 'MORALE', characterId: null, enemyId: 'e2', summary: `morale check: ${result}` }]);
  });

  it('without an enemy, checks every enemy still fighting with one card; all fleeing ends the combat', () => {
    const state = fight({ drawPile: ['8H'], enemies: [enemy(), enemy({ id: 'e2', resilience: 0, status: 'DOWN' }), enemy({ id: 'e3' })] });
    const outcome = accepted(run(morale, state, { encounterId: 'fight-1' }));
    expect(outcome.result).toEqual({ card: '8H', morale: 'PANIC_AND_FLEE', enemyIds: ['e1', 'e3'], combatStatus: 'ENEMIES_WITHDREW' });
    expect(outcome.state.combat?.enemies.map((e) => e.status)).toEqual(['FLED', 'DOWN', 'FLED']);
    expect(outcome.state.piles.discardPile).toEqual(['8H']);
  });
});

describe('endCombat (a side withdraws, or the GM calls it)', () => {
  it.each<CombatEnding>(['PLAYERS_WITHDREW', 'ENEMIES_WITHDREW', 'WON', 'LOST'])('%s', (outcome) => {
    const ended = accepted(run(endCombat, fight(), { encounterId: 'fight-1', outcome }));
    expect(ended.result).toEqual({ combatStatus: outcome });
    expect(ended.state.combat?.turns.at(-1)).toEqual({ turn: 1, kind: 'END', characterId: null, enemyId: null, summary: outcome });
    expect(refused(run(endCombat, ended.state, { encounterId: 'fight-1', outcome }))).toEqual({ reason: 'NO_COMBAT', message: 'that combat is over' });
  });
});

describe('a whole fight', () => {
  it('keeps the 52 cards through initiative, an attack and a defence', () => {
    const rng = dice(18, 4, 2, 5, 10, 1);
    let state = tableWith({ drawPile: ['QH', 'KS', '3D'], world: inRegion(1), characters: { ana: ana() } });
    // Initiative: ♥, the players first.
    state = accepted(run(startCombat, state, { encounterId: 'f', characterIds: ['ana'], enemies: [{ name: 'Troll', resilience: 5, armorDie: 4, weaponDie: 10 }] }, rng)).state;
    expect(state.combat?.initiative).toBe('PLAYERS');
    // Attack: ♠ revealed (DR 14); 18 + 2 = 20 succeeds and keeps the ♠; d6 4 − d4 2 = 2 damage.
    state = accepted(run(attack, state, { characterId: 'ana', attribute: 'STRENGTH', encounterId: 'f', enemyId: 'e1', mode: 'WEAPON' }, rng)).state;
    expect(state.piles.hands.ana).toEqual(['KS']);
    expect(state.combat?.enemies[0].resilience).toBe(3);
    // Defence: ♦ revealed (DR 12); 5 + 1 = 6 is a setback; d10 10 − d4 1 = 9 damage: ana falls, her check is due.
    state = accepted(run(defend, state, { characterId: 'ana', attribute: 'DEXTERITY', encounterId: 'f', enemyId: 'e1' }, rng)).state;
    expect(state.characters.ana).toMatchObject({ resilience: 0, xp: 1, pending: { resilienceCheckDue: true } });
    expect(state.combat?.status).toBe('ACTIVE');
    expect(rng.unused).toEqual([]);
    expect(state.piles.discardPile).toEqual(['3D', 'QH']);
    expect(assertConserved(state.piles, STANDARD_52)).toBe(true);
  });
});

describe('withdraw: the players\' side leaves the fight (seed 002 line 219)', () => {
  it('ends the combat PLAYERS_WITHDREW, logged with who spoke for the side', () => {
    const outcome = accepted(run(withdraw, fight(), { encounterId: 'fight-1', characterId: 'ana' }));
    expect(outcome.result).toEqual({ combatStatus: 'PLAYERS_WITHDREW' });
    expect(outcome.state.combat?.turns.at(-1)).toMatchObject({ kind: 'END', characterId: 'ana', summary: 'PLAYERS_WITHDREW' });
  });

  it('is refused to a character not in the fight', () => {
    const state = fight({ characters: { ana: ana(), bo: activeCharacter() } });
    expect(refused(run(withdraw, state, { encounterId: 'fight-1', characterId: 'bo' })).reason).toBe('NOT_IN_COMBAT');
  });
});

describe("the GM's rulings on a blow (seed 002 lines 163, 237, 256)", () => {
  const blow = { characterId: 'ana', attribute: 'STRENGTH' as const, encounterId: 'fight-1', enemyId: 'e1' };

  it('an attack that ignores armor rolls no armor die', () => {
    const rng = dice(15, 5);
    const outcome = accepted(run(attack, fight(), { ...blow, mode: 'WEAPON', ignoreArmor: true }, rng));
    expect(rng.rolled).toEqual(['d20', 'd6']);
    expect(outcome.result).toMatchObject({ damageRoll: 5, armorRoll: 0, damage: 5, consequence: null });
  });

  it("an attack's setback: the consequence takes the place of the damage, and no die is rolled", () => {
    const rng = dice(3);
    const outcome = accepted(run(attack, fight(), { ...blow, mode: 'WEAPON', consequenceInPlaceOfDamage: 'the spear is stuck' }, rng));
    expect(rng.rolled).toEqual(['d20']);
    expect(outcome.result).toMatchObject({ damage: 0, consequence: 'the spear is stuck', enemyResilience: 6 });
    expect(outcome.state.combat?.turns.at(-1)?.summary).toBe('setback: the spear is stuck in place of damage');
  });

  it('an attack that succeeds deals its damage whatever consequence was named', () => {
    const outcome = accepted(run(attack, fight(), { ...blow, mode: 'WEAPON', consequenceInPlaceOfDamage: 'x' }, dice(15, 5, 1)));
    expect(outcome.result).toMatchObject({ damage: 4, consequence: null });
  });

  it("a defence's setback: the consequence in place of the damage leaves resilience as it was", () => {
    const rng = dice(3);
    const outcome = accepted(run(defend, fight(), { ...blow, attribute: 'DEXTERITY', consequenceInPlaceOfDamage: 'your shield splits' }, rng));
    expect(rng.rolled).toEqual(['d20']);
    expect(outcome.result).toMatchObject({ hit: null, consequence: 'your shield splits', resilience: 8 });
  });

  it('a defence that ignores armor takes the whole damage roll', () => {
    const rng = dice(3, 6);
    const outcome = accepted(run(defend, fight(), { ...blow, attribute: 'DEXTERITY', ignoreArmor: true }, rng));
    expect(rng.rolled).toEqual(['d20', 'd8']);
    expect(outcome.result).toMatchObject({ hit: { damageRoll: 6, armorRoll: 0, damage: 6 }, resilience: 2 });
  });
});

describe("damageEnemyGear: a turn spent on the target's armor or weapon (seed 002 line 231)", () => {
  const sunder = (gear: 'ARMOR' | 'WEAPON', extra: Record<string, unknown> = {}) => ({ characterId: 'ana', attribute: 'STRENGTH' as const, encounterId: 'fight-1', enemyId: 'e1', gear, ...extra });

  it.each<['ARMOR' | 'WEAPON', number, boolean, number | null]>([
    ['WEAPON', 15, true, 6],
    ['ARMOR', 15, true, null],
    ['WEAPON', 5, false, 8],
    ['ARMOR', 5, false, 4],
  ])('%s, d20 %i: success %p, the die after d%p', (gear, d20, success, after) => {
    const rng = dice(d20);
    const outcome = accepted(run(damageEnemyGear, fight(), sunder(gear), rng));
    expect(rng.rolled).toEqual(['d20']);
    expect(outcome.result).toMatchObject({ roll: { success }, gear, dieAfter: after });
    const wolf = outcome.state.combat!.enemies[0];
    expect(gear === 'ARMOR' ? wolf.armorDie : wolf.weaponDie).toBe(after);
    expect(wolf.resilience).toBe(6);
  });

  it('refuses armor already gone and a d4 weapon, before any roll', () => {
    const bare = fight({ enemies: [enemy({ armorDie: null, weaponDie: 4 })] });
    expect(refused(run(damageEnemyGear, bare, sunder('ARMOR'))).reason).toBe('GEAR_BROKEN');
    expect(refused(run(damageEnemyGear, bare, sunder('WEAPON'))).reason).toBe('GEAR_BROKEN');
  });
});
