import { Client, createTable, finishedTenthRealmCharacter } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

const GEAR = `armor { name die originalDie broken } weapon { name die originalDie broken } carriedGear { slot name die originalDie broken } inventory { usedSlots }`;
const M = {
  gain: `mutation ($input: TenthRealmGainGearInput!) { tenthRealmGainGear(input: $input) { character { tenthRealm { ${GEAR} } } eventSeq } }`,
  equip: `mutation ($input: TenthRealmNamedGearInput!) { tenthRealmEquipGear(input: $input) { character { tenthRealm { ${GEAR} } } eventSeq } }`,
  startCombat: `mutation ($input: TenthRealmStartCombatInput!) { tenthRealmStartCombat(input: $input) { encounter { id } } }`,
  call: `mutation ($input: TenthRealmCallTrialInput!) { tenthRealmCallTrial(input: $input) { call { id } } }`,
  sunder: `mutation ($input: TenthRealmDamageEnemyGearInput!) { tenthRealmDamageEnemyGear(input: $input) { roll { success } gear dieBefore dieAfter enemy { id } encounter { turns { kind summary } } eventSeq } }`,
  drop: `mutation ($input: TenthRealmNamedGearInput!) { tenthRealmDropGear(input: $input) { character { tenthRealm { ${GEAR} } } eventSeq } }`,
};

describe('Tenth Realm gear with die ratings over HTTP (seed 002 lines 163–169)', () => {
  const env = useTestArbiter();

  async function newCharacter(client: Client, campaignId: string): Promise<string> {
    return finishedTenthRealmCharacter(client, campaignId, 'Sigrun', 'OX');
  }

  it('the GM grants rated gear; the player equips it and drops the old; refusals write nothing', async () => {
    const { gm, campaignId, players } = await createTable(env.arbiter.url, 'tenth-realm');
    const [ada, bo] = players;
    const sigrun = await newCharacter(ada.client, campaignId);
    const refusal = async (client: Client, query: string, input: Record<string, unknown>) => (await client.request(query, { input })).body.errors![0];

    const before = await env.db.eventSeqs(campaignId);
    // The die rating is the GM's: a player cannot give themself a d12 axe.
    expect(await refusal(ada.client, M.gain, { characterId: sigrun, gear: 'WEAPON', name: 'Greataxe', die: 12 })).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await refusal(gm, M.gain, { characterId: sigrun, gear: 'ARMOR', name: 'Plate', die: 8 })).toMatchObject({
      extensions: { code: 'RULE_VIOLATION', reason: 'INVALID_DIE' },
    });
    expect(await gm.errorCode(M.gain, { input: { characterId: sigrun, gear: 'WEAPON', name: 'Sling', die: 20 } })).toBe('BAD_USER_INPUT');
    expect(await env.db.eventSeqs(campaignId)).toEqual(before);

    const gained = (await gm.data(M.gain, { input: { characterId: sigrun, gear: 'WEAPON', name: 'Greataxe', die: 12 } })).tenthRealmGainGear;
    expect(gained.character.tenthRealm.carriedGear).toEqual([{ slot: 'WEAPON', name: 'Greataxe', die: 12, originalDie: 12, broken: false }]);
    expect(gained.character.tenthRealm.inventory.usedSlots).toBe(2);

    // Another player's character is not Bo's to equip.
    expect(await bo.client.errorCode(M.equip, { input: { characterId: sigrun, gear: 'WEAPON', name: 'Greataxe' } })).toBe('FORBIDDEN');
    const equipped = (await ada.client.data(M.equip, { input: { characterId: sigrun, gear: 'WEAPON', name: 'Greataxe' } })).tenthRealmEquipGear;
    expect(equipped.character.tenthRealm.weapon).toEqual({ name: 'Greataxe', die: 12, originalDie: 12, broken: false });
    expect(equipped.character.tenthRealm.carriedGear).toEqual([{ slot: 'WEAPON', name: 'Spear', die: 6, originalDie: 6, broken: false }]);

    expect(await refusal(ada.client, M.drop, { characterId: sigrun, gear: 'WEAPON', name: 'Greataxe' })).toMatchObject({
      message: "'Greataxe' is equipped: equip another weapon first",
      extensions: { code: 'RULE_VIOLATION', reason: 'UNKNOWN_GEAR' },
    });
    const dropped = (await ada.client.data(M.drop, { input: { characterId: sigrun, gear: 'WEAPON', name: 'Spear' } })).tenthRealmDropGear;
    expect(dropped.character.tenthRealm.carriedGear).toEqual([]);
    expect(dropped.character.tenthRealm.inventory.usedSlots).toBe(1);
  });

  it("a player's turn damages the enemy's weapon, at the DR the GM called; a d4 weapon is refused", async () => {
    const { gm, campaignId, players } = await createTable(env.arbiter.url, 'tenth-realm');
    const [ada] = players;
    const sigrun = await newCharacter(ada.client, campaignId);
    const enemies = [{ name: 'Draugr', resilience: 20, armorDie: 4, weaponDie: 8 }, { name: 'Rat', resilience: 2, weaponDie: 4 }];
    const encounterId: string = (await gm.data(M.startCombat, { input: { campaignId, characterIds: [sigrun], enemies } })).tenthRealmStartCombat.encounter.id;

    // Without the GM's call the player cannot set the DR.
    expect(await ada.client.errorCode(M.sunder, { input: { encounterId, characterId: sigrun, enemyId: 'e1', gear: 'WEAPON', attribute: 'STRENGTH', dr: -50 } })).toBe('FORBIDDEN');
    const callId: string = (await gm.data(M.call, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: -50 } })).tenthRealmCallTrial.call.id;
    const turn = (await ada.client.data(M.sunder, { input: { encounterId, characterId: sigrun, callId, enemyId: 'e1', gear: 'WEAPON' } })).tenthRealmDamageEnemyGear;
    expect(turn).toMatchObject({ roll: { success: true }, gear: 'WEAPON', dieBefore: 8, dieAfter: 6, enemy: { id: 'e1' } });
    expect(turn.encounter.turns.at(-1)).toEqual({ kind: 'ATTACK', summary: "success: Draugr's weapon d8 → d6" });

    const again: string = (await gm.data(M.call, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: -50 } })).tenthRealmCallTrial.call.id;
    const refused = (await ada.client.request(M.sunder, { input: { encounterId, characterId: sigrun, callId: again, enemyId: 'e2', gear: 'WEAPON' } })).body.errors![0];
    expect(refused).toMatchObject({ extensions: { code: 'RULE_VIOLATION', reason: 'GEAR_BROKEN' } });
  });
});
