import { ForbiddenError } from '../../common/errors.js';
import type { Principal } from '../../modules/auth/principal.js';
import { AUTHORITY } from '../../rules/yummell/index.js';
import { gmInputsGiven, requireAuthority } from './yummell.authority.js';

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const member = (role: 'GM' | 'PLAYER', campaignId = CAMPAIGN): Principal => ({ role, id: `${role}-1`, memberId: `${role}-1`, campaignId, name: role });
const admin = { role: 'ADMIN', id: 'admin', memberId: null, campaignId: null, name: 'ADMIN' } as unknown as Principal;

const character = { campaignId: CAMPAIGN, name: 'Fulmergh', characteristics: { strength: 5, charm: 4, agility: 6, magic: 5 }, abilities: ['CLEPTOMANIA'], advantages: [] };

describe('who decides each input of a Yummell mutation (AUTHORITY)', () => {
  // One row per case: the caller, the mutation, its input, and whether it is refused.
  const cases: Array<[string, Principal, string, object, boolean]> = [
    ['the GM prints a character', member('GM'), 'yummellCreateCharacter', character, false],
    ['the ADMIN prints a character', admin, 'yummellCreateCharacter', character, false],
    ['a player prints a character', member('PLAYER'), 'yummellCreateCharacter', character, true],
    ['a player names only a name (no Characteristics)', member('PLAYER'), 'yummellCreateCharacter', { campaignId: CAMPAIGN, name: 'x', abilities: [], advantages: [] }, false],
    ['the GM of another campaign prints a character here', member('GM', 'c0000000-0000-4000-8000-000000000002'), 'yummellCreateCharacter', character, true],
    ['a player moves', member('PLAYER'), 'yummellMove', { characterId: 'x', cardId: 'wind-2', stopAfter: 2 }, false],
    ['a player resolves a challenge with an Advantage', member('PLAYER'), 'yummellResolveChallenge', { characterId: 'x', cardId: 'a', advantages: ['Heroism'] }, false],
    ['a player loads a board', member('PLAYER'), 'yummellSetUp', { campaignId: CAMPAIGN, boardPreset: 'yummell-example-board' }, true],
  ];

  it.each(cases)('%s', (_, principal, action, input, isRefused) => {
    const check = () => requireAuthority(principal, CAMPAIGN, action, input);
    if (isRefused) expect(check).toThrow(ForbiddenError);
    else expect(check).not.toThrow();
  });

  it('names the inputs that are the GM’s, and the rule that says so', () => {
    expect(() => requireAuthority(member('PLAYER'), CAMPAIGN, 'yummellCreateCharacter', { ...character, memberId: 'm' })).toThrow(
      'Only the GM decides memberId, characteristics, abilities in yummellCreateCharacter (DESIGN.md, API conventions: a PLAYER has their own characters, the GM assigns them): ask the GM',
    );
  });

  it('gives every choice of a turn to its player: no input of a turn is the GM’s', () => {
    const turn = ['yummellMove', 'yummellResolveChallenge', 'yummellRest', 'yummellUseAbility', 'yummellEndTurn'];
    const everyInput = Object.fromEntries(AUTHORITY.map((row) => [row.input, 'given']));
    for (const action of turn) expect(gmInputsGiven(action, everyInput)).toEqual([]);
    expect(gmInputsGiven('yummellSetUp', everyInput).map((row) => row.input)).toEqual(['board', 'boardPreset', 'cards', 'deckPreset']);
  });
});
