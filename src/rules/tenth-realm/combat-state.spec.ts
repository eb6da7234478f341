import type { Combat } from './combat-state.js';
import { attack, defend, morale, startCombat } from './combat.js';
import { accepted, activeCharacter, dice, run, tableWith } from './testing.js';

describe('a combat as stored between turns', () => {
  /** A fight after initiative, one attack, one defence and a morale check. */
  function foughtCombat(): Combat {
    let state = tableWith({ drawPile: ['QS', '8C'], characters: { ana: activeCharacter(), bo: activeCharacter() } });
    const rng = dice(15, 5, 2, 4, 6, 1);
    const enemies = [
      { name: 'Draugr', resilience: 9, armorDie: 6, weaponDie: 10 },
      { name: 'Wolf pack', resilience: 12, weaponDie: 8 },
    ];
    state = accepted(run(startCombat, state, { encounterId: 'barrow', characterIds: ['ana', 'bo'], enemies }, rng)).state;
    state = accepted(run(attack, state, { characterId: 'ana', attribute: 'STRENGTH', encounterId: 'barrow', enemyId: 'e1', mode: 'WEAPON' }, rng)).state;
    state = accepted(run(defend, state, { characterId: 'bo', attribute: 'DEXTERITY', encounterId: 'barrow', enemyId: 'e2' }, rng)).state;
    state = accepted(run(morale, state, { encounterId: 'barrow' }, rng)).state;
    return state.combat!;
  }

  it('holds the order of the groups, the enemies and a numbered log of the turns', () => {
    const combat = foughtCombat();
    expect(combat).toMatchObject({ id: 'barrow', characterIds: ['ana', 'bo'], initiative: 'ENEMIES', initiativeCard: 'QS', status: 'ACTIVE' });
    expect(combat.enemies.map(({ id, resilience, morale: result }) => ({ id, resilience, morale: result }))).toEqual([
      { id: 'e1', resilience: 6, morale: 'STAY_IN_THE_FIGHT' },
      { id: 'e2', resilience: 12, morale: 'STAY_IN_THE_FIGHT' },
    ]);
    expect(combat.turns.map((turn) => [turn.turn, turn.kind])).toEqual([
      [1, 'ATTACK'],
      [2, 'DEFEND'],
      [3, 'MORALE'],
    ]);
  });

  it('is plain data that survives JSON storage', () => {
    const combat = foughtCombat();
    expect(JSON.parse(JSON.stringify(combat))).toEqual(combat);
  });
});
