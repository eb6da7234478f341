import { Client, createTable, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

/** A whole fight is tens of requests on a machine shared with other test runs. */
const PLAY_TIMEOUT_MS = 30_000;

const SHEET = `ytterdorren { vita maxVita defense might coins lore items equippedWeapon defeated }`;
const CHARACTER = `character { id name memberId ${SHEET} }`;
const LOOT = `loot { characterId coins lore rewards { creatureId coins lore text } searches { creatureId d10 found } itemsFound }`;
const SKIRMISH = `id campaignId status round counter startingCounter strength { creatureId expression dice total } characterIds
  creatures { creatureId name defense attackModifier damage } stances { characterId stance targetCreatureId } waitingFor defeatedCharacterIds ${LOOT}`;
const FOES = `foes { id creatureId name difficulty vita maxVita might combatType defense stride awards { lore coins } specialPower powers type status }`;
const ENCOUNTER = `id campaignId status characterIds ${FOES}`;

const M = {
  create: `mutation ($input: YtterdorrenCreateCharacterInput!) { ytterdorrenCreateCharacter(input: $input) { ${CHARACTER} eventSeq } }`,
  load: `mutation ($input: YtterdorrenLoadCreaturesInput!) { ytterdorrenLoadCreatures(input: $input) { creatures { id } added replaced eventSeq } }`,
  startSkirmish: `mutation ($input: YtterdorrenStartSkirmishInput!) { ytterdorrenStartSkirmish(input: $input) { skirmish { ${SKIRMISH} } eventSeq } }`,
  stance: `mutation ($input: YtterdorrenChooseStanceInput!) { ytterdorrenChooseStance(input: $input) { round stance targetCreatureId waitingFor skirmish { waitingFor } eventSeq } }`,
  resolve: `mutation ($input: YtterdorrenSkirmishInput!) { ytterdorrenResolveRound(input: $input) {
    round creatureAttacks { creatureId characterId black white d100 modifier total defense hit damage vitaAfter }
    characterAttacks { characterId stance targetCreatureId black white d100 might stanceModifier total defense hit }
    characters { characterId standing stance defense vitaBefore vitaAfter defeated }
    hits counterBefore counterAfter status ${LOOT} skirmish { status round counter defeatedCharacterIds waitingFor } eventSeq } }`,
  gainItem: `mutation ($input: YtterdorrenItemInput!) { ytterdorrenGainItem(input: $input) { ${CHARACTER} eventSeq } }`,
  useItem: `mutation ($input: YtterdorrenUseItemInput!) { ytterdorrenUseItem(input: $input) { vitaBefore vita ${CHARACTER} eventSeq } }`,
  equip: `mutation ($input: YtterdorrenEquipWeaponInput!) { ytterdorrenEquipWeapon(input: $input) { previous equippedWeapon ${CHARACTER} eventSeq } }`,
  trade: `mutation ($input: YtterdorrenTradeInput!) { ytterdorrenTrade(input: $input) { from { ${SHEET} } to { ${SHEET} } items coins eventSeq } }`,
  damage: `mutation ($input: YtterdorrenCharacterAmountInput!) { ytterdorrenDamageCharacter(input: $input) { vitaBefore vita ${CHARACTER} eventSeq } }`,
  heal: `mutation ($input: YtterdorrenCharacterAmountInput!) { ytterdorrenHealCharacter(input: $input) { vitaBefore vita ${CHARACTER} eventSeq } }`,
  startEncounter: `mutation ($input: YtterdorrenStartEncounterInput!) { ytterdorrenStartEncounter(input: $input) { encounter { ${ENCOUNTER} } eventSeq } }`,
  foeAttack: `mutation ($input: YtterdorrenFoeAttackInput!) { ytterdorrenFoeAttack(input: $input) { foeId targetCharacterId black white d100 might total defense hit power eventSeq } }`,
  attack: `mutation ($input: YtterdorrenCharacterAttackInput!) { ytterdorrenCharacterAttack(input: $input) { characterId foeId black white d100 might total defense hit eventSeq } }`,
  damageFoe: `mutation ($input: YtterdorrenDamageFoeInput!) { ytterdorrenDamageFoe(input: $input) { foe { id vita status } vitaBefore vita defeated awards { characterId lore coins } encounter { status } eventSeq } }`,
  endEncounter: `mutation ($input: YtterdorrenEncounterInput!) { ytterdorrenEndEncounter(input: $input) { encounter { status } eventSeq } }`,
  createCampaign: `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } gmKey } }`,
};
const SKIRMISH_QUERY = `query ($id: ID!) { skirmish(id: $id) { ${SKIRMISH} } }`;
const ENCOUNTER_QUERY = `query ($id: ID!) { ytterdorrenEncounter(id: $id) { ${ENCOUNTER} } }`;
const CAMPAIGN = `query ($id: ID!) { campaign(id: $id) { ytterdorren { creatures { id name skirmish { strength { players dice } defense attackModifier damage reward { coins lore text } }
  encounter { vita { players vita } might { difficulty might } combatType defense stride awards { lore coins } specialPower powers type } }
  activeSkirmishIds activeEncounterIds } } }`;
const READ = `query ($id: ID!) { character(id: $id) { id ${SHEET} } }`;
const EVENTS = `query ($c: ID!) { events(campaignId: $c, limit: 1000) { seq type payload } }`;

/** A creature card with every field, its numbers chosen to make the dice's outcome certain. */
function card(id: string, name: string, skirmish: { defense: number; attackModifier: number; damage?: number; strength?: string }) {
  const strength = Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((players) => [players, skirmish.strength ?? '1']));
  return {
    id,
    name,
    skirmish: { strength, defense: skirmish.defense, attackModifier: skirmish.attackModifier, ...(skirmish.damage ? { damage: skirmish.damage } : {}), reward: { coins: 3, lore: 2, text: `${name}'s hoard` } },
    encounter: {
      vita: { 1: 4, 2: 6 },
      might: { NORMAL: 5 },
      combatType: 'MELEE',
      defense: 30,
      stride: 4,
      awards: { lore: 1, coins: 2 },
      specialPower: 'None',
      powers: Array.from({ length: 10 }, (_, face) => `${name} power ${face}`),
      type: 'Beast',
    },
  };
}
/** Never hits (d100 − 100 ≤ 0 against Defense 10), always hit (Defense 0); strength 1. */
const DUMMY = card('straw-dummy', 'Straw Dummy', { defense: 0, attackModifier: -100 });
/** Always hits (d100 + 100 against Defense 0) for 100 Vita; never hit (Defense 200 against d100 − 100). */
const BARROW_KING = card('barrow-king', 'Barrow King', { defense: 200, attackModifier: 100, damage: 100 });
/** The example Grave Wolf with a higher Defense: loading a card of an example's id replaces it. */
const TOUGHER_WOLF = card('grave-wolf', 'Grave Wolf', { defense: 60, attackModifier: 0, strength: '2d6' });

