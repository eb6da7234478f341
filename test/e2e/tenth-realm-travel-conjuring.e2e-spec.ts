import { Client, createTable, finishedTenthRealmCharacter } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';
import { expectOutcomesFollow } from '../helpers/verify-outcomes.js';

const ROLL = `d20 score baseDr effectiveDr conjured revealed { code } success burned cardKept { code } eventSeq character { tenthRealm { conjuring { amount form } } }`;
const REGION = `hex riskRating descriptor riskCard { code color } notes`;

const M = {
  enter: `mutation ($input: TenthRealmEnterRegionInput!) { tenthRealmEnterRegion(input: $input) { eventSeq } }`,
  risk: `mutation ($input: TenthRealmSetRiskRatingInput!) { tenthRealmSetRiskRating(input: $input) { eventSeq } }`,
  travel: `mutation ($input: TenthRealmTravelInput!) { tenthRealmTravel(input: $input) { mode from entered { region { ${REGION} } firstVisit } currentHex eventSeq } }`,
  callTrial: `mutation ($input: TenthRealmCallTrialInput!) { tenthRealmCallTrial(input: $input) { call { id conjuringAmount } eventSeq } }`,
  roll: `mutation ($input: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $input) { ${ROLL} } }`,
  odds: `query ($input: TenthRealmTrialOddsInput!) { tenthRealmTrialOdds(input: $input) { drBeforeCards } }`,
  endConjuring: `mutation ($input: TenthRealmCharacterInput!) { tenthRealmEndConjuring(input: $input) { eventSeq character { tenthRealm { conjuring { amount } } } } }`,
  character: `query ($id: ID!) { character(id: $id) { tenthRealm { conjuring { amount form } } } }`,
  campaign: `query ($id: ID!) { campaign(id: $id) { tenthRealm { currentHex currentRegion { hex } regions { hex } } } }`,
  drawCards: `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } eventSeq } }`,
  moveCards: `mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`,
  events: `query ($c: ID!, $after: Int!) { events(campaignId: $c, afterSeq: $after) { seq type actorRole payload } }`,
};

