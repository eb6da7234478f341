import type { Outcome } from '../kernel/outcome.js';
import type { Rng } from '../random/random-stream.js';
import { D20_RULES, REPLAYERS, type D20State } from './index.js';
import { dice } from './testing.js';

/**
 * A combat played mutation by mutation, the state stored as JSON between them, as the platform
 * will: a crit with a chain, Bleeding ticking on the orc's turns, Stuck expiring with the orc's
 * turn, a bandage, the end of the combat and a short rest. Every event replays clean.
 */
describe('a combat across turns', () => {
  let state: D20State = { combatants: {}, encounters: {} };
  let seq = 0;
  const play = <R,>(rule: (s: D20State, input: any, rng: Rng) => Outcome<D20State, R>, input: object, ...script: number[]): R => {
    const outcome = rule(state, input, dice(...script));
    if (!outcome.ok) throw new Error(`${outcome.violation.reason}: ${outcome.violation.message}`);
    for (const event of outcome.events) {
      seq += 1;
      expect([event.type, REPLAYERS[event.type]({ seq, type: event.type, payload: JSON.parse(JSON.stringify(event.payload)) }, dice(...script))]).toEqual([event.type, []]);
    }
    state = JSON.parse(JSON.stringify(outcome.state));
    return outcome.result;
  };
  const orc = () => state.combatants.orc;

  it('sets up a player character and two foes', () => {
    const sheet = { defense: 12, armorWorn: true, skills: ['MELEE_TRAINING', 'STYLE_SLASHING'], immunities: [] };
    play(D20_RULES.enchantedRealmsD20CreateCombatant, { combatantId: 'ana', name: 'Ana', characterId: 'char-ana', ...sheet });
    play(D20_RULES.enchantedRealmsD20CreateCombatant, { combatantId: 'orc', name: 'Orc', ...sheet, defense: 13, immunities: ['FEAR'] });
    play(D20_RULES.enchantedRealmsD20CreateCombatant, { combatantId: 'bo', name: 'Bo', ...sheet });
    const result: any = play(D20_RULES.enchantedRealmsD20StartCombat, { encounterId: 'e-1', combatantIds: ['ana', 'orc', 'bo'] });
    expect(result.started).toMatchObject({ combatantId: 'ana', round: 1 });
  });

  it('Ana crits the orc: a chain of one awarded 20, Bleeding and Stuck', () => {
    // Pool 20, 14; awarded 20, then 6; the table: 99–00 Bleeding, 41–45 Stuck.
    const result: any = play(D20_RULES.enchantedRealmsD20Attack, { attackerId: 'ana', targetId: 'orc', kind: 'MELEE', skills: ['MELEE_TRAINING', 'STYLE_SLASHING'], damagePerHit: 2 }, 20, 14, 20, 6, 99, 42);
    expect(result.dice.map((die: any) => [die.value, die.hit, die.crit, die.awarded])).toEqual([
      [20, true, true, false],
      [14, true, false, false],
      [20, true, true, true],
      [6, false, false, true],
    ]);
    expect(result.crits.map((crit: any) => [crit.roll, crit.effect, crit.applied])).toEqual([
      [99, 'BLEEDING', true],
      [42, 'STUCK', true],
    ]);
    expect(result).toMatchObject({ hits: 3, damage: 6 });
    expect(orc().conditions.map((one) => [one.name, one.lastsUntil])).toEqual([
      ['BLEEDING', 'UNTIL_BANDAGED_OR_HEALED'],
      ['STUCK', 'END_OF_ITS_NEXT_TURN'],
    ]);
  });

  it("the orc's turn starts: it bleeds", () => {
    const result: any = play(D20_RULES.enchantedRealmsD20NextTurn, { encounterId: 'e-1' });
    expect(result.started).toEqual({ combatantId: 'orc', round: 1, bleedingDamage: 1, confusion: null });
    expect(orc().damageTaken).toBe(7);
  });

  it("the orc's turn ends: Stuck expires; Bo's turn does not bleed the orc", () => {
    const result: any = play(D20_RULES.enchantedRealmsD20NextTurn, { encounterId: 'e-1' });
    expect(result.expired).toEqual([{ combatantId: 'orc', condition: 'STUCK', inflictedBy: 'ana' }]);
    expect(result.started).toMatchObject({ combatantId: 'bo', bleedingDamage: 0 });
    expect(orc().conditions.map((one) => one.name)).toEqual(['BLEEDING']);
  });

  it('round 2: the orc bleeds again as its turn starts, until Bo bandages it', () => {
    expect((play(D20_RULES.enchantedRealmsD20NextTurn, { encounterId: 'e-1' }) as any).started).toMatchObject({ combatantId: 'ana', round: 2 });
    expect((play(D20_RULES.enchantedRealmsD20NextTurn, { encounterId: 'e-1' }) as any).started).toMatchObject({ combatantId: 'orc', bleedingDamage: 1 });
    expect(orc().damageTaken).toBe(8);
    play(D20_RULES.enchantedRealmsD20Treat, { combatantId: 'orc', condition: 'BLEEDING', treatment: 'BANDAGE' });
    for (let i = 0; i < 3; i += 1) play(D20_RULES.enchantedRealmsD20NextTurn, { encounterId: 'e-1' });
    expect(orc().damageTaken).toBe(8);
  });

  it('the combat ends and everyone rests', () => {
    play(D20_RULES.enchantedRealmsD20EndCombat, { encounterId: 'e-1' });
    expect(state.encounters['e-1']).toMatchObject({ status: 'ENDED', round: 3 });
    play(D20_RULES.enchantedRealmsD20ShortRest, { combatantIds: ['ana', 'orc', 'bo'] });
    expect(Object.values(state.combatants).flatMap((one) => one.conditions)).toEqual([]);
  });
});
