import { AUTHORITY } from './authority.js';

/** Every action of the contract (and the set-up the platform needs), with each input it takes. */
const INPUTS: Record<string, string[]> = {
  yummellSetUp: ['board', 'boardPreset', 'cards', 'deckPreset'],
  yummellCreateCharacter: ['campaignId', 'name', 'memberId', 'characteristics', 'abilities', 'advantages'],
  yummellMove: ['characterId', 'cardId', 'stopAfter', 'abilitiesBeforeEncounter'],
  yummellResolveChallenge: ['characterId', 'cardId', 'advantages'],
  yummellRest: ['characterId'],
  yummellUseAbility: ['characterId', 'ability', 'targetCharacterId', 'artefactCardId'],
  yummellEndTurn: ['characterId'],
};

describe('who decides each input (kernel/authority.ts)', () => {
  it('has one row for each input of each action, and no other', () => {
    const rows = AUTHORITY.map((row) => `${row.action}.${row.input}`);
    expect(new Set(rows).size).toBe(rows.length);
    expect(rows.sort()).toEqual(Object.entries(INPUTS).flatMap(([action, inputs]) => inputs.map((input) => `${action}.${input}`)).sort());
  });

  it('names the rule text of every row', () => {
    for (const row of AUTHORITY) expect(row.source.length).toBeGreaterThan(10);
  });

  it.each<[string, string, string]>([
    ['yummellSetUp', 'board', 'GM'],
    ['yummellCreateCharacter', 'characteristics', 'GM'],
    ['yummellMove', 'cardId', 'ACTING_PLAYER'],
    ['yummellMove', 'stopAfter', 'ACTING_PLAYER'],
    ['yummellResolveChallenge', 'cardId', 'ACTING_PLAYER'],
    ['yummellResolveChallenge', 'advantages', 'ACTING_PLAYER'],
    ['yummellUseAbility', 'targetCharacterId', 'ACTING_PLAYER'],
    ['yummellEndTurn', 'characterId', 'ACTING_PLAYER'],
  ])('%s.%s is decided by %s', (action, input, decidedBy) => {
    expect(AUTHORITY.find((row) => row.action === action && row.input === input)?.decidedBy).toBe(decidedBy);
  });
});
