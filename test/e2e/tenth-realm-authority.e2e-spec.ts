import { Client, createTable, finishedTenthRealmCharacter } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';
import { expectOutcomesFollow } from '../helpers/verify-outcomes.js';

const ROLL = `d20 attributeModifier bonus score baseDr effectiveDr revealed { code color } success natural1 natural20 cardKept { code } burned xpMarked eventSeq`;
const CALL = `call { id characterId attribute dr drAdjustments { amount reason } featDie fate revealed { code color } drAfterRisk } eventSeq`;

const M = {
  enter: `mutation ($input: TenthRealmEnterRegionInput!) { tenthRealmEnterRegion(input: $input) { eventSeq } }`,
  risk: `mutation ($input: TenthRealmSetRiskRatingInput!) { tenthRealmSetRiskRating(input: $input) { eventSeq } }`,
  callTrial: `mutation ($input: TenthRealmCallTrialInput!) { tenthRealmCallTrial(input: $input) { ${CALL} } }`,
  reveal: `mutation ($input: TenthRealmRevealRiskInput!) { tenthRealmRevealRisk(input: $input) { ${CALL} } }`,
  roll: `mutation ($input: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $input) { ${ROLL} } }`,
  startCombat: `mutation ($input: TenthRealmStartCombatInput!) { tenthRealmStartCombat(input: $input) { encounter { id } } }`,
  attack: `mutation ($input: TenthRealmAttackInput!) { tenthRealmAttack(input: $input) { roll { ${ROLL} } damageDie eventSeq } }`,
  defend: `mutation ($input: TenthRealmDefendInput!) { tenthRealmDefend(input: $input) { roll { ${ROLL} } eventSeq } }`,
  lose: `mutation ($input: TenthRealmLoseResilienceInput!) { tenthRealmLoseResilience(input: $input) { eventSeq } }`,
  check: `mutation ($input: TenthRealmResilienceCheckInput!) { tenthRealmResilienceCheck(input: $input) { roll { ${ROLL} } incapacitated eventSeq } }`,
  calls: `query ($id: ID!) { campaign(id: $id) { tenthRealm { calls { id characterId dr } } } }`,
  events: `query ($c: ID!, $after: Int!) { events(campaignId: $c, afterSeq: $after) { seq type actorRole payload } }`,
};

