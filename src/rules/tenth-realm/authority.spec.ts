import { AUTHORITY, CALLED_ROLLS, DIFFICULTY_INPUTS } from './authority.js';

const decider = (action: string, input: string) => AUTHORITY.find((row) => row.action === action && row.input === input)?.decidedBy;

describe('AUTHORITY: who decides each Tenth Realm input (seed 002 lines 123–125, 141, 239)', () => {
  it.each<[string, string[], string]>([
    ['tenthRealmCallTrial', ['*', 'characterId', 'attribute', 'dr', 'drAdjustments', 'featDie', 'fate'], 'GM'],
    ['tenthRealmTrialRoll', ['dr', 'drAdjustments', 'fate'], 'GM'],
    ['tenthRealmTrialRoll', ['characterId', 'callId', 'attribute', 'burns'], 'ACTING_PLAYER'],
    ['tenthRealmAttack', ['dr', 'drAdjustments', 'featDie'], 'GM'],
    ['tenthRealmAttack', ['callId', 'attribute', 'burns', 'mode', 'enemyId'], 'ACTING_PLAYER'],
    ['tenthRealmDefend', ['dr', 'drAdjustments'], 'GM'],
    ['tenthRealmResilienceCheck', ['dr', 'drAdjustments'], 'GM'],
    ['tenthRealmResilienceCheck', ['callId', 'attribute', 'burns'], 'ACTING_PLAYER'],
    ['tenthRealmRevealRisk', ['characterId', 'callId'], 'ACTING_PLAYER'],
    ['tenthRealmLoseResilience', ['*', 'characterId', 'amount'], 'GM'],
    ['tenthRealmDamageGear', ['*', 'characterId', 'gear'], 'GM'],
    ['tenthRealmGainGear', ['*', 'characterId', 'gear', 'name', 'die'], 'GM'],
    ['tenthRealmEquipGear', ['characterId', 'gear', 'name'], 'ACTING_PLAYER'],
    ['tenthRealmDropGear', ['characterId', 'gear', 'name'], 'ACTING_PLAYER'],
    ['tenthRealmChooseVanori', ['custom'], 'GM'],
    ['tenthRealmOracle', ['campaignId', 'question', 'factors'], 'ANY_MEMBER'],
    ['tenthRealmTrialRoll', ['burns.amount'], 'GM'],
    ['tenthRealmAttack', ['burns.amount'], 'GM'],
    ['tenthRealmDefend', ['burns.amount'], 'GM'],
    ['tenthRealmDamageEnemyGear', ['burns.amount'], 'GM'],
    ['tenthRealmResilienceCheck', ['burns.amount'], 'GM'],
    ['tenthRealmCallTrial', ['conjuringAmount'], 'GM'],
    ['tenthRealmEndConjuring', ['*', 'characterId'], 'GM'],
    ['tenthRealmTravel', ['campaignId', 'mode', 'hexes'], 'ANY_MEMBER'],
    ['tenthRealmTravel', ['favourableWinds'], 'GM'],
  ])('%s: %j by %s', (action, inputs, decidedBy) => {
    for (const input of inputs) expect({ input, decidedBy: decider(action, input) }).toEqual({ input, decidedBy });
  });

  it('has one row per input, each citing its source', () => {
    const keys = AUTHORITY.map((row) => `${row.action}.${row.input}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of AUTHORITY) {
      expect(row.action).toMatch(/^tenthRealm[A-Z]/);
      expect(row.source).toMatch(/^(tenth-realm\.md|seed 002|Decision)/);
    }
  });

  it('gives the GM every difficulty input of the rolls a player answers', () => {
    for (const action of CALLED_ROLLS) {
      const given = AUTHORITY.filter((row) => row.action === action && DIFFICULTY_INPUTS.includes(row.input));
      expect(given.length).toBeGreaterThan(0);
      for (const row of given) expect(row.decidedBy).toBe('GM');
      expect(decider(action, 'callId')).toBe('ACTING_PLAYER');
    }
  });

  it('lists every mutation of the ruleset', () => {
    expect([...new Set(AUTHORITY.map((row) => row.action))].sort()).toEqual([
      'tenthRealmAddCondition',
      'tenthRealmAttack',
      'tenthRealmBlessing',
      'tenthRealmBurnCard',
      'tenthRealmCallTrial',
      'tenthRealmChooseVanori',
      'tenthRealmClearCondition',
      'tenthRealmCreateCharacter',
      'tenthRealmDamageEnemyGear',
      'tenthRealmDamageGear',
      'tenthRealmDefend',
      'tenthRealmDropGear',
      'tenthRealmDropItem',
      'tenthRealmEndCombat',
      'tenthRealmEndConjuring',
      'tenthRealmEnterRegion',
      'tenthRealmEquipGear',
      'tenthRealmFinishCharacter',
      'tenthRealmGainGear',
      'tenthRealmGainItem',
      'tenthRealmLoseResilience',
      'tenthRealmMorale',
      'tenthRealmOracle',
      'tenthRealmReaction',
      'tenthRealmRedrawAttribute',
      'tenthRealmRepairGear',
      'tenthRealmRerollResilience',
      'tenthRealmResilienceCheck',
      'tenthRealmRest',
      'tenthRealmRevealRisk',
      'tenthRealmRollStartingRegion',
      'tenthRealmSetRiskRating',
      'tenthRealmStartCombat',
      'tenthRealmStartSession',
      'tenthRealmTendWounds',
      'tenthRealmTravel',
      'tenthRealmTrialRoll',
      'tenthRealmWithdraw',
    ]);
  });
});
