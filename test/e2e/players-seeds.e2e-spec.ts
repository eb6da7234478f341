import { createHash, createHmac } from 'node:crypto';
import { verifyCampaign } from '../../src/cli/verify.js';
import { createOpenTable } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

const SET_SEED = `mutation ($input: SetClientSeedInput!) { setClientSeed(input: $input) { epoch eventSeq } }`;
const ROTATE = `mutation ($input: RotateSeedInput!) {
  rotateSeed(input: $input) { revealedSeed revealedCommitment revealedClientSeeds { memberId clientSeed } newCommitment clientSeeds { memberId clientSeed }
    nextCommitment lastEventSeq handsMadeDerivable { holderId count } } }`;
const CAMPAIGN = `query ($id: ID!) { campaign(id: $id) { seedEpoch rngCommitment clientSeeds { memberId clientSeed } nextRngCommitment nextClientSeeds { memberId clientSeed } } }`;
const ROLL = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { total dice { value } eventSeq } }`;
const DRAW = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } eventSeq } }`;
const VERIFY = `query ($c: ID!) { verifyEvents(campaignId: $c) { checked mismatches badCommitments replayed outcomeProblems { seq problem } notReplayed { seq } } }`;

/**
 * README, "Players' seeds", step by step with node:crypto alone: the epoch's key, then a die of
 * `sides` faces from the stream of event `seq`.
 */
function readmeDice(seedHex: string, clientSeeds: Array<{ memberId: string; clientSeed: string }>, seq: number, sides: number, count: number): number[] {
  const seed = Buffer.from(seedHex, 'hex');
  const lines = [...clientSeeds].sort((a, b) => (a.memberId < b.memberId ? -1 : 1)).map((each) => `${each.memberId}=${each.clientSeed}\n`);
  const key = clientSeeds.length === 0 ? seed : createHmac('sha256', seed).update(`client-seeds:${lines.join('')}`, 'utf8').digest();
  const words: number[] = [];
  for (let block = 0; words.length < 64; block++) {
    const bytes = createHmac('sha256', key).update(`${seq}:${block}`).digest();
    for (let i = 0; i < 8; i++) words.push(bytes.readUInt32BE(i * 4));
  }
  const limit = 2 ** 32 - (2 ** 32 % sides);
  return words.filter((word) => word < limit).slice(0, count).map((word) => (word % sides) + 1);
}

