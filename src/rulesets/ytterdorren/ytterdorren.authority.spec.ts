import { ArbiterError } from '../../common/errors.js';
import type { Principal } from '../../modules/auth/principal.js';
import { ADMIN_PRINCIPAL } from '../../modules/auth/principal.js';
import { AUTHORITY } from '../../rules/ytterdorren/authority.js';
import { requireDecider } from './ytterdorren.authority.js';

const CAMPAIGN = 'c1';
const gm: Principal = { role: 'GM', id: 'g', memberId: 'g', campaignId: CAMPAIGN, name: 'Morgan' };
const player: Principal = { role: 'PLAYER', id: 'a', memberId: 'a', campaignId: CAMPAIGN, name: 'Ada' };
const elsewhere: Principal = { role: 'GM', id: 'o', memberId: 'o', campaignId: 'c2', name: 'Other' };

/** The code of the error a check throws, or 'ok'. */
function outcome(principal: Principal, action: string, input: object): string {
  try {
    requireDecider(principal, CAMPAIGN, action, input);
    return 'ok';
  } catch (error) {
    if (error instanceof ArbiterError) return String(error.extensions.code);
    throw error;
  }
}

describe('requireDecider: who decides each input (src/rules/ytterdorren/authority.ts)', () => {
  const create = { campaignId: CAMPAIGN, name: 'Sigrun', vita: 8, defense: 40, might: 5 };
  it.each<[string, Principal, string, object, string]>([
    ['the GM starts a skirmish', gm, 'ytterdorrenStartSkirmish', { campaignId: CAMPAIGN }, 'ok'],
    ['the ADMIN starts a skirmish', ADMIN_PRINCIPAL, 'ytterdorrenStartSkirmish', { campaignId: CAMPAIGN }, 'ok'],
    ['a player starts a skirmish', player, 'ytterdorrenStartSkirmish', { campaignId: CAMPAIGN }, 'FORBIDDEN'],
    ['a player resolves a round', player, 'ytterdorrenResolveRound', { skirmishId: 's' }, 'FORBIDDEN'],
    ['a player rolls a foe attack', player, 'ytterdorrenFoeAttack', { encounterId: 'e' }, 'FORBIDDEN'],
    ['a player chooses a stance', player, 'ytterdorrenChooseStance', { skirmishId: 's', characterId: 'x', stance: 'ATTACK' }, 'ok'],
    ['a player attacks a foe', player, 'ytterdorrenCharacterAttack', { encounterId: 'e', characterId: 'x', foeId: 'f1' }, 'ok'],
    ['a player uses an item as its card says by default', player, 'ytterdorrenUseItem', { characterId: 'x', item: 'Potion' }, 'ok'],
    ['a player says an item gives Vita', player, 'ytterdorrenUseItem', { characterId: 'x', item: 'Potion', vitaGained: 3 }, 'FORBIDDEN'],
    ['a player says an item is not used up', player, 'ytterdorrenUseItem', { characterId: 'x', item: 'Rope', consumed: false }, 'FORBIDDEN'],
    ['the GM says an item gives Vita', gm, 'ytterdorrenUseItem', { characterId: 'x', item: 'Potion', vitaGained: 3 }, 'ok'],
    ['a player gives a character its numbers', player, 'ytterdorrenCreateCharacter', create, 'FORBIDDEN'],
    ['the GM gives a character its numbers', gm, 'ytterdorrenCreateCharacter', create, 'ok'],
    ['the GM of another campaign', elsewhere, 'ytterdorrenChooseStance', { skirmishId: 's' }, 'NOT_FOUND'],
  ])('%s: %s', (_, principal, action, input, expected) => {
    expect(outcome(principal, action, input)).toBe(expected);
  });

  it('names the inputs the GM decides and the rule text that says so', () => {
    expect(() => requireDecider(player, CAMPAIGN, 'ytterdorrenUseItem', { characterId: 'x', item: 'Potion', consumed: false, vitaGained: 3 })).toThrow(
      "consumed and vitaGained are the GM's to decide (ytterdorren.md, Characters: what an item does is on its card, read by the GM): ask the GM",
    );
    expect(() => requireDecider(player, CAMPAIGN, 'ytterdorrenResolveRound', { skirmishId: 's' })).toThrow(
      "Only the campaign's GM may do that (ytterdorren.md, Skirmish 4–6: the creatures' turn is the GM's to run)",
    );
  });

  it('knows every action of the table, and refuses an action it does not list', () => {
    for (const action of new Set(AUTHORITY.map((row) => row.action))) expect(outcome(gm, action, {})).toBe('ok');
    expect(() => requireDecider(gm, CAMPAIGN, 'ytterdorrenFly', {})).toThrow('the authority table has no row for ytterdorrenFly');
  });
});
