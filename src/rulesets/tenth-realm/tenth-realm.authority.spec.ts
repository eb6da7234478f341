import { ArbiterError } from '../../common/errors.js';
import type { Principal } from '../../modules/auth/principal.js';
import { ADMIN_PRINCIPAL } from '../../modules/auth/principal.js';
import { requireDecider } from './tenth-realm.authority.js';

const CAMPAIGN = 'c1';
const gm: Principal = { role: 'GM', id: 'g', memberId: 'g', campaignId: CAMPAIGN, name: 'Morgan' };
const player: Principal = { role: 'PLAYER', id: 'a', memberId: 'a', campaignId: CAMPAIGN, name: 'Ada' };
const LIGHTER = { playersSetDifficulty: true };

/** The code of the error a check throws, or 'ok'. */
function outcome(principal: Principal, action: string, input: object, settings: Record<string, unknown> = {}): string {
  try {
    requireDecider(principal, CAMPAIGN, action, input, settings);
    return 'ok';
  } catch (error) {
    if (error instanceof ArbiterError) return String(error.extensions.code);
    throw error;
  }
}

describe('requireDecider: who decides each Tenth Realm input (src/rules/tenth-realm/authority.ts)', () => {
  const roll = { characterId: 'x', attribute: 'STRENGTH', burns: [], drAdjustments: [] };
  it.each<[string, Principal, string, object, Record<string, unknown>, string]>([
    ['the GM rolls in one call, DR and all', gm, 'tenthRealmTrialRoll', { ...roll, dr: 9, drAdjustments: [{ amount: 1, reason: 'rain' }] }, {}, 'ok'],
    ['the ADMIN rolls in one call', ADMIN_PRINCIPAL, 'tenthRealmTrialRoll', { ...roll, dr: 9 }, {}, 'ok'],
    ['a player answers a call', player, 'tenthRealmTrialRoll', { ...roll, callId: 'c' }, {}, 'ok'],
    ['a player sets a DR', player, 'tenthRealmTrialRoll', { ...roll, dr: -100 }, {}, 'FORBIDDEN'],
    ['a player sets a DR while answering a call', player, 'tenthRealmTrialRoll', { ...roll, callId: 'c', dr: 9 }, {}, 'FORBIDDEN'],
    ['a player rolls what nobody called (the default DR is the GM\'s too)', player, 'tenthRealmTrialRoll', roll, {}, 'FORBIDDEN'],
    ['a player changes the DR', player, 'tenthRealmTrialRoll', { ...roll, callId: 'c', drAdjustments: [{ amount: -3, reason: 'x' }] }, {}, 'FORBIDDEN'],
    ['a player makes it a fate roll', player, 'tenthRealmTrialRoll', { ...roll, callId: 'c', fate: true }, {}, 'FORBIDDEN'],
    ['a player assigns a feat die', player, 'tenthRealmAttack', { ...roll, callId: 'c', featDie: 12 }, {}, 'FORBIDDEN'],
    ['a player calls a trial', player, 'tenthRealmCallTrial', { characterId: 'x' }, {}, 'FORBIDDEN'],
    ['a player reveals the risk of their call', player, 'tenthRealmRevealRisk', { characterId: 'x', callId: 'c' }, {}, 'ok'],
    ['a player sets a DR at a lighter table', player, 'tenthRealmTrialRoll', { ...roll, dr: 9 }, LIGHTER, 'ok'],
    ['a player assigns a feat die at a lighter table', player, 'tenthRealmAttack', { ...roll, featDie: 12 }, LIGHTER, 'ok'],
    ['a player calls a trial at a lighter table', player, 'tenthRealmCallTrial', { characterId: 'x' }, LIGHTER, 'FORBIDDEN'],
    ['a player says how much conjuring lowers the DR', player, 'tenthRealmTrialRoll', { ...roll, callId: 'c', burns: [{ characterId: 'x', cardId: 'AH', effect: 'VANORI', amount: 5 }] }, {}, 'FORBIDDEN'],
    ['a player conjures with the amount of the call', player, 'tenthRealmTrialRoll', { ...roll, callId: 'c', burns: [{ characterId: 'x', cardId: 'AH', effect: 'VANORI', amount: null }] }, {}, 'ok'],
    ['a player conjures in an attack with an amount', player, 'tenthRealmAttack', { ...roll, callId: 'c', burns: [{ characterId: 'x', cardId: 'AH', effect: 'VANORI', amount: 2 }] }, {}, 'FORBIDDEN'],
    ['a player says how much conjuring lowers the DR at a lighter table', player, 'tenthRealmTrialRoll', { ...roll, burns: [{ characterId: 'x', cardId: 'AH', effect: 'VANORI', amount: 2 }] }, LIGHTER, 'ok'],
    ['the GM rolls with a conjuring amount', gm, 'tenthRealmTrialRoll', { ...roll, burns: [{ characterId: 'x', cardId: 'AH', effect: 'VANORI', amount: 2 }] }, {}, 'ok'],
    ['a player sets the conjuring amount of a call', player, 'tenthRealmCallTrial', { characterId: 'x', conjuringAmount: 2 }, LIGHTER, 'FORBIDDEN'],
    ['a player ends a conjuring', player, 'tenthRealmEndConjuring', { characterId: 'x' }, LIGHTER, 'FORBIDDEN'],
    ['a player travels', player, 'tenthRealmTravel', { campaignId: CAMPAIGN, mode: 'WALK', hexes: ['a'] }, {}, 'ok'],
    ['a player says the winds favour sailing', player, 'tenthRealmTravel', { campaignId: CAMPAIGN, mode: 'SAIL', hexes: ['a'], favourableWinds: true }, LIGHTER, 'FORBIDDEN'],
    ['the GM rules favourable winds', gm, 'tenthRealmTravel', { campaignId: CAMPAIGN, mode: 'SAIL', hexes: ['a'], favourableWinds: true }, {}, 'ok'],
    ['a player invents a Vanori', player, 'tenthRealmChooseVanori', { characterId: 'x', vanori: 'CUSTOM', custom: {} }, LIGHTER, 'FORBIDDEN'],
  ])('%s', (_, principal, action, input, settings, expected) => {
    expect(outcome(principal, action, input, settings)).toBe(expected);
  });

  it('names the inputs refused and the seed line', () => {
    expect(() => requireDecider(player, CAMPAIGN, 'tenthRealmTrialRoll', { ...roll, dr: 9, fate: true }, {})).toThrow(
      /^dr and fate are the GM's to decide \(seed 002 line 124: the GM sets the DR/,
    );
  });

  it('refuses an action the table does not list', () => {
    expect(() => requireDecider(gm, CAMPAIGN, 'tenthRealmTeleport', {}, {})).toThrow('the authority table has no row for tenthRealmTeleport');
  });
});
