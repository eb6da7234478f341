import { AUTHORITY } from './authority.js';

const decider = (action: string, input: string) => AUTHORITY.find((row) => row.action === action && row.input === input)?.decidedBy;

describe('AUTHORITY: who decides each input', () => {
  it.each<[string, string[], string]>([
    // The contract: (GM) actions and the character's player's.
    ['ytterdorrenStartSkirmish', ['campaignId', 'characterIds', 'creatureIds'], 'GM'],
    ['ytterdorrenResolveRound', ['skirmishId'], 'GM'],
    ['ytterdorrenStartEncounter', ['campaignId', 'characterIds', 'foes'], 'GM'],
    ['ytterdorrenFoeAttack', ['encounterId', 'foeId', 'targetCharacterId'], 'GM'],
    ['ytterdorrenDamageFoe', ['encounterId', 'foeId', 'amount'], 'GM'],
    ['ytterdorrenLoadCreatures', ['campaignId', 'creatures'], 'GM'],
    ['ytterdorrenChooseStance', ['skirmishId', 'characterId', 'stance', 'targetCreatureId'], 'ACTING_PLAYER'],
    ['ytterdorrenCharacterAttack', ['encounterId', 'characterId', 'foeId'], 'ACTING_PLAYER'],
    ['ytterdorrenEquipWeapon', ['characterId', 'weapon'], 'ACTING_PLAYER'],
    ['ytterdorrenTrade', ['fromCharacterId', 'toCharacterId', 'items', 'coins'], 'ACTING_PLAYER'],
    ['ytterdorrenUseItem', ['characterId', 'item'], 'ACTING_PLAYER'],
    ['ytterdorrenUseItem', ['consumed', 'vitaGained'], 'GM'],
    ['ytterdorrenCreateCharacter', ['memberId', 'vita', 'defense', 'might'], 'GM'],
    ['ytterdorrenCreateCharacter', ['campaignId', 'name'], 'ANY_MEMBER'],
  ])('%s: %j by %s', (action, inputs, decidedBy) => {
    for (const input of inputs) expect({ input, decidedBy: decider(action, input) }).toEqual({ input, decidedBy });
  });

  it('has one row per input, each citing its source', () => {
    const keys = AUTHORITY.map((row) => `${row.action}.${row.input}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of AUTHORITY) {
      expect(row.action).toMatch(/^ytterdorren[A-Z]/);
      expect(row.source).toMatch(/^(ytterdorren\.md|seed 001)/);
    }
  });

  it('lists every mutation of the ruleset', () => {
    expect([...new Set(AUTHORITY.map((row) => row.action))].sort()).toEqual([
      'ytterdorrenCharacterAttack',
      'ytterdorrenChooseStance',
      'ytterdorrenCreateCharacter',
      'ytterdorrenDamageCharacter',
      'ytterdorrenDamageFoe',
      'ytterdorrenEndEncounter',
      'ytterdorrenEquipWeapon',
      'ytterdorrenFoeAttack',
      'ytterdorrenGainItem',
      'ytterdorrenHealCharacter',
      'ytterdorrenLoadCreatures',
      'ytterdorrenResolveRound',
      'ytterdorrenStartEncounter',
      'ytterdorrenStartSkirmish',
      'ytterdorrenTrade',
      'ytterdorrenUseItem',
    ]);
  });
});