describe('the Tenth Realm: a lasting conjured Vanori, travel by day, the deck the ruleset owns', () => {
  const env = useTestArbiter();

  async function newCharacter(client: Client, campaignId: string, name: string, vanori: string): Promise<string> {
    return finishedTenthRealmCharacter(client, campaignId, name, vanori);
  }

  /** A table with Sigrun (Ada's), standing in hex A1 of risk 0, so that no roll reveals a card. */
  async function table() {
    const created = await createTable(env.arbiter.url, 'tenth-realm');
    const [ada, bo] = created.players;
    const sigrun = await newCharacter(ada.client, created.campaignId, 'Sigrun', 'WOLF');
    await created.gm.data(M.enter, { input: { campaignId: created.campaignId, hex: 'A1' } });
    await created.gm.data(M.risk, { input: { campaignId: created.campaignId, hex: 'A1', riskRating: 0 } });
    return { ...created, ada, bo, sigrun };
  }

  const refusal = async (client: Client, query: string, input: Record<string, unknown>) => (await client.request(query, { input })).body.errors![0];

  it('a Vanori conjured for a roll lowers the DR of each roll by the amount the GM set, until the GM ends it', async () => {
    const { gm, ada, campaignId, deckId, sigrun } = await table();
    const [card] = (await gm.data(M.drawCards, { input: { deckId, count: 1, to: 'HAND', characterId: sigrun, override: true } })).drawCards.cards;
    const before = await env.db.eventSeqs(campaignId);

    // The amount is a DR change: the GM's, not the player's (seed 002 line 141).
    const call = async (input: Record<string, unknown> = {}) => (await gm.data(M.callTrial, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 14, ...input } })).tenthRealmCallTrial.call.id;
    const first = await call({ conjuringAmount: 3 });
    const before2 = await env.db.eventSeqs(campaignId);
    expect(await refusal(ada.client, M.roll, { characterId: sigrun, callId: first, burns: [{ characterId: sigrun, cardId: card.id, effect: 'VANORI', amount: 9 }] })).toMatchObject({
      message: expect.stringMatching(/^burns\.amount is the GM's to decide \(seed 002 line 77/),
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await env.db.eventSeqs(campaignId)).toEqual(before2);
    expect(before2.lastEventSeq).toBe(before.lastEventSeq + 1);

    const conjuring = (await ada.client.data(M.roll, { input: { characterId: sigrun, callId: first, burns: [{ characterId: sigrun, cardId: card.id, effect: 'VANORI', form: 'TAKEN_FORM' }] } }))
      .tenthRealmTrialRoll;
    expect(conjuring).toMatchObject({ baseDr: 14, conjured: 3, effectiveDr: 11, revealed: [], burned: [card.id], character: { tenthRealm: { conjuring: { amount: 3, form: 'TAKEN_FORM' } } } });
    expect((await ada.client.data(M.character, { id: sigrun })).character.tenthRealm.conjuring).toEqual({ amount: 3, form: 'TAKEN_FORM' });

    // The odds and the next roll count it, with no card burned.
    expect((await ada.client.data(M.odds, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 14 } })).tenthRealmTrialOdds.drBeforeCards).toBe(11);
    const later = (await ada.client.data(M.roll, { input: { characterId: sigrun, callId: await call() } })).tenthRealmTrialRoll;
    expect(later).toMatchObject({ conjured: 3, effectiveDr: 11, burned: [] });
    expect(later.success).toBe(later.score > 11);
    // Over REST too, answering a call (the route takes callId as the mutation does).
    const overRest = await fetch(`${env.arbiter.url}/v1/tenth-realm/characters/${sigrun}/trial-roll`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.client.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ callId: await call() }),
    });
    expect(overRest.status).toBe(200);
    expect(await overRest.json()).toMatchObject({ characterId: sigrun, baseDr: 14, conjured: 3, effectiveDr: 11, burned: [] });

    // Only the GM ends it.
    const beforeEnd = await env.db.eventSeqs(campaignId);
    expect(await refusal(ada.client, M.endConjuring, { characterId: sigrun })).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await env.db.eventSeqs(campaignId)).toEqual(beforeEnd);
    expect((await gm.data(M.endConjuring, { input: { characterId: sigrun } })).tenthRealmEndConjuring.character.tenthRealm.conjuring).toBeNull();
    expect(await refusal(gm, M.endConjuring, { characterId: sigrun })).toMatchObject({ extensions: { code: 'RULE_VIOLATION', reason: 'NOT_CONJURED' } });

    const after = (await ada.client.data(M.roll, { input: { characterId: sigrun, callId: await call() } })).tenthRealmTrialRoll;
    expect(after).toMatchObject({ conjured: 0, effectiveDr: 14, character: { tenthRealm: { conjuring: null } } });

    const events = (await gm.data(M.events, { c: campaignId, after: before.lastEventSeq })).events;
    expect(events.filter((event: { type: string }) => event.type === 'tenth-realm.conjuring.ended')).toEqual([expect.objectContaining({ actorRole: 'GM' })]);
    await expectOutcomesFollow(gm, ada.client, campaignId, 'tenth-realm', 3);
  });

  it('a player conjuring without an amount from the GM is refused; the GM may roll with one in one call', async () => {
    const { gm, ada, deckId, sigrun } = await table();
    const [card] = (await gm.data(M.drawCards, { input: { deckId, count: 1, to: 'HAND', characterId: sigrun, override: true } })).drawCards.cards;
    const callId = (await gm.data(M.callTrial, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 14 } })).tenthRealmCallTrial.call.id;
    expect(await refusal(ada.client, M.roll, { characterId: sigrun, callId, burns: [{ characterId: sigrun, cardId: card.id, effect: 'VANORI' }] })).toMatchObject({
      message: expect.stringContaining('the GM gives it in the call (conjuringAmount)'),
      extensions: { code: 'RULE_VIOLATION', reason: 'INVALID_BURN' },
    });
    const roll = (await gm.data(M.roll, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 14, burns: [{ characterId: sigrun, cardId: card.id, effect: 'VANORI', amount: 2 }] } }))
      .tenthRealmTrialRoll;
    expect(roll).toMatchObject({ conjured: 2, effectiveDr: 12, character: { tenthRealm: { conjuring: { amount: 2, form: 'CONJURED' } } } });
  });

  it('travels by day: each hex entered in order in one event, a first visit revealing its risk; too far, or sailing without the GM\'s winds, refused', async () => {
    const { gm, ada, bo, campaignId } = await table();
    const before = await env.db.eventSeqs(campaignId);

    const walked = (await ada.client.data(M.travel, { input: { campaignId, mode: 'WALK', hexes: ['B1'] } })).tenthRealmTravel;
    expect(walked).toMatchObject({ mode: 'WALK', from: 'A1', currentHex: 'B1', entered: [{ firstVisit: true, region: { hex: 'B1', notes: [] } }] });
    expect(walked.eventSeq).toBe(before.lastEventSeq + 1);

    const rode = (await bo.client.data(M.travel, { input: { campaignId, mode: 'MOUNT', hexes: ['A1', 'C1'] } })).tenthRealmTravel;
    expect(rode.entered.map((hex: { firstVisit: boolean; region: { hex: string } }) => [hex.region.hex, hex.firstVisit])).toEqual([
      ['A1', false],
      ['C1', true],
    ]);
    // The GM's rating of A1 stands: a known hex reveals nothing.
    expect(rode.entered[0].region.riskRating).toBe(0);
    expect((await ada.client.data(M.campaign, { id: campaignId })).campaign.tenthRealm).toMatchObject({ currentHex: 'C1', currentRegion: { hex: 'C1' } });

    const beforeRefusals = await env.db.eventSeqs(campaignId);
    expect(await refusal(ada.client, M.travel, { campaignId, mode: 'ROW', hexes: ['D1', 'D2', 'D3', 'D4'] })).toMatchObject({
      message: 'row crosses at most 3 hexes a day; 4 given',
      extensions: { code: 'RULE_VIOLATION', reason: 'TOO_FAR_FOR_A_DAY' },
    });
    expect(await refusal(ada.client, M.travel, { campaignId, mode: 'WALK', hexes: ['D1', 'D2'] })).toMatchObject({ extensions: { reason: 'TOO_FAR_FOR_A_DAY' } });
    expect(await refusal(ada.client, M.travel, { campaignId, mode: 'SAIL', hexes: ['D1'] })).toMatchObject({ extensions: { reason: 'NO_FAVOURABLE_WINDS' } });
    expect(await refusal(ada.client, M.travel, { campaignId, mode: 'SAIL', hexes: ['D1'], favourableWinds: true })).toMatchObject({
      message: expect.stringMatching(/^favourableWinds is the GM's to decide/),
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await refusal(ada.client, M.travel, { campaignId, mode: 'SAIL', hexes: ['D1', 'D2', 'D3', 'D4', 'D5'] })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await env.db.eventSeqs(campaignId)).toEqual(beforeRefusals);

    const sailed = (await gm.data(M.travel, { input: { campaignId, mode: 'SAIL', hexes: ['D1', 'D2', 'D3', 'D4'], favourableWinds: true } })).tenthRealmTravel;
    expect(sailed.entered.map((hex: { firstVisit: boolean }) => hex.firstVisit)).toEqual([true, true, true, true]);
    expect(sailed.currentHex).toBe('D4');

    const events = (await gm.data(M.events, { c: campaignId, after: before.lastEventSeq })).events;
    expect(events.map((event: { type: string }) => event.type)).toEqual(['tenth-realm.travelled', 'tenth-realm.travelled', 'tenth-realm.travelled']);
    expect(events[2].payload).toMatchObject({ mode: 'SAIL', favourableWinds: true, currentHex: 'D4' });
    await expectOutcomesFollow(gm, ada.client, campaignId, 'tenth-realm', 3);
  });

  it("refuses a player's generic draw or move on the Tenth Realm deck; the GM's needs the override, which the log records", async () => {
    const { gm, ada, campaignId, deckId, sigrun } = await table();
    const [card] = (await gm.data(M.drawCards, { input: { deckId, count: 1, to: 'HAND', characterId: sigrun, override: true } })).drawCards.cards;
    const before = await env.db.eventSeqs(campaignId);
    const drawn = await refusal(ada.client, M.drawCards, { deckId, count: 1, to: 'HAND', characterId: sigrun });
    expect(drawn).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(drawn.message).toMatch(/moved by The Tenth Realm's own rules \(tenthRealmTrialRoll, /);
    expect(await refusal(ada.client, M.moveCards, { deckId, cardIds: [card.id], to: 'DISCARD' })).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await refusal(gm, M.drawCards, { deckId, count: 1, to: 'TABLE' })).toMatchObject({ extensions: { code: 'RULE_VIOLATION', reason: 'OWNED_DECK' } });
    expect(await env.db.eventSeqs(campaignId)).toEqual(before);

    await gm.data(M.moveCards, { input: { deckId, cardIds: [card.id], to: 'DISCARD', override: true } });
    const [moved] = (await gm.data(M.events, { c: campaignId, after: before.lastEventSeq })).events;
    expect(moved).toMatchObject({ type: 'cards.moved', actorRole: 'GM', payload: { override: true } });
  });
});
