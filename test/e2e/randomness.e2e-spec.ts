import { createHash } from 'node:crypto';
import { verifyCampaign } from '../../src/cli/verify.js';
import { RandomStream } from '../../src/rules/random/random-stream.js';
import { createOpenTable } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

const ROLL = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { expression label total dice { sides value kept exploded } eventSeq } }`;
const ROTATE = `mutation ($input: RotateSeedInput!) { rotateSeed(input: $input) { revealedSeed revealedCommitment newCommitment lastEventSeq } }`;
const VERIFY = `query ($c: ID!) { verifyEvents(campaignId: $c) { checked mismatches pending replayed outcomeProblems { seq } } }`;

describe('auditable randomness', () => {
  const env = useTestArbiter();

  it('rolls dice expressions into the log', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const rolled = await table.players[0].client.data(ROLL, { input: { campaignId: table.campaignId, expression: '4d6kh3 + 2', label: 'strength' } });
    const roll = rolled.rollDice;
    expect(roll.expression).toBe('4d6kh3+2');
    expect(roll.dice).toHaveLength(4);
    expect(roll.dice.filter((die: { kept: boolean }) => die.kept)).toHaveLength(3);
    const kept = roll.dice.filter((die: { kept: boolean }) => die.kept).map((die: { value: number }) => die.value);
    expect(roll.total).toBe(kept.reduce((a: number, b: number) => a + b, 0) + 2);
    const { events } = await table.players[1].client.data(`query ($c: ID!, $after: Int!) { events(campaignId: $c, afterSeq: $after) { seq type payload random { words } } }`, {
      c: table.campaignId,
      after: roll.eventSeq - 1,
    });
    expect(events[0]).toMatchObject({ seq: roll.eventSeq, type: 'dice.rolled', payload: { total: roll.total, label: 'strength' }, random: null });
  });

  it.each([
    ['2d6x', 3],
    ['0d6', 0],
    ['1d1001', 0],
    ['101d6', 0],
  ])('points at the offending part of %s', async (expression, position) => {
    const table = await createOpenTable(env.arbiter.url);
    const before = await env.db.eventSeqs(table.campaignId);
    const response = await table.gm.request(ROLL, { input: { campaignId: table.campaignId, expression } });
    expect(response.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'expression', position });
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
  });

  it('draws each roll from the stream of its event seq, as the published algorithm says', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const { rollDice } = await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '3d20' } });
    const rotated = (await table.gm.data(ROTATE, { input: { campaignId: table.campaignId } })).rotateSeed;
    const seed = Buffer.from(rotated.revealedSeed, 'hex');
    expect(createHash('sha256').update(seed).digest('hex')).toBe(table.rngCommitment);
    const stream = new RandomStream(seed, rollDice.eventSeq);
    expect(rollDice.dice.map((die: { value: number }) => die.value)).toEqual([stream.die(20), stream.die(20), stream.die(20)]);
  });

  it('reveals the seed on rotation, commits a new one, and verifies every earlier event', async () => {
    const table = await createOpenTable(env.arbiter.url);
    for (const expression of ['d20', '3d6!', 'd%', '2d20kl1+3']) {
      await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression } });
    }
    await table.gm.data(`mutation ($input: DrawCardsInput!) { drawCards(input: $input) { eventSeq } }`, {
      input: { deckId: table.deckId, count: 5, from: 'RANDOM', to: 'DISCARD' },
    });
    const before = (await table.gm.data(VERIFY, { c: table.campaignId })).verifyEvents;
    expect(before.checked).toBe(0);

    const rotated = (await table.gm.data(ROTATE, { input: { campaignId: table.campaignId } })).rotateSeed;
    expect(rotated.revealedCommitment).toBe(table.rngCommitment);
    expect(rotated.newCommitment).not.toBe(table.rngCommitment);
    const campaign = (await table.players[0].client.data(`query ($id: ID!) { campaign(id: $id) { rngCommitment revealedSeeds { epoch seed commitment lastSeq } } }`, { id: table.campaignId })).campaign;
    expect(campaign.rngCommitment).toBe(rotated.newCommitment);
    expect(campaign.revealedSeeds).toEqual([{ epoch: 0, seed: rotated.revealedSeed, commitment: table.rngCommitment, lastSeq: rotated.lastEventSeq }]);
    // Every outcome follows from its draws: the rolls' faces and totals, the deck's shuffle and the cards drawn.
    expect((await table.gm.data(VERIFY, { c: table.campaignId })).verifyEvents).toMatchObject({ replayed: rotated.lastEventSeq, outcomeProblems: [] });

    const after = (await table.players[0].client.data(VERIFY, { c: table.campaignId })).verifyEvents;
    expect(after.checked).toBe(rotated.lastEventSeq);
    expect(after.mismatches).toEqual([]);
    // The draw piles were reshuffled under the new seed: that event waits for the next reveal.
    expect(after.pending).toBeGreaterThan(0);

    const independent = await verifyCampaign(`${env.arbiter.url}/graphql`, table.gm.key!, table.campaignId);
    expect(independent).toMatchObject({ checked: after.checked, pending: after.pending, mismatches: [], badCommitments: [], outcomeProblems: [], notReplayed: [] });
    expect(independent.replayed).toBe(after.checked);
  });

  it('finds an event whose recorded draws the seed does not reproduce', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const { rollDice } = await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '2d6' } });
    await table.gm.data(ROTATE, { input: { campaignId: table.campaignId } });
    await env.db.query(
      `UPDATE game_events SET random_draws = jsonb_set(random_draws, '{0,1}', to_jsonb(((random_draws->0->>1)::int + 1) % 6))
        WHERE campaign_id = $1 AND seq = $2`,
      [table.campaignId, rollDice.eventSeq],
    );
    expect((await table.gm.data(VERIFY, { c: table.campaignId })).verifyEvents.mismatches).toEqual([rollDice.eventSeq]);
    expect((await verifyCampaign(`${env.arbiter.url}/graphql`, table.gm.key!, table.campaignId)).mismatches).toEqual([rollDice.eventSeq]);
  });
});
