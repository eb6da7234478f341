import { Client, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { range, useTestArbiter } from '../helpers/db-checks.js';

const M = {
  createCampaign: `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } gmKey } }`,
  addMember: `mutation ($input: AddMemberInput!) { addMember(input: $input) { member { id } apiKey } }`,
  create: `mutation ($input: EnchantedRealmsCreateCharacterInput!) { enchantedRealmsCreateCharacter(input: $input) { character { id } } }`,
  lay: `mutation ($input: EnchantedRealmsLayWorldInput!) { enchantedRealmsLayWorld(input: $input) { worldCard { id type } supportLaid supportCount eventSeq } }`,
  move: `mutation ($input: EnchantedRealmsMoveToWorldInput!) { enchantedRealmsMoveToWorld(input: $input) { worldCard { id } supportCards { id type } leadHandCount leadReturned eventSeq } }`,
  addFoes: `mutation ($input: EnchantedRealmsAddFoesInput!) { enchantedRealmsAddFoes(input: $input) { foe { id count health } eventSeq } }`,
  reconcile: `mutation ($input: EnchantedRealmsReconcileInput!) { enchantedRealmsReconcile(input: $input) { sceneEnded foesCleared worldsKept leadHandCount eventSeq } }`,
};
const CAMPAIGN = `query ($id: ID!) { campaign(id: $id) { enchantedRealms { deckId leadHandCount leadHand { id }
  foes { id creature { id } count healthEach health } worlds { card { id } supportCount } } } }`;
const ODDS = `query ($input: EnchantedRealmsDrawOddsInput!) { enchantedRealmsDrawOdds(input: $input) { modifier counterModifiers { term value } counterModifier win defeatsOpponent } }`;
const EVENTS = `query ($c: ID!) { events(campaignId: $c, limit: 1000) { seq type payload secret } }`;

interface EventShape {
  seq: number;
  type: string;
  payload: Record<string, any>;
  secret: Record<string, any> | null;
}

/** A 46-card Adventure Deck with enough WORLD and SUPPORT cards to lay out a world whatever the Lead Player was dealt. */
const CARDS = [
  ...range(4).map((n) => ({ id: `hero-${n}`, code: 'KNT', name: 'Knight', type: 'HERO', attributes: { force: 5, STR: 3, COMBAT: 2 } })),
  ...range(4).map((n) => ({ id: `goblins-${n}`, code: 'GOB', name: 'Goblins', type: 'CREATURE', attributes: { force: 2, AGL: 2, HEALTH: 6 } })),
  ...range(10).map((n) => ({ id: `world-${n}`, code: 'VIL', name: 'Village', type: 'WORLD', attributes: { force: 1 } })),
  ...range(14).map((n) => ({ id: `support-${n}`, code: 'INN', name: 'Innkeeper', type: 'SUPPORT', attributes: { force: 2 } })),
  ...range(14).map((n) => ({ id: `item-${n}`, code: 'DAG', name: 'Dagger', type: 'ITEM', attributes: { force: 1, WEAPON: 1 } })),
];

/** A plain HTTP call to the REST surface. */
async function rest(url: string, key: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('Enchanted Realms (card edition): the world laid out, and groups of foes, over HTTP', () => {
  const env = useTestArbiter();

  async function openCampaign() {
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    const created = (await admin.data(M.createCampaign, { input: { name: 'Worlds', ruleset: 'enchanted-realms-cards', settings: { cards: CARDS } } })).createCampaign;
    const gm = new Client(env.arbiter.url, created.gmKey);
    const campaignId: string = created.campaign.id;
    const member = async (name: string) => {
      const added = (await gm.data(M.addMember, { input: { campaignId, name, role: 'PLAYER' } })).addMember;
      return { client: new Client(env.arbiter.url, added.apiKey), key: added.apiKey as string, memberId: added.member.id as string };
    };
    const [ada, bo] = [await member('Ada'), await member('Bo')];
    const { campaign } = await gm.data(CAMPAIGN, { id: campaignId });
    const leadHand: string[] = campaign.enchantedRealms.leadHand.map((card: { id: string }) => card.id);
    // Cards the Lead Player was not dealt, of each kind.
    const free = (kind: string) => CARDS.map((card) => card.id).filter((id) => id.startsWith(`${kind}-`) && !leadHand.includes(id));
    return { gm, campaignId, deckId: campaign.enchantedRealms.deckId as string, ada, bo, leadHand, free };
  }

  it("lays WORLD cards with SUPPORT cards under them, and the characters' move sends those to the Lead Player's hand, held to 5; players see counts, never ids", async () => {
    const { gm, campaignId, deckId, ada, leadHand, free } = await openCampaign();
    expect(leadHand).toHaveLength(5);
    const [village, castle, tower] = free('world');
    const supports = free('support');
    const events = async (client: Client): Promise<EventShape[]> => (await client.data(EVENTS, { c: campaignId })).events;

    // Only the Lead Player lays out the world: a player is refused, and nothing is written.
    const before = await env.db.eventSeqs(campaignId);
    expect(await ada.client.errorCode(M.lay, { input: { campaignId, worldCardId: village, supportCardIds: supports.slice(0, 2) } })).toBe('FORBIDDEN');
    expect(await env.db.eventSeqs(campaignId)).toEqual(before);

    const laid = (await gm.data(M.lay, { input: { campaignId, worldCardId: village, supportCardIds: supports.slice(0, 2) } })).enchantedRealmsLayWorld;
    expect(laid).toMatchObject({ worldCard: { id: village, type: 'WORLD' }, supportLaid: 2, supportCount: 2 });
    // A SUPPORT card under the table's WORLD card is not a WORLD card, nor can it go under two.
    const notAWorld = await gm.request(M.lay, { input: { campaignId, worldCardId: supports[5], supportCardIds: [] } });
    expect(notAWorld.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'NOT_A_WORLD' });
    const taken = await gm.request(M.lay, { input: { campaignId, worldCardId: castle, supportCardIds: [supports[0]] } });
    expect(taken.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'CARD_NOT_AVAILABLE' });
    await gm.data(M.lay, { input: { campaignId, worldCardId: castle, supportCardIds: supports.slice(2, 5) } });

    // Everyone sees the WORLD cards and how many cards lie under each; which ones, only the GM.
    const adaView = (await ada.client.data(CAMPAIGN, { id: campaignId })).campaign.enchantedRealms;
    expect(adaView).toMatchObject({ leadHand: null, leadHandCount: 5, foes: [], worlds: [{ card: { id: village }, supportCount: 2 }, { card: { id: castle }, supportCount: 3 }] });
    const adaLaid = (await events(ada.client)).filter((event) => event.type === 'enchanted-realms.world.laid');
    expect(adaLaid.map((event) => [event.payload, event.secret])).toEqual([
      [{ worldCardId: village, supportLaid: 2, supportCount: 2 }, null],
      [{ worldCardId: castle, supportLaid: 3, supportCount: 3 }, null],
    ]);
    const gmLaid = (await events(gm)).filter((event) => event.type === 'enchanted-realms.world.laid');
    expect(gmLaid.map((event) => event.secret)).toEqual([{ supportCardIds: supports.slice(0, 2) }, { supportCardIds: supports.slice(2, 5) }]);

    // The characters move to the Village: its 2 SUPPORT cards take the Lead Player's hand to 7,
    // and the newest 2 go back to the bottom of the deck. A player cannot make the move.
    expect(await ada.client.errorCode(M.move, { input: { campaignId, worldCardId: village } })).toBe('FORBIDDEN');
    const reached = (await gm.data(M.move, { input: { campaignId, worldCardId: village } })).enchantedRealmsMoveToWorld;
    expect(reached).toMatchObject({ worldCard: { id: village }, supportCards: supports.slice(0, 2).map((id) => ({ id, type: 'SUPPORT' })), leadHandCount: 5, leadReturned: 2 });
    expect((await gm.data(CAMPAIGN, { id: campaignId })).campaign.enchantedRealms.leadHand.map((card: { id: string }) => card.id)).toEqual(leadHand);

    // At the Castle the Lead Player names what goes back: exactly the excess, from the hand.
    const seqs = await env.db.eventSeqs(campaignId);
    const wrong = await gm.request(M.move, { input: { campaignId, worldCardId: castle, returns: leadHand.slice(0, 2) } });
    expect(wrong.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'WRONG_RETURN' });
    const notHeld = await gm.request(M.move, { input: { campaignId, worldCardId: castle, returns: [...leadHand.slice(0, 2), supports[9]] } });
    expect(notHeld.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'CARD_NOT_IN_YOUR_HAND' });
    const notLaid = await gm.request(M.move, { input: { campaignId, worldCardId: tower } });
    expect(notLaid.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'WORLD_NOT_LAID' });
    expect(await env.db.eventSeqs(campaignId)).toEqual(seqs);
    const castleReached = (await gm.data(M.move, { input: { campaignId, worldCardId: castle, returns: leadHand.slice(0, 3) } })).enchantedRealmsMoveToWorld;
    expect(castleReached).toMatchObject({ leadHandCount: 5, leadReturned: 3 });
    expect((await gm.data(CAMPAIGN, { id: campaignId })).campaign.enchantedRealms.leadHand.map((card: { id: string }) => card.id)).toEqual([
      ...leadHand.slice(3),
      ...supports.slice(2, 5),
    ]);

    // One event per move: a player reads the counts, the GM the cards.
    const adaReached = (await events(ada.client)).filter((event) => event.type === 'enchanted-realms.world.reached');
    expect(adaReached.map((event) => [event.payload, event.secret])).toEqual([
      [{ worldCardId: village, supportCount: 2, leadHandCount: 5, leadReturned: 2 }, null],
      [{ worldCardId: castle, supportCount: 3, leadHandCount: 5, leadReturned: 3 }, null],
    ]);
    const shown = JSON.stringify(await events(ada.client));
    for (const id of supports.slice(0, 5)) expect(shown).not.toContain(`"${id}"`);
    const gmReached = (await events(gm)).filter((event) => event.type === 'enchanted-realms.world.reached');
    expect(gmReached[1].secret).toEqual({ cardIds: supports.slice(2, 5), returned: leadHand.slice(0, 3) });
    expect((await ada.client.data(CAMPAIGN, { id: campaignId })).campaign.enchantedRealms.worlds).toEqual([
      { card: { id: village }, supportCount: 0 },
      { card: { id: castle }, supportCount: 0 },
    ]);
    expect(await env.db.deckIsConserved(deckId)).toBe(true);
  });

  it('answers the odds against a group of foes, by GraphQL and REST; a Draw by REST names it; the end of the scene clears it and keeps the world still to reach', async () => {
    const { gm, campaignId, deckId, ada, bo, free } = await openCampaign();
    const [hero] = free('hero');
    const [creature, goblins] = free('goblins');
    const erik = (await ada.client.data(M.create, { input: { campaignId, name: 'Erik', heroCardId: hero, creatureCardId: creature } })).enchantedRealmsCreateCharacter.character.id;
    const added = (await gm.data(M.addFoes, { input: { campaignId, creatureCardId: goblins, count: 2 } })).enchantedRealmsAddFoes;
    const foeId: string = added.foe.id;

    // The campaign view lists the groups standing, for every member.
    expect((await bo.client.data(CAMPAIGN, { id: campaignId })).campaign.enchantedRealms.foes).toEqual([
      { id: foeId, creature: { id: goblins }, count: 2, healthEach: 6, health: 12 },
    ]);

    // The odds against the group: the Goblins defend at AGL 2, as one Goblin would.
    const input = { campaignId, actorId: erik, action: 'ATTACK', opponent: { foeId } };
    const odds = (await ada.client.data(ODDS, { input })).enchantedRealmsDrawOdds;
    expect(odds).toMatchObject({ modifier: 5, counterModifier: 2 });
    expect(odds.counterModifiers).toEqual(expect.arrayContaining([{ term: 'AGL', value: 2 }]));
    expect(odds.win).toBeGreaterThan(0);
    expect(odds.defeatsOpponent).toBeGreaterThanOrEqual(0);
    expect(await bo.client.errorCode(ODDS, { input })).toBe('FORBIDDEN');
    const unknown = await ada.client.request(ODDS, { input: { ...input, opponent: { foeId: 'foe-999' } } });
    expect(unknown.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'NO_SUCH_FOE' });
    const restOdds = await rest(env.arbiter.url, ada.key, 'GET', `/v1/enchanted-realms/campaigns/${campaignId}/draw-odds?actorId=${erik}&action=ATTACK&foeId=${foeId}`);
    expect(restOdds.status).toBe(200);
    expect(restOdds.body).toMatchObject({ modifier: 5, counterModifier: 2, win: odds.win, defeatsOpponent: odds.defeatsOpponent });

    // The Draw against the group, by REST: its Counter Draw is the group's.
    const drawn = await rest(env.arbiter.url, ada.key, 'POST', `/v1/enchanted-realms/campaigns/${campaignId}/draw`, { actorId: erik, action: 'ATTACK', opponent: { foeId } });
    expect(drawn.status).toBe(200);
    expect(drawn.body.counterDraw).toMatchObject({ characterId: null, foeId, action: 'DEFEND' });
    expect(drawn.body.foesLeft).toBe(drawn.body.defeated ? 0 : Math.ceil(drawn.body.targetHealth / 6));

    // A world still to reach, and the end of the scene: the foes leave, the world stays laid out.
    const [village] = free('world');
    const [innkeeper] = free('support');
    await gm.data(M.lay, { input: { campaignId, worldCardId: village, supportCardIds: [innkeeper] } });
    expect(await ada.client.errorCode(M.reconcile, { input: { campaignId, endScene: true } })).toBe('FORBIDDEN');
    const ended = (await gm.data(M.reconcile, { input: { campaignId, endScene: true } })).enchantedRealmsReconcile;
    const standing = drawn.body.defeated ? [] : [foeId];
    expect(ended).toMatchObject({ sceneEnded: true, foesCleared: standing, worldsKept: [village] });
    expect((await ada.client.data(CAMPAIGN, { id: campaignId })).campaign.enchantedRealms).toMatchObject({ foes: [], worlds: [{ card: { id: village }, supportCount: 1 }] });
    expect(await env.db.deckIsConserved(deckId)).toBe(true);

    // Every outcome follows from its draws, the world's moves and the scene's end included.
    await gm.data(`mutation ($input: RotateSeedInput!) { rotateSeed(input: $input) { lastEventSeq } }`, { input: { campaignId, force: true } });
    const verified = (await gm.data(`query ($c: ID!) { verifyEvents(campaignId: $c) { mismatches outcomeProblems { seq type problem } notReplayed { seq type why } } }`, { c: campaignId })).verifyEvents;
    expect(verified.mismatches).toEqual([]);
    expect(verified.outcomeProblems).toEqual([]);
    expect(verified.notReplayed.filter((event: { type: string }) => event.type.startsWith('enchanted-realms.'))).toEqual([]);
  });
});