describe("players' seeds", () => {
  const env = useTestArbiter();

  it("mixes two players' seeds into the next epoch, which anyone can recompute from the README alone once it is revealed", async () => {
    // An Enchanted Realms table deals the Lead Player a hand: a table of the platform's decks alone here.
    const table = await createOpenTable(env.arbiter.url, 'tenth-realm');
    const [ada, bo] = table.players;
    const before = (await ada.client.data(CAMPAIGN, { id: table.campaignId })).campaign;
    expect(before).toMatchObject({ seedEpoch: 0, clientSeeds: [], nextClientSeeds: [] });
    expect(before.nextRngCommitment).toMatch(/^[0-9a-f]{64}$/);

    expect((await ada.client.data(SET_SEED, { input: { campaignId: table.campaignId, clientSeed: 'first try' } })).setClientSeed.epoch).toBe(1);
    // A member's later seed for the same epoch replaces theirs.
    await ada.client.data(SET_SEED, { input: { campaignId: table.campaignId, clientSeed: 'dragons 🐉' } });
    await bo.client.data(SET_SEED, { input: { campaignId: table.campaignId, clientSeed: 'table-7', epoch: 1 } });
    const expected = [
      { memberId: ada.memberId, clientSeed: 'dragons 🐉' },
      { memberId: bo.memberId, clientSeed: 'table-7' },
    ];
    const listed = (await bo.client.data(CAMPAIGN, { id: table.campaignId })).campaign;
    expect(listed.nextClientSeeds).toEqual(expect.arrayContaining(expected));
    expect(listed.nextClientSeeds).toHaveLength(2);

    const first = (await table.gm.data(ROTATE, { input: { campaignId: table.campaignId } })).rotateSeed;
    expect(first).toMatchObject({ revealedClientSeeds: [], newCommitment: before.nextRngCommitment, handsMadeDerivable: [] });
    expect(first.clientSeeds).toEqual(expect.arrayContaining(expected));
    const { rollDice } = await ada.client.data(ROLL, { input: { campaignId: table.campaignId, expression: '6d20' } });
    const second = (await table.gm.data(ROTATE, { input: { campaignId: table.campaignId } })).rotateSeed;
    expect(second.revealedCommitment).toBe(first.newCommitment);
    expect(createHash('sha256').update(Buffer.from(second.revealedSeed, 'hex')).digest('hex')).toBe(first.newCommitment);
    expect(readmeDice(second.revealedSeed, second.revealedClientSeeds, rollDice.eventSeq, 20, 6)).toEqual(rollDice.dice.map((die: { value: number }) => die.value));
    // The same roll without the players' seeds would have come out otherwise.
    expect(readmeDice(second.revealedSeed, [], rollDice.eventSeq, 20, 6)).not.toEqual(rollDice.dice.map((die: { value: number }) => die.value));

    const verified = (await bo.client.data(VERIFY, { c: table.campaignId })).verifyEvents;
    expect(verified).toMatchObject({ mismatches: [], badCommitments: [], outcomeProblems: [] });
    expect(verified.checked).toBe(second.lastEventSeq);
    expect((await verifyCampaign(`${env.arbiter.url}/graphql`, table.gm.key!, table.campaignId)).mismatches).toEqual([]);
  });

  it('refuses a seed for an epoch that has begun, and one from the ADMIN, writing nothing', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const before = await env.db.eventSeqs(table.campaignId);
    const late = await table.players[0].client.request(SET_SEED, { input: { campaignId: table.campaignId, clientSeed: 'too late', epoch: 0 } });
    expect(late.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'CLIENT_SEED_TOO_LATE' });
    const far = await table.players[0].client.request(SET_SEED, { input: { campaignId: table.campaignId, clientSeed: 'too early', epoch: 2 } });
    expect(far.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'epoch' });
    const newline = await table.players[0].client.request(SET_SEED, { input: { campaignId: table.campaignId, clientSeed: 'two\nlines' } });
    expect(newline.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'clientSeed' });
    expect(await table.admin.errorCode(SET_SEED, { input: { campaignId: table.campaignId, clientSeed: 'admin' } })).toBe('FORBIDDEN');
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
  });

  it('refuses to rotate while a hand holds cards the reveal would give away, naming the hands; force rotates and says what it gave away', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const [ada] = table.players;
    await ada.client.data(DRAW, { input: { deckId: table.deckId, count: 2, to: 'HAND', characterId: ada.characterId } });
    const before = await env.db.eventSeqs(table.campaignId);
    const refused = await table.gm.request(ROTATE, { input: { campaignId: table.campaignId } });
    expect(refused.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'CARDS_IN_HANDS' });
    expect(refused.body.errors![0].message).toContain(`${ada.characterId} (2)`);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
    const forced = (await table.gm.data(ROTATE, { input: { campaignId: table.campaignId, force: true } })).rotateSeed;
    expect(forced.handsMadeDerivable).toEqual([{ holderId: ada.characterId, count: 2 }]);
  });

  it('catches outcomes that do not follow from honest draws, in both verifiers: a die face, and a card sent elsewhere', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const { rollDice } = await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '2d6' } });
    const { drawCards } = await table.gm.data(DRAW, { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } });
    await table.gm.data(ROTATE, { input: { campaignId: table.campaignId } });
    const honest = (await table.gm.data(VERIFY, { c: table.campaignId })).verifyEvents;
    expect(honest).toMatchObject({ mismatches: [], outcomeProblems: [], notReplayed: [] });

    // The log's outcomes are changed; its recorded draws are left as they were.
    await env.db.query(`UPDATE game_events SET payload = jsonb_set(payload, '{total}', to_jsonb((payload->>'total')::int + 1)) WHERE campaign_id = $1 AND seq = $2`, [table.campaignId, rollDice.eventSeq]);
    const other = drawCards.cards[0].id === 'AS' ? 'KS' : 'AS';
    await env.db.query(`UPDATE game_events SET payload = jsonb_set(payload, '{cardIds}', $3::jsonb) WHERE campaign_id = $1 AND seq = $2`, [table.campaignId, drawCards.eventSeq, JSON.stringify([other])]);

    const server = (await table.gm.data(VERIFY, { c: table.campaignId })).verifyEvents;
    const independent = await verifyCampaign(`${env.arbiter.url}/graphql`, table.gm.key!, table.campaignId);
    for (const report of [server, independent]) {
      expect(report.mismatches).toEqual([]);
      expect([...new Set(report.outcomeProblems.map((problem: { seq: number }) => problem.seq))]).toEqual([rollDice.eventSeq, drawCards.eventSeq]);
    }
  });

  it('catches a client seed changed after the reveal: the draws no longer follow', async () => {
    const table = await createOpenTable(env.arbiter.url);
    await table.players[0].client.data(SET_SEED, { input: { campaignId: table.campaignId, clientSeed: 'honest' } });
    await table.gm.data(ROTATE, { input: { campaignId: table.campaignId } });
    await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: 'd20' } });
    await table.gm.data(ROTATE, { input: { campaignId: table.campaignId } });
    expect((await table.gm.data(VERIFY, { c: table.campaignId })).verifyEvents.mismatches).toEqual([]);
    await env.db.query(`UPDATE revealed_seeds SET client_seeds = jsonb_set(client_seeds, '{0,clientSeed}', '"dishonest"') WHERE campaign_id = $1 AND epoch = 1`, [table.campaignId]);
    const server = (await table.gm.data(VERIFY, { c: table.campaignId })).verifyEvents;
    const independent = await verifyCampaign(`${env.arbiter.url}/graphql`, table.gm.key!, table.campaignId);
    expect(server.mismatches.length).toBeGreaterThan(0);
    expect(independent.mismatches).toEqual(server.mismatches);
  });
});