interface Table {
  gm: Client;
  campaignId: string;
  players: Array<{ client: Client; memberId: string }>;
}

async function newTable(url: string): Promise<Table> {
  const table = await createTable(url, 'ytterdorren');
  return { gm: table.gm, campaignId: table.campaignId, players: table.players };
}

/** A character of a player's (or an NPC), created by the GM, who vouches for its numbers. */
async function hero(table: Table, name: string, numbers: { vita: number; defense: number; might: number }, memberId: string | undefined) {
  const created = await table.gm.data(M.create, { input: { campaignId: table.campaignId, name, memberId, ...numbers } });
  return created.ytterdorrenCreateCharacter.character.id as string;
}

async function lastSeq(table: Table): Promise<number> {
  const events = (await table.gm.data(EVENTS, { c: table.campaignId })).events;
  return events.at(-1).seq;
}

/** The first error's code, and its reason or field. */
async function refusal(client: Client, query: string, input: Record<string, unknown>) {
  const response = await client.request(query, { input });
  const error = response.body.errors?.[0];
  if (!error) throw new Error(`expected a refusal, got ${response.text}`);
  return { code: error.extensions?.code, ...(error.extensions?.reason ? { reason: error.extensions.reason } : {}), ...(error.extensions?.field ? { field: error.extensions.field } : {}) };
}