describe('the Tenth Realm: who decides each number', () => {
  const env = useTestArbiter();

  async function newCharacter(client: Client, campaignId: string, name: string, vanori: string): Promise<string> {
    return finishedTenthRealmCharacter(client, campaignId, name, vanori);
  }

  /** A default table (the GM sets difficulty) with Sigrun (Ada's) and Brand (Bo's), in a hex of risk 2. */
  async function table(settings?: Record<string, unknown>) {
    const created = await createTable(env.arbiter.url, 'tenth-realm', settings);
    const [ada, bo] = created.players;
    const sigrun = await newCharacter(ada.client, created.campaignId, 'Sigrun', 'OX');
    const brand = await newCharacter(bo.client, created.campaignId, 'Brand', 'BEAR');
    await created.gm.data(M.enter, { input: { campaignId: created.campaignId, hex: 'A1' } });
    await created.gm.data(M.risk, { input: { campaignId: created.campaignId, hex: 'A1', riskRating: 2 } });
    return { ...created, ada, bo, sigrun, brand };
  }

  /** The GM's roll for a character in one call, easy enough to succeed: it keeps a risk card in the roller's hand. */
  async function cardInHand(gm: Client, characterId: string): Promise<string> {
    const roll = (await gm.data(M.roll, { input: { characterId, attribute: 'HEART', dr: -50 } })).tenthRealmTrialRoll;
    return roll.cardKept.code;
  }

  it("refuses a player the DR, the DR changes, a feat's die, a fate roll and a roll nobody called, writing nothing", async () => {
    const { gm, ada, campaignId, sigrun } = await table();
    const before = await env.db.eventSeqs(campaignId);
    const refusal = async (query: string, input: Record<string, unknown>) => (await ada.client.request(query, { input })).body.errors![0];

    expect(await refusal(M.roll, { characterId: sigrun, attribute: 'STRENGTH', dr: -50 })).toMatchObject({
      message: expect.stringMatching(/^dr is the GM's to decide \(seed 002 line 124/),
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await refusal(M.roll, { characterId: sigrun, attribute: 'STRENGTH', dr: 9, drAdjustments: [{ amount: -5, reason: 'I say so' }] })).toMatchObject({
      message: expect.stringMatching(/^dr and drAdjustments are the GM's to decide/),
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await refusal(M.roll, { characterId: sigrun, attribute: 'STRENGTH', fate: true })).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    // No DR given is still a DR (the default 12): the GM's, so the player answers a call.
    expect(await refusal(M.roll, { characterId: sigrun, attribute: 'STRENGTH' })).toMatchObject({
      message: expect.stringContaining("roll the GM's call (callId from tenthRealmCallTrial)"),
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await refusal(M.callTrial, { characterId: sigrun, attribute: 'STRENGTH', dr: 2 })).toMatchObject({
      message: expect.stringMatching(/^Only the campaign's GM may do that/),
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await refusal(M.check, { characterId: sigrun, dr: -50 })).toMatchObject({ extensions: { code: 'FORBIDDEN' } });

    const encounterId: string = (await gm.data(M.startCombat, { input: { campaignId, characterIds: [sigrun], enemies: [{ name: 'Draugr', resilience: 30, weaponDie: 6 }] } }))
      .tenthRealmStartCombat.encounter.id;
    const afterStart = await env.db.eventSeqs(campaignId);
    expect(await refusal(M.attack, { encounterId, characterId: sigrun, enemyId: 'e1', attribute: 'STRENGTH', mode: 'FEAT', featDie: 12 })).toMatchObject({
      message: expect.stringMatching(/^featDie is the GM's to decide \(seed 002 line 239/),
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await refusal(M.attack, { encounterId, characterId: sigrun, enemyId: 'e1', attribute: 'STRENGTH' })).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await refusal(M.defend, { encounterId, characterId: sigrun, enemyId: 'e1', attribute: 'DEXTERITY', dr: -50 })).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await env.db.eventSeqs(campaignId)).toEqual(afterStart);
    expect(afterStart.lastEventSeq).toBe(before.lastEventSeq + 1);
  });

  it("plays a call, its risk revealed ahead, then the player's roll with their own burns", async () => {
    const { gm, ada, bo, campaignId, sigrun, brand } = await table();
    const card = await cardInHand(gm, sigrun);

    const called = (await gm.data(M.callTrial, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 15, drAdjustments: [{ amount: -1, reason: 'a rope' }] } })).tenthRealmCallTrial;
    expect(called.call).toMatchObject({ characterId: sigrun, attribute: 'STRENGTH', dr: 15, drAdjustments: [{ amount: -1, reason: 'a rope' }], featDie: null, fate: false, revealed: null, drAfterRisk: null });
    const callId: string = called.call.id;
    expect((await ada.client.data(M.calls, { id: campaignId })).campaign.tenthRealm.calls).toEqual([{ id: callId, characterId: sigrun, dr: 15 }]);

    // Another player cannot answer it: not with Sigrun (not theirs), not with their own character.
    expect(await bo.client.errorCode(M.roll, { input: { characterId: sigrun, callId } })).toBe('FORBIDDEN');
    expect((await bo.client.request(M.roll, { input: { characterId: brand, callId } })).body.errors![0]).toMatchObject({
      message: 'that call is for another character',
      extensions: { code: 'RULE_VIOLATION', reason: 'CALL_FOR_ANOTHER_CHARACTER' },
    });
    // Answering a call, the player still may not set the DR.
    expect(await ada.client.errorCode(M.roll, { input: { characterId: sigrun, callId, dr: -50 } })).toBe('FORBIDDEN');

    // Step one: the risk. Two cards (risk 2), each black one +2.
    const revealed = (await ada.client.data(M.reveal, { input: { characterId: sigrun, callId } })).tenthRealmRevealRisk.call;
    expect(revealed.revealed).toHaveLength(2);
    const blacks = revealed.revealed.filter((each: { color: string }) => each.color === 'BLACK').length;
    expect(revealed.drAfterRisk).toBe(15 - 1 + 2 * blacks);
    expect((await ada.client.request(M.reveal, { input: { characterId: sigrun, callId } })).body.errors![0].extensions).toMatchObject({ reason: 'RISK_ALREADY_REVEALED' });

    // Step two: knowing the DR, Sigrun calls the gods and rolls; the cards revealed are the ones she saw.
    const roll = (await ada.client.data(M.roll, { input: { characterId: sigrun, callId, burns: [{ characterId: sigrun, cardId: card, effect: 'CALL_THE_GODS' }] } })).tenthRealmTrialRoll;
    expect(roll).toMatchObject({ baseDr: 15, effectiveDr: revealed.drAfterRisk, revealed: revealed.revealed, bonus: 2, burned: [card], cardKept: null });
    expect(roll.score).toBe(roll.d20 + roll.attributeModifier + 2);
    expect(roll.success).toBe(roll.score > roll.effectiveDr);
    // The call is used up.
    expect((await ada.client.data(M.calls, { id: campaignId })).campaign.tenthRealm.calls).toEqual([]);
    expect((await ada.client.request(M.roll, { input: { characterId: sigrun, callId } })).body.errors![0].extensions).toMatchObject({ reason: 'UNKNOWN_CALL' });

    // The event log reads the call, the reveal and the roll like any other move.
    const { events } = await gm.data(M.events, { c: campaignId, after: called.eventSeq - 1 });
    expect(events.map((event: { type: string }) => event.type)).toEqual(['tenth-realm.trial-called', 'tenth-realm.risk-revealed', 'tenth-realm.trial-rolled']);
    expect(events[0]).toMatchObject({ actorRole: 'GM', payload: { callId, characterId: sigrun, dr: 15, call: { attribute: 'STRENGTH' } } });
    expect(events[1]).toMatchObject({ actorRole: 'PLAYER', payload: { callId, drAfterRisk: revealed.drAfterRisk } });
    expect(events[2]).toMatchObject({ actorRole: 'PLAYER', payload: { callId, baseDr: 15, burned: [card] } });
    await expectOutcomesFollow(gm, ada.client, campaignId, 'tenth-realm', 3);
  });

  it('lets the player pick the attribute when the call leaves it open, and the GM roll in one call', async () => {
    const { gm, ada, sigrun } = await table();
    const callId: string = (await gm.data(M.callTrial, { input: { characterId: sigrun, dr: 9 } })).tenthRealmCallTrial.call.id;
    expect((await ada.client.request(M.roll, { input: { characterId: sigrun, callId } })).body.errors![0]).toMatchObject({
      message: 'the call leaves the attribute to the player: pick one',
      extensions: { code: 'RULE_VIOLATION' },
    });
    const picked = (await ada.client.data(M.roll, { input: { characterId: sigrun, callId, attribute: 'WILLPOWER' } })).tenthRealmTrialRoll;
    expect(picked.baseDr).toBe(9);
    // The GM's one-call roll, DR and all.
    const oneCall = (await gm.data(M.roll, { input: { characterId: sigrun, attribute: 'HEART', dr: -50, drAdjustments: [{ amount: 2, reason: 'dark' }] } })).tenthRealmTrialRoll;
    expect(oneCall).toMatchObject({ baseDr: -50, success: true });
  });

  it("answers the GM's call with an attack whose feat die the GM assigned", async () => {
    const { gm, ada, campaignId, sigrun } = await table();
    const encounterId: string = (await gm.data(M.startCombat, { input: { campaignId, characterIds: [sigrun], enemies: [{ name: 'Draugr', resilience: 100, weaponDie: 6 }] } }))
      .tenthRealmStartCombat.encounter.id;
    const callId: string = (await gm.data(M.callTrial, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 12, featDie: 10 } })).tenthRealmCallTrial.call.id;
    const hit = (await ada.client.data(M.attack, { input: { encounterId, characterId: sigrun, enemyId: 'e1', mode: 'FEAT', callId } })).tenthRealmAttack;
    const { success, natural20, natural1 } = hit.roll;
    expect(hit.roll.baseDr).toBe(12);
    expect(hit.damageDie).toBe(success ? (natural20 ? 12 : 10) : natural1 ? 6 : 8);
  });

  it("applies the GM's rulings on a blow from the call, and refuses them to a player", async () => {
    const { gm, ada, campaignId, sigrun } = await table();
    const encounterId: string = (await gm.data(M.startCombat, { input: { campaignId, characterIds: [sigrun], enemies: [{ name: 'Draugr', resilience: 100, armorDie: 6, weaponDie: 6 }] } }))
      .tenthRealmStartCombat.encounter.id;
    const strike = `mutation ($input: TenthRealmAttackInput!) { tenthRealmAttack(input: $input) { roll { success } armorRoll damage damageRoll consequence } }`;
    expect(await ada.client.errorCode(strike, { input: { encounterId, characterId: sigrun, enemyId: 'e1', attribute: 'STRENGTH', ignoreArmor: true } })).toBe('FORBIDDEN');
    // An impossible DR: a setback, whose damage the GM's consequence replaces.
    const callId: string = (
      await gm.data(M.callTrial, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 100, ignoreArmor: true, consequenceInPlaceOfDamage: 'the spear snaps' } })
    ).tenthRealmCallTrial.call.id;
    const hit = (await ada.client.data(strike, { input: { encounterId, characterId: sigrun, enemyId: 'e1', callId } })).tenthRealmAttack;
    expect(hit).toEqual({ roll: { success: false }, armorRoll: 0, damage: 0, damageRoll: 0, consequence: 'the spear snaps' });
    // The GM's one-call defence, armor ignored: the whole damage roll lands.
    const parry = `mutation ($input: TenthRealmDefendInput!) { tenthRealmDefend(input: $input) { hit { damageRoll armorRoll damage } consequence } }`;
    const taken = (await gm.data(parry, { input: { encounterId, characterId: sigrun, enemyId: 'e1', attribute: 'DEXTERITY', dr: 100, ignoreArmor: true } })).tenthRealmDefend;
    expect(taken.hit.armorRoll).toBe(0);
    expect(taken.hit.damage).toBe(taken.hit.damageRoll);
    expect(taken.consequence).toBeNull();
    await expectOutcomesFollow(gm, ada.client, campaignId, 'tenth-realm', 3);
  });

  it('makes a resilience check with burns, answering the call', async () => {
    const { gm, ada, sigrun } = await table();
    const card = await cardInHand(gm, sigrun);
    await gm.data(M.lose, { input: { characterId: sigrun, amount: 100 } });
    const callId: string = (await gm.data(M.callTrial, { input: { characterId: sigrun, attribute: 'WILLPOWER', dr: 12 } })).tenthRealmCallTrial.call.id;
    const check = (await ada.client.data(M.check, { input: { characterId: sigrun, callId, burns: [{ characterId: sigrun, cardId: card, effect: 'CALL_THE_GODS' }] } }))
      .tenthRealmResilienceCheck;
    expect(check.roll).toMatchObject({ baseDr: 12, bonus: 2, burned: [card] });
    expect(check.incapacitated).toBe(!check.roll.success);
  });

  it("loses a fight only once the fallen made their resilience check, and lets the players' side withdraw", async () => {
    const { gm, ada, bo, campaignId, sigrun, brand } = await table();
    const status = async (encounterId: string) => (await gm.data(`query ($id: ID!) { encounter(id: $id) { status } }`, { id: encounterId })).encounter.status;
    const troll = [{ name: 'Troll', resilience: 50, weaponDie: 12 }];
    const lost: string = (await gm.data(M.startCombat, { input: { campaignId, characterIds: [sigrun], enemies: troll } })).tenthRealmStartCombat.encounter.id;
    await gm.data(M.lose, { input: { characterId: sigrun, amount: 100 } });
    expect(await status(lost)).toBe('ACTIVE');
    // An impossible DR: the check fails, Sigrun is incapacitated, and only now is the fight lost.
    const callId: string = (await gm.data(M.callTrial, { input: { characterId: sigrun, dr: 100 } })).tenthRealmCallTrial.call.id;
    const check = (await ada.client.data(M.check, { input: { characterId: sigrun, callId } })).tenthRealmResilienceCheck;
    expect(check.incapacitated).toBe(true);
    expect(await status(lost)).toBe('LOST');

    const left: string = (await gm.data(M.startCombat, { input: { campaignId, characterIds: [brand], enemies: troll } })).tenthRealmStartCombat.encounter.id;
    const withdraw = `mutation ($input: TenthRealmWithdrawInput!) { tenthRealmWithdraw(input: $input) { encounter { status turns { kind summary } } eventSeq } }`;
    expect(await ada.client.errorCode(withdraw, { input: { encounterId: left, characterId: brand } })).toBe('FORBIDDEN');
    expect((await ada.client.request(withdraw, { input: { encounterId: left, characterId: sigrun } })).body.errors![0].extensions).toMatchObject({ reason: 'NOT_IN_COMBAT' });
    const withdrew = (await bo.client.data(withdraw, { input: { encounterId: left, characterId: brand } })).tenthRealmWithdraw;
    expect(withdrew.encounter).toMatchObject({ status: 'PLAYERS_WITHDREW', turns: [{ kind: 'END', summary: 'PLAYERS_WITHDREW' }] });
  });

  it('lets players set difficulty themselves when the campaign says so, and checks the setting', async () => {
    const { ada, sigrun } = await table({ playersSetDifficulty: true });
    const roll = (await ada.client.data(M.roll, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: -50 } })).tenthRealmTrialRoll;
    expect(roll).toMatchObject({ baseDr: -50, success: true });
    const admin = new Client(env.arbiter.url, (await createTable(env.arbiter.url)).admin.key);
    const bad = await admin.request(`mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } } }`, {
      input: { name: 'Table', ruleset: 'tenth-realm', settings: { playersSetDifficulty: 'yes' } },
    });
    expect(bad.body.errors![0]).toMatchObject({ message: 'settings.playersSetDifficulty must be true or false', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('answers a call over REST: POST /v1/tenth-realm/characters/:characterId/trial-roll with callId', async () => {
    const { gm, ada, sigrun } = await table();
    const path = `${env.arbiter.url}/v1/tenth-realm/characters/${sigrun}/trial-roll`;
    const post = (body: unknown) =>
      fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.client.key}` }, body: JSON.stringify(body) });
    const refused = await post({ attribute: 'STRENGTH', dr: -50 });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('FORBIDDEN');
    const callId: string = (await gm.data(M.callTrial, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 14 } })).tenthRealmCallTrial.call.id;
    const answered = await post({ callId });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ characterId: sigrun, baseDr: 14 });
  });
});
