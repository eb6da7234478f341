import { Client, createTable, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

describe('access', () => {
  const env = useTestArbiter();
  /** The rulesets src/rulesets/registry.ts registers, in its order. */
  const RULESET_IDS = ['tenth-realm', 'enchanted-realms-cards', 'ytterdorren', 'yummell', 'enchanted-realms-d20'];

  it('refuses no key and a wrong key as UNAUTHENTICATED, but serves the public queries without one', async () => {
    const anonymous = new Client(env.arbiter.url);
    expect(await anonymous.errorCode('{ campaigns { id } }')).toBe('UNAUTHENTICATED');
    expect(await new Client(env.arbiter.url, 'arb_not-a-real-key').errorCode('{ campaigns { id } }')).toBe('UNAUTHENTICATED');
    expect(await new Client(env.arbiter.url, 'arb_not-a-real-key').errorCode('{ rulesets { id } }')).toBe('UNAUTHENTICATED');
    // Only the rule systems this server plays, each with who decides what.
    const { rulesets } = await anonymous.data('{ rulesets { id name authority { action input decidedBy } } }');
    expect(rulesets.map((ruleset: { id: string }) => ruleset.id)).toEqual(RULESET_IDS);
    // Each named as its rule text names it.
    expect(rulesets.map((ruleset: { name: string }) => ruleset.name)).toEqual(['The Tenth Realm', 'Enchanted Realms (card edition)', 'Ytterdörren', 'Yummell', 'Enchanted Realms (d20 edition)']);
    const { cardPreset } = await anonymous.data('{ cardPreset(id: "standard-52") { cards { code } } }');
    expect(cardPreset.cards.map((card: { code: string }) => card.code).slice(0, 3)).toEqual(['AC', '2C', '3C']);
  });

  it('tells each key who it is', async () => {
    const table = await createTable(env.arbiter.url);
    expect((await table.admin.data('{ me { role campaignId } }')).me).toEqual({ role: 'ADMIN', campaignId: null });
    expect((await table.gm.data('{ me { role campaignId } }')).me).toEqual({ role: 'GM', campaignId: table.campaignId });
    const me = (await table.players[0].client.data('{ me { role memberId } }')).me;
    expect(me).toEqual({ role: 'PLAYER', memberId: table.players[0].memberId });
  });

  it('lets only an ADMIN create campaigns, and names the known rulesets for an unknown one', async () => {
    const table = await createTable(env.arbiter.url);
    const create = `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } } }`;
    expect(await table.gm.errorCode(create, { input: { name: 'x', ruleset: 'tenth-realm' } })).toBe('FORBIDDEN');
    const unknown = await table.admin.request(create, { input: { name: 'x', ruleset: 'chess' } });
    expect(unknown.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ruleset' });
    expect(unknown.body.errors![0].message).toContain('tenth-realm');
  });

  it('hides every other campaign as NOT_FOUND', async () => {
    const one = await createTable(env.arbiter.url);
    const other = await createTable(env.arbiter.url);
    expect(await other.gm.errorCode('query ($id: ID!) { campaign(id: $id) { id } }', { id: one.campaignId })).toBe('NOT_FOUND');
    expect(await other.gm.errorCode('query ($id: ID!) { deck(id: $id) { id } }', { id: one.deckId })).toBe('NOT_FOUND');
    expect(await other.players[0].client.errorCode('query ($id: ID!) { character(id: $id) { id } }', { id: one.players[0].characterId })).toBe('NOT_FOUND');
    expect(await other.gm.errorCode('query ($c: ID!) { events(campaignId: $c) { seq } }', { c: one.campaignId })).toBe('NOT_FOUND');
    const roll = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { total } }`;
    expect(await other.gm.errorCode(roll, { input: { campaignId: one.campaignId, expression: 'd6' } })).toBe('NOT_FOUND');
    expect((await other.gm.data('{ campaigns { id } }')).campaigns).toEqual([{ id: other.campaignId }]);
  });

  it('keeps GM operations from players (FORBIDDEN) and lets players act for themselves only', async () => {
    const table = await createTable(env.arbiter.url);
    const [ada, bo] = table.players;
    const addMember = `mutation ($input: AddMemberInput!) { addMember(input: $input) { apiKey } }`;
    expect(await ada.client.errorCode(addMember, { input: { campaignId: table.campaignId, name: 'Eve', role: 'GM' } })).toBe('FORBIDDEN');
    const createDeck = `mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id } }`;
    expect(await ada.client.errorCode(createDeck, { input: { campaignId: table.campaignId, name: 'x', preset: 'standard-52' } })).toBe('FORBIDDEN');
    const rotate = `mutation ($input: RotateSeedInput!) { rotateSeed(input: $input) { newCommitment } }`;
    expect(await ada.client.errorCode(rotate, { input: { campaignId: table.campaignId } })).toBe('FORBIDDEN');
    const createCharacter = `mutation ($input: CreateCharacterInput!) { createCharacter(input: $input) { id memberId } }`;
    expect(await ada.client.errorCode(createCharacter, { input: { campaignId: table.campaignId, name: 'x', memberId: bo.memberId } })).toBe('FORBIDDEN');
    const npc = await table.gm.data(createCharacter, { input: { campaignId: table.campaignId, name: 'Goblin' } });
    expect(npc.createCharacter.memberId).toBeNull();
  });

  it('shows a new key once and stores only its hash', async () => {
    const table = await createTable(env.arbiter.url);
    const added = await table.gm.data(`mutation ($input: AddMemberInput!) { addMember(input: $input) { member { id } apiKey } }`, {
      input: { campaignId: table.campaignId, name: 'Cy', role: 'PLAYER' },
    });
    const [row] = await env.db.query('SELECT key_hash, campaign_id::text FROM api_keys WHERE member_id = $1', [added.addMember.member.id]);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.key_hash).not.toContain(added.addMember.apiKey);
    expect(row.campaign_id).toBe(table.campaignId);
    const events = await env.db.query('SELECT payload::text AS payload FROM game_events WHERE campaign_id = $1', [table.campaignId]);
    expect(events.some((event) => event.payload.includes(added.addMember.apiKey))).toBe(false);
  });

  it('validates input with BAD_USER_INPUT naming the field', async () => {
    const table = await createTable(env.arbiter.url);
    const response = await table.gm.request(`mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id } }`, {
      input: { campaignId: table.campaignId, name: '', preset: 'standard-52' },
    });
    expect(response.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    const badId = await table.gm.request('query { campaign(id: "not-a-uuid") { id } }');
    expect(badId.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    const cards = await table.gm.request(`mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id } }`, {
      input: { campaignId: table.campaignId, name: 'Tarot', cards: [{ code: 'A' }, { code: 'A' }] },
    });
    expect(cards.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'cards[1]' });
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    expect(await admin.errorCode('{ campaigns { nope } }')).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
