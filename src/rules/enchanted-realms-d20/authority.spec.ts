import { AUTHORITY } from './authority.js';
import { D20_RULES } from './index.js';

/** Each mutation's inputs, as its rule takes them. */
const INPUTS: Record<keyof typeof D20_RULES, string[]> = {
  enchantedRealmsD20CreateCombatant: ['campaignId', 'name', 'characterId', 'defense', 'armorWorn', 'armorValue', 'skills', 'immunities'],
  enchantedRealmsD20Attack: ['attackerId', 'targetId', 'kind', 'skills', 'advantage', 'disadvantage', 'modifier', 'damagePerHit', 'grantsCrit'],
  enchantedRealmsD20CallCheck: ['combatantId', 'kind', 'targetValue', 'advantage', 'disadvantage', 'subAttribute', 'social'],
  enchantedRealmsD20Check: ['combatantId', 'kind', 'dice', 'modifier', 'targetValue', 'advantage', 'disadvantage', 'subAttribute', 'social', 'asCalled'],
  enchantedRealmsD20StartCombat: ['campaignId', 'combatantIds'],
  enchantedRealmsD20NextTurn: ['encounterId'],
  enchantedRealmsD20EndCombat: ['encounterId'],
  enchantedRealmsD20ShortRest: ['campaignId', 'combatantIds'],
  enchantedRealmsD20Treat: ['combatantId', 'condition', 'treatment', 'spellStrength'],
};

describe('who decides each input (AUTHORITY)', () => {
  it.each(Object.entries(INPUTS))('%s: one row for the action and one per input the caller chooses', (action, inputs) => {
    const rows = AUTHORITY.filter((row) => row.action === action);
    expect(rows.map((row) => row.input).sort()).toEqual(['*', ...inputs].sort());
  });

  it('names no other action, and gives every row a decider and a source', () => {
    expect(new Set(AUTHORITY.map((row) => row.action))).toEqual(new Set(Object.keys(D20_RULES)));
    for (const row of AUTHORITY) {
      expect(['GM', 'ACTING_PLAYER', 'ANY_MEMBER']).toContain(row.decidedBy);
      expect(row.source.length).toBeGreaterThan(5);
    }
  });

  it.each<[string, string, string]>([
    ['enchantedRealmsD20Attack', 'skills', 'ACTING_PLAYER'],
    ['enchantedRealmsD20Attack', 'grantsCrit', 'GM'],
    ['enchantedRealmsD20Check', 'targetValue', 'GM'],
    ['enchantedRealmsD20Check', 'kind', 'GM'],
    ['enchantedRealmsD20CallCheck', '*', 'GM'],
    ['enchantedRealmsD20StartCombat', '*', 'GM'],
    ['enchantedRealmsD20NextTurn', '*', 'GM'],
    ['enchantedRealmsD20CreateCombatant', 'immunities', 'GM'],
  ])('%s.%s is decided by %s', (action, input, decidedBy) => {
    expect(AUTHORITY.find((row) => row.action === action && row.input === input)?.decidedBy).toBe(decidedBy);
  });
});