describe('Ytterdörren over HTTP', () => {
  const env = useTestArbiter();

  it('starts a campaign with the example creature cards, and lets the GM load its own, refusing a bad card by name and field', async () => {
    const table = await newTable(env.arbiter.url);
    const { campaign } = await table.gm.data(CAMPAIGN, { id: table.campaignId });
    expect(campaign.ytterdorren.creatures.map((creature: { id: string }) => creature.id)).toEqual(['grave-wolf', 'barrow-draugr', 'mire-wisp', 'fell-troll']);
    expect(campaign.ytterdorren.creatures[0].skirmish.strength.slice(0, 4)).toEqual([
      { players: 1, dice: '1d6' },
      { players: 2, dice: '2d6' },
      { players: 3, dice: '2d6+2' },
      { players: 4, dice: '3d6' },
    ]);
    expect(campaign.ytterdorren).toMatchObject({ activeSkirmishIds: [], activeEncounterIds: [] });

    const before = await lastSeq(table);
    const broken = { ...DUMMY, skirmish: { ...DUMMY.skirmish, defense: 900 } };
    const bad = await table.gm.request(M.load, { input: { campaignId: table.campaignId, creatures: [BARROW_KING, broken] } });
    expect(bad.body.errors![0].message).toBe('creatures[1] (Straw Dummy).skirmish.defense must be an integer from 0 to 200');
    expect(bad.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'creatures[1]', index: 1, cardId: 'straw-dummy' });
    expect(await refusal(table.players[0].client, M.load, { campaignId: table.campaignId, creatures: [DUMMY] })).toEqual({ code: 'FORBIDDEN' });
    expect(await lastSeq(table)).toBe(before);

    const loaded = (await table.gm.data(M.load, { input: { campaignId: table.campaignId, creatures: [DUMMY, TOUGHER_WOLF] } })).ytterdorrenLoadCreatures;
    expect(loaded).toMatchObject({ added: ['straw-dummy'], replaced: ['grave-wolf'], eventSeq: before + 1 });
    expect(loaded.creatures.map((creature: { id: string }) => creature.id)).toEqual(['grave-wolf', 'barrow-draugr', 'mire-wisp', 'fell-troll', 'straw-dummy']);

    // Settings at creation: no preset and the campaign's own cards; a bad card refuses the campaign, naming it.
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    const refused = await admin.request(M.createCampaign, { input: { name: 'Bad cards', ruleset: 'ytterdorren', settings: { creatures: [broken] } } });
    expect(refused.body.errors![0]).toMatchObject({
      message: 'settings.creatures[0] (Straw Dummy).skirmish.defense must be an integer from 0 to 200',
      extensions: { code: 'BAD_USER_INPUT', field: 'settings.creatures[0]', cardId: 'straw-dummy' },
    });
    const created = (await admin.data(M.createCampaign, { input: { name: 'Own cards', ruleset: 'ytterdorren', settings: { creaturePreset: 'none', creatures: [DUMMY] } } })).createCampaign;
    const own = (await new Client(env.arbiter.url, created.gmKey).data(CAMPAIGN, { id: created.campaign.id })).campaign.ytterdorren;
    expect(own.creatures.map((creature: { id: string }) => creature.id)).toEqual(['straw-dummy']);
  }, PLAY_TIMEOUT_MS);

  it('plays a skirmish to victory: stances, the round, the loot; no weapon change nor trade while it runs, but items may be used', async () => {
    const table = await newTable(env.arbiter.url);
    const [ada, bo] = table.players;
    await table.gm.data(M.load, { input: { campaignId: table.campaignId, creatures: [DUMMY] } });
    const sigrun = await hero(table, 'Sigrun', { vita: 8, defense: 10, might: 10 }, ada.memberId);
    const brand = await hero(table, 'Brand', { vita: 6, defense: 10, might: 5 }, bo.memberId);
    expect((await ada.client.data(READ, { id: sigrun })).character.ytterdorren).toEqual({
      vita: 8, maxVita: 8, defense: 10, might: 10, coins: 0, lore: 0, items: [], equippedWeapon: null, defeated: false,
    });
    // Players do not give their characters their numbers: the GM vouches for them.
    expect(await refusal(ada.client, M.create, { campaignId: table.campaignId, name: 'Eve', vita: 100, defense: 200, might: 100 })).toEqual({ code: 'FORBIDDEN' });
    await table.gm.data(M.gainItem, { input: { characterId: sigrun, item: 'Axe' } });
    await table.gm.data(M.gainItem, { input: { characterId: sigrun, item: 'Healing draught' } });
    await ada.client.data(M.equip, { input: { characterId: sigrun, weapon: 'Axe' } });
    await table.gm.data(M.damage, { input: { characterId: sigrun, amount: 3 } });

    // Two dummies: the counter starts at the sum of their strength rolls (1 + 1) for 2 players.
    expect(await refusal(ada.client, M.startSkirmish, { campaignId: table.campaignId, characterIds: [sigrun, brand], creatureIds: ['straw-dummy'] })).toEqual({ code: 'FORBIDDEN' });
    const started = (await table.gm.data(M.startSkirmish, { input: { campaignId: table.campaignId, characterIds: [sigrun, brand], creatureIds: ['straw-dummy', 'straw-dummy'] } }))
      .ytterdorrenStartSkirmish;
    const skirmishId: string = started.skirmish.id;
    expect(started.skirmish).toMatchObject({
      status: 'ONGOING',
      round: 1,
      counter: 2,
      startingCounter: 2,
      strength: [
        { creatureId: 'straw-dummy', expression: '1', dice: [], total: 1 },
        { creatureId: 'straw-dummy', expression: '1', dice: [], total: 1 },
      ],
      waitingFor: [sigrun, brand],
      loot: null,
    });
    expect((await table.gm.data(CAMPAIGN, { id: table.campaignId })).campaign.ytterdorren.activeSkirmishIds).toEqual([skirmishId]);

    // While it runs: no weapon change, no trade (RULE_VIOLATION, nothing written); items may be used.
    const before = await lastSeq(table);
    expect(await refusal(ada.client, M.equip, { characterId: sigrun, weapon: null })).toEqual({ code: 'RULE_VIOLATION', reason: 'WEAPON_LOCKED_IN_SKIRMISH' });
    expect(await refusal(ada.client, M.trade, { fromCharacterId: sigrun, toCharacterId: brand, items: ['Healing draught'] })).toEqual({
      code: 'RULE_VIOLATION',
      reason: 'NO_TRADING_IN_SKIRMISH',
    });
    expect(await refusal(table.gm, M.resolve, { skirmishId })).toEqual({ code: 'RULE_VIOLATION', reason: 'STANCE_MISSING' });
    expect(await lastSeq(table)).toBe(before);
    // What an item does is the GM's to say: a player may use it as it is, not say it heals.
    expect(await refusal(ada.client, M.useItem, { characterId: sigrun, item: 'Healing draught', vitaGained: 2 })).toEqual({ code: 'FORBIDDEN' });
    const used = (await table.gm.data(M.useItem, { input: { characterId: sigrun, item: 'Healing draught', vitaGained: 2 } })).ytterdorrenUseItem;
    expect(used).toMatchObject({ vitaBefore: 5, vita: 7, character: { ytterdorren: { items: ['Axe'], equippedWeapon: 'Axe' } } });

    // Stances: each player for their own character; the round waits for both.
    expect(await refusal(bo.client, M.stance, { skirmishId, characterId: sigrun, stance: 'ATTACK' })).toEqual({ code: 'FORBIDDEN' });
    expect(await refusal(ada.client, M.resolve, { skirmishId })).toEqual({ code: 'FORBIDDEN' });
    const chosen = (await ada.client.data(M.stance, { input: { skirmishId, characterId: sigrun, stance: 'DEFEND' } })).ytterdorrenChooseStance;
    expect(chosen).toMatchObject({ round: 1, stance: 'DEFEND', targetCreatureId: 'straw-dummy', waitingFor: [brand], skirmish: { waitingFor: [brand] } });
    await bo.client.data(M.stance, { input: { skirmishId, characterId: brand, stance: 'ATTACK' } });

    const round = (await table.gm.data(M.resolve, { input: { skirmishId } })).ytterdorrenResolveRound;
    // Each creature attacks every character: d100 − 100 never meets Defense 10 (20 when defending).
    expect(round.creatureAttacks.map((attack: { creatureId: string; characterId: string }) => [attack.creatureId, attack.characterId])).toEqual([
      ['straw-dummy', sigrun],
      ['straw-dummy', brand],
      ['straw-dummy', sigrun],
      ['straw-dummy', brand],
    ]);
    for (const attack of round.creatureAttacks) {
      expect(attack).toMatchObject({ modifier: -100, total: attack.d100 - 100, defense: attack.characterId === sigrun ? 20 : 10, hit: false, damage: 0 });
      expect(attack.d100).toBe(attack.black + attack.white === 0 ? 100 : attack.black + attack.white);
    }
    // Each character attacks: d100 + Might, −10 when defending, against Defense 0: at least 1, a hit.
    expect(round.characterAttacks).toEqual([
      expect.objectContaining({ characterId: sigrun, stance: 'DEFEND', might: 10, stanceModifier: -10, defense: 0, hit: true }),
      expect.objectContaining({ characterId: brand, stance: 'ATTACK', might: 5, stanceModifier: 0, defense: 0, hit: true }),
    ]);
    for (const attack of round.characterAttacks) expect(attack.total).toBe(attack.d100 + attack.might + attack.stanceModifier);
    expect(round).toMatchObject({ round: 1, hits: 2, counterBefore: 2, counterAfter: 0, status: 'VICTORY', skirmish: { status: 'VICTORY', round: 1, counter: 0, waitingFor: [] } });

    // The loot: each character gets the reward of each unique creature once, and one d10 search per unique creature.
    expect(round.loot).toHaveLength(2);
    const sheets: Record<string, { coins: number; lore: number; items: string[] }> = {};
    for (const [characterId, itemsBefore] of [[sigrun, ['Axe']], [brand, []]] as const) {
      const loot = round.loot.find((each: { characterId: string }) => each.characterId === characterId);
      expect(loot).toMatchObject({ coins: 3, lore: 2, rewards: [{ creatureId: 'straw-dummy', coins: 3, lore: 2, text: "Straw Dummy's hoard" }] });
      expect(loot.searches).toHaveLength(1);
      const [search] = loot.searches;
      expect(search.found).toBe(search.d10 === 10);
      expect(loot.itemsFound).toEqual(search.found ? ['Item from Straw Dummy'] : []);
      sheets[characterId] = (await ada.client.data(READ, { id: characterId })).character.ytterdorren;
      expect(sheets[characterId]).toMatchObject({ coins: 3, lore: 2, items: [...itemsBefore, ...loot.itemsFound] });
    }
    const read = (await bo.client.data(SKIRMISH_QUERY, { id: skirmishId })).skirmish;
    expect(read).toMatchObject({ status: 'VICTORY', counter: 0, loot: round.loot, campaignId: table.campaignId });

    // Over: no more stances; weapons and trades are free again.
    expect(await refusal(ada.client, M.stance, { skirmishId, characterId: sigrun, stance: 'ATTACK' })).toEqual({ code: 'RULE_VIOLATION', reason: 'SKIRMISH_OVER' });
    expect((await ada.client.data(M.equip, { input: { characterId: sigrun, weapon: null } })).ytterdorrenEquipWeapon).toMatchObject({ previous: 'Axe', equippedWeapon: null });
    const traded = (await ada.client.data(M.trade, { input: { fromCharacterId: sigrun, toCharacterId: brand, items: ['Axe'], coins: 2 } })).ytterdorrenTrade;
    expect(traded).toMatchObject({ items: ['Axe'], coins: 2, from: { ytterdorren: { coins: 1 } }, to: { ytterdorren: { coins: 5, items: [...sheets[brand].items, 'Axe'] } } });
    expect((await table.gm.data(CAMPAIGN, { id: table.campaignId })).campaign.ytterdorren.activeSkirmishIds).toEqual([]);

    const events = (await bo.client.data(EVENTS, { c: table.campaignId })).events.map((event: { type: string }) => event.type);
    expect(events.filter((type: string) => type.startsWith('ytterdorren.skirmish'))).toEqual([
      'ytterdorren.skirmish.started',
      'ytterdorren.skirmish.stance-chosen',
      'ytterdorren.skirmish.stance-chosen',
      'ytterdorren.skirmish.round-resolved',
    ]);
    const { seqs, lastEventSeq } = await env.db.eventSeqs(table.campaignId);
    expect(seqs).toEqual(Array.from({ length: lastEventSeq }, (_, i) => i + 1));
  }, PLAY_TIMEOUT_MS);

  it('plays a skirmish to defeat: every character at 0 Vita, the counter where it was, and no loot', async () => {
    const table = await newTable(env.arbiter.url);
    const [ada, bo] = table.players;
    await table.gm.data(M.load, { input: { campaignId: table.campaignId, creatures: [BARROW_KING] } });
    const sigrun = await hero(table, 'Sigrun', { vita: 8, defense: 0, might: -100 }, ada.memberId);
    const brand = await hero(table, 'Brand', { vita: 100, defense: 0, might: 0 }, bo.memberId);
    const { skirmish } = (await table.gm.data(M.startSkirmish, { input: { campaignId: table.campaignId, characterIds: [sigrun, brand], creatureIds: ['barrow-king'] } }))
      .ytterdorrenStartSkirmish;
    await ada.client.data(M.stance, { input: { skirmishId: skirmish.id, characterId: sigrun, stance: 'ATTACK' } });
    // The GM may choose for a player's character.
    await table.gm.data(M.stance, { input: { skirmishId: skirmish.id, characterId: brand, stance: 'ATTACK' } });
    const round = (await table.gm.data(M.resolve, { input: { skirmishId: skirmish.id } })).ytterdorrenResolveRound;
    expect(round.creatureAttacks).toEqual([
      expect.objectContaining({ characterId: sigrun, hit: true, damage: 100, vitaAfter: 0 }),
      expect.objectContaining({ characterId: brand, hit: true, damage: 100, vitaAfter: 0 }),
    ]);
    // A character brought to 0 Vita takes no more turns: nobody attacks.
    expect(round).toMatchObject({ characterAttacks: [], hits: 0, counterBefore: 1, counterAfter: 1, status: 'DEFEAT', loot: null });
    expect(round.characters).toEqual([
      { characterId: sigrun, standing: true, stance: 'ATTACK', defense: 0, vitaBefore: 8, vitaAfter: 0, defeated: true },
      { characterId: brand, standing: true, stance: 'ATTACK', defense: 0, vitaBefore: 100, vitaAfter: 0, defeated: true },
    ]);
    expect((await table.gm.data(SKIRMISH_QUERY, { id: skirmish.id })).skirmish).toMatchObject({ status: 'DEFEAT', counter: 1, defeatedCharacterIds: [sigrun, brand], loot: null });
    expect((await ada.client.data(READ, { id: sigrun })).character.ytterdorren).toMatchObject({ vita: 0, defeated: true, coins: 0 });
    expect(await refusal(table.gm, M.resolve, { skirmishId: skirmish.id })).toEqual({ code: 'RULE_VIOLATION', reason: 'SKIRMISH_OVER' });
    // A character at 0 Vita joins no new fight until healed.
    expect(await refusal(table.gm, M.startSkirmish, { campaignId: table.campaignId, characterIds: [sigrun], creatureIds: ['barrow-king'] })).toEqual({
      code: 'RULE_VIOLATION',
      reason: 'CHARACTER_DEFEATED',
    });
    expect((await table.gm.data(M.heal, { input: { characterId: sigrun, amount: 50 } })).ytterdorrenHealCharacter).toMatchObject({ vitaBefore: 0, vita: 8 });
  }, PLAY_TIMEOUT_MS);

  it('plays a skirmish with the example cards on the campaign’s own dice, round by round to its end, every number following from its dice', async () => {
    const table = await newTable(env.arbiter.url);
    const [ada, bo] = table.players;
    const sigrun = await hero(table, 'Sigrun', { vita: 4, defense: 55, might: 15 }, ada.memberId);
    const brand = await hero(table, 'Brand', { vita: 4, defense: 50, might: 10 }, bo.memberId);
    const { skirmish } = (await table.gm.data(M.startSkirmish, { input: { campaignId: table.campaignId, characterIds: [sigrun, brand], creatureIds: ['grave-wolf', 'mire-wisp'] } }))
      .ytterdorrenStartSkirmish;
    // The strength dice of each card for 2 players: Grave Wolf 2d6, Mire Wisp 1d6.
    expect(skirmish.strength.map((roll: { expression: string }) => roll.expression)).toEqual(['2d6', '1d6']);
    for (const roll of skirmish.strength) expect(roll.total).toBe(roll.dice.reduce((sum: number, die: number) => sum + die, 0));
    expect(skirmish.startingCounter).toBe(skirmish.strength[0].total + skirmish.strength[1].total);
    // With creatures of two cards, a character names its target.
    expect(await refusal(ada.client, M.stance, { skirmishId: skirmish.id, characterId: sigrun, stance: 'ATTACK' })).toEqual({ code: 'RULE_VIOLATION', reason: 'TARGET_NEEDED' });

    const defense = { 'grave-wolf': 40, 'mire-wisp': 30 } as Record<string, number>;
    const modifier = { 'grave-wolf': 0, 'mire-wisp': 10 } as Record<string, number>;
    let status = 'ONGOING';
    let counter = skirmish.startingCounter;
    for (let n = 1; status === 'ONGOING'; n++) {
      expect(n).toBeLessThanOrEqual(40);
      const waiting = (await table.gm.data(SKIRMISH_QUERY, { id: skirmish.id })).skirmish.waitingFor as string[];
      for (const [characterId, client, stance] of [[sigrun, ada.client, 'ATTACK'], [brand, bo.client, 'DEFEND']] as const) {
        if (waiting.includes(characterId)) await client.data(M.stance, { input: { skirmishId: skirmish.id, characterId, stance, targetCreatureId: 'mire-wisp' } });
      }
      const round = (await table.gm.data(M.resolve, { input: { skirmishId: skirmish.id } })).ytterdorrenResolveRound;
      expect(round).toMatchObject({ round: n, counterBefore: counter });
      for (const attack of round.creatureAttacks) {
        expect(attack.d100).toBe(attack.black + attack.white === 0 ? 100 : attack.black + attack.white);
        expect(attack).toMatchObject({ modifier: modifier[attack.creatureId], total: attack.d100 + modifier[attack.creatureId] });
        expect(attack.hit).toBe(attack.total >= attack.defense);
      }
      for (const attack of round.characterAttacks) {
        expect(attack).toMatchObject({ targetCreatureId: 'mire-wisp', defense: defense['mire-wisp'], stanceModifier: attack.stance === 'DEFEND' ? -10 : 0 });
        expect(attack.hit).toBe(attack.total >= attack.defense);
      }
      const hits = round.characterAttacks.filter((attack: { hit: boolean }) => attack.hit).length;
      expect(round).toMatchObject({ hits, counterAfter: Math.max(0, counter - hits) });
      counter = round.counterAfter;
      status = round.status;
      expect(status).toBe(counter === 0 ? 'VICTORY' : round.characters.some((character: { defeated: boolean }) => !character.defeated) ? 'ONGOING' : 'DEFEAT');
      if (status === 'VICTORY') {
        // Two unique creatures: two rewards and two searches for each character.
        for (const loot of round.loot) expect(loot).toMatchObject({ coins: 2, lore: 4, rewards: [{ creatureId: 'grave-wolf' }, { creatureId: 'mire-wisp' }] });
      }
    }

    // Every roll follows from the campaign's stream, which anyone can check once the seed is revealed.
    await table.gm.data(`mutation ($input: RotateSeedInput!) { rotateSeed(input: $input) { lastEventSeq } }`, { input: { campaignId: table.campaignId } });
    const verified = (await bo.client.data(`query ($c: ID!) { verifyEvents(campaignId: $c) { checked mismatches outcomeProblems { seq problem } notReplayed { seq type why } } }`, {
      c: table.campaignId,
    })).verifyEvents;
    expect(verified.mismatches).toEqual([]);
    // Every outcome follows from the draws too: each creature's and character's d100, the counter, the loot.
    expect(verified.outcomeProblems).toEqual([]);
    expect(verified.notReplayed).toEqual([]);
    expect(verified.checked).toBeGreaterThan(0);
  }, PLAY_TIMEOUT_MS);

  it('plays an encounter to a defeated foe: foes scaled to players and difficulty, foe attacks with their power, awards to every character', async () => {
    const table = await newTable(env.arbiter.url);
    const [ada, bo] = table.players;
    const sigrun = await hero(table, 'Sigrun', { vita: 10, defense: 50, might: 10 }, ada.memberId);
    const brand = await hero(table, 'Brand', { vita: 10, defense: 45, might: 5 }, bo.memberId);
    expect(await refusal(ada.client, M.startEncounter, { campaignId: table.campaignId, characterIds: [sigrun], foes: [{ creatureId: 'grave-wolf', difficulty: 'NORMAL' }] })).toEqual({
      code: 'FORBIDDEN',
    });
    expect(
      await refusal(table.gm, M.startEncounter, { campaignId: table.campaignId, characterIds: [sigrun, brand], foes: [{ creatureId: 'fell-troll', difficulty: 'NORMAL' }] }),
    ).toEqual({ code: 'RULE_VIOLATION', reason: 'NO_VITA_FOR_PLAYERS' });
    const { encounter } = (
      await table.gm.data(M.startEncounter, {
        input: {
          campaignId: table.campaignId,
          characterIds: [sigrun, brand],
          foes: [
            { creatureId: 'grave-wolf', difficulty: 'HARD' },
            { creatureId: 'mire-wisp', difficulty: 'EASY' },
          ],
        },
      })
    ).ytterdorrenStartEncounter;
    // Vita for 2 players, Might for the difficulty.
    expect(encounter.foes).toEqual([
      expect.objectContaining({ id: 'f1', creatureId: 'grave-wolf', difficulty: 'HARD', vita: 7, maxVita: 7, might: 10, combatType: 'MELEE', defense: 40, stride: 6, status: 'ACTIVE' }),
      expect.objectContaining({ id: 'f2', creatureId: 'mire-wisp', difficulty: 'EASY', vita: 4, maxVita: 4, might: 5, combatType: 'RANGED', awards: { lore: 3, coins: 0 } }),
    ]);
    expect((await bo.client.data(ENCOUNTER_QUERY, { id: encounter.id })).ytterdorrenEncounter).toEqual({ ...encounter, campaignId: table.campaignId });

    // The foe's attack: black (00–90) + white (0–9) read as a d100, + its Might; the white die picks its power.
    expect(await refusal(ada.client, M.foeAttack, { encounterId: encounter.id, foeId: 'f1', targetCharacterId: brand })).toEqual({ code: 'FORBIDDEN' });
    for (const target of [sigrun, brand]) {
      const roll = (await table.gm.data(M.foeAttack, { input: { encounterId: encounter.id, foeId: 'f1', targetCharacterId: target } })).ytterdorrenFoeAttack;
      expect(roll.black % 10).toBe(0);
      expect(roll.black).toBeGreaterThanOrEqual(0);
      expect(roll.black).toBeLessThanOrEqual(90);
      expect(roll.white).toBeGreaterThanOrEqual(0);
      expect(roll.white).toBeLessThanOrEqual(9);
      expect(roll).toMatchObject({
        foeId: 'f1',
        targetCharacterId: target,
        d100: roll.black + roll.white === 0 ? 100 : roll.black + roll.white,
        might: 10,
        total: roll.d100 + 10,
        defense: target === sigrun ? 50 : 45,
        hit: roll.total >= roll.defense,
        power: encounter.foes[0].powers[roll.white],
      });
    }

    // A character's attack: the player for their own.
    expect(await refusal(bo.client, M.attack, { encounterId: encounter.id, characterId: sigrun, foeId: 'f2' })).toEqual({ code: 'FORBIDDEN' });
    const attack = (await ada.client.data(M.attack, { input: { encounterId: encounter.id, characterId: sigrun, foeId: 'f2' } })).ytterdorrenCharacterAttack;
    expect(attack).toMatchObject({ characterId: sigrun, foeId: 'f2', might: 10, total: attack.d100 + 10, defense: 35, hit: attack.d100 + 10 >= 35 });

    // The GM keeps the foes' Vita; the defeated foe awards every character its Lore and Coins.
    expect(await refusal(ada.client, M.damageFoe, { encounterId: encounter.id, foeId: 'f2', amount: 1 })).toEqual({ code: 'FORBIDDEN' });
    const hurt = (await table.gm.data(M.damageFoe, { input: { encounterId: encounter.id, foeId: 'f2', amount: 3 } })).ytterdorrenDamageFoe;
    expect(hurt).toMatchObject({ vitaBefore: 4, vita: 1, defeated: false, awards: [], foe: { id: 'f2', vita: 1, status: 'ACTIVE' } });
    const felled = (await table.gm.data(M.damageFoe, { input: { encounterId: encounter.id, foeId: 'f2', amount: 5 } })).ytterdorrenDamageFoe;
    expect(felled).toMatchObject({
      vitaBefore: 1,
      vita: 0,
      defeated: true,
      foe: { status: 'DEFEATED' },
      awards: [
        { characterId: sigrun, lore: 3, coins: 0 },
        { characterId: brand, lore: 3, coins: 0 },
      ],
      encounter: { status: 'ONGOING' },
    });
    for (const id of [sigrun, brand]) expect((await bo.client.data(READ, { id })).character.ytterdorren).toMatchObject({ lore: 3, coins: 0 });
    expect(await refusal(table.gm, M.foeAttack, { encounterId: encounter.id, foeId: 'f2', targetCharacterId: sigrun })).toEqual({ code: 'RULE_VIOLATION', reason: 'FOE_DEFEATED' });

    // The last foe falls: the encounter is won, and nothing more is rolled in it.
    const last = (await table.gm.data(M.damageFoe, { input: { encounterId: encounter.id, foeId: 'f1', amount: 7 } })).ytterdorrenDamageFoe;
    expect(last).toMatchObject({ defeated: true, awards: [{ lore: 1, coins: 2 }, { lore: 1, coins: 2 }], encounter: { status: 'VICTORY' } });
    expect((await ada.client.data(READ, { id: sigrun })).character.ytterdorren).toMatchObject({ lore: 4, coins: 2 });
    expect(await refusal(ada.client, M.attack, { encounterId: encounter.id, characterId: sigrun, foeId: 'f1' })).toEqual({ code: 'RULE_VIOLATION', reason: 'ENCOUNTER_OVER' });
    expect((await table.gm.data(CAMPAIGN, { id: table.campaignId })).campaign.ytterdorren.activeEncounterIds).toEqual([]);
    const types = (await table.gm.data(EVENTS, { c: table.campaignId })).events.map((event: { type: string }) => event.type);
    expect(types.filter((type: string) => type.startsWith('ytterdorren.encounter'))).toEqual([
      'ytterdorren.encounter.started',
      'ytterdorren.encounter.foe-attacked',
      'ytterdorren.encounter.foe-attacked',
      'ytterdorren.encounter.character-attacked',
      'ytterdorren.encounter.foe-damaged',
      'ytterdorren.encounter.foe-damaged',
      'ytterdorren.encounter.foe-damaged',
    ]);
  }, PLAY_TIMEOUT_MS);

  it('hides every other campaign’s skirmishes, encounters and characters as NOT_FOUND, and lets the GM end an encounter', async () => {
    const table = await newTable(env.arbiter.url);
    const other = await newTable(env.arbiter.url);
    const sigrun = await hero(table, 'Sigrun', { vita: 10, defense: 50, might: 10 }, table.players[0].memberId);
    const { skirmish } = (await table.gm.data(M.startSkirmish, { input: { campaignId: table.campaignId, characterIds: [sigrun], creatureIds: ['grave-wolf'] } }))
      .ytterdorrenStartSkirmish;
    const stranger = await hero(table, 'Stranger', { vita: 10, defense: 50, might: 10 }, undefined);
    const { encounter } = (
      await table.gm.data(M.startEncounter, { input: { campaignId: table.campaignId, characterIds: [stranger], foes: [{ creatureId: 'grave-wolf', difficulty: 'EASY' }] } })
    ).ytterdorrenStartEncounter;
    expect(await other.gm.errorCode(SKIRMISH_QUERY, { id: skirmish.id })).toBe('NOT_FOUND');
    expect(await other.gm.errorCode(ENCOUNTER_QUERY, { id: encounter.id })).toBe('NOT_FOUND');
    // A skirmish is not an encounter, nor the other way round.
    expect(await table.gm.errorCode(ENCOUNTER_QUERY, { id: skirmish.id })).toBe('NOT_FOUND');
    expect(await table.gm.errorCode(SKIRMISH_QUERY, { id: encounter.id })).toBe('NOT_FOUND');
    expect(await refusal(other.gm, M.resolve, { skirmishId: skirmish.id })).toEqual({ code: 'NOT_FOUND' });
    expect(await refusal(other.gm, M.gainItem, { characterId: sigrun, item: 'Rope' })).toEqual({ code: 'NOT_FOUND' });
    expect(await refusal(table.players[0].client, M.stance, { skirmishId: skirmish.id, characterId: stranger, stance: 'ATTACK' })).toEqual({ code: 'FORBIDDEN' });
    expect(await refusal(table.gm, M.stance, { skirmishId: skirmish.id, characterId: sigrun, stance: 'SIDESTEP' })).toMatchObject({ code: expect.stringMatching(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/) });
    expect(await refusal(table.gm, M.create, { campaignId: table.campaignId, name: 'Giant', vita: 101, defense: 0, might: 0 })).toEqual({ code: 'BAD_USER_INPUT', field: 'vita' });
    // A Tenth Realm campaign plays none of this.
    const tenth = await createTable(env.arbiter.url, 'tenth-realm');
    expect(await refusal(tenth.gm, M.create, { campaignId: tenth.campaignId, name: 'Sigrun', vita: 5, defense: 5, might: 5 })).toEqual({ code: 'BAD_USER_INPUT', field: 'campaignId' });
    expect((await tenth.gm.data(CAMPAIGN, { id: tenth.campaignId })).campaign.ytterdorren).toBeNull();

    expect((await table.gm.data(M.endEncounter, { input: { encounterId: encounter.id } })).ytterdorrenEndEncounter.encounter.status).toBe('ENDED');
    expect((await table.gm.data(CAMPAIGN, { id: table.campaignId })).campaign.ytterdorren).toMatchObject({ activeSkirmishIds: [skirmish.id], activeEncounterIds: [] });
  }, PLAY_TIMEOUT_MS);
});
