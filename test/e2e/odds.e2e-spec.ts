import { Client, createTable } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

const ODDS = `query ($e: String!, $a: Int) { rollOdds(expression: $e, atLeast: $a) { expression mean distribution { total probability } atLeast { value probability } explosionDepth probabilityBeyondDepth probabilityCapped } }`;

describe('odds before the roll', () => {
  const env = useTestArbiter();

  it('answers the exact odds of an expression, to anyone, writing nothing and drawing nothing', async () => {
    const table = await createTable(env.arbiter.url);
    const before = await env.db.eventSeqs(table.campaignId);
    const { rollOdds } = await new Client(env.arbiter.url).data(ODDS, { e: '4d6kh3', a: 15 });
    expect(rollOdds.expression).toBe('4d6kh3');
    expect(rollOdds.distribution[0]).toEqual({ total: 3, probability: 1 / 1296 });
    expect(rollOdds.distribution.reduce((sum: number, each: { probability: number }) => sum + each.probability, 0)).toBeCloseTo(1, 12);
    expect(rollOdds.mean).toBeCloseTo(15869 / 1296, 12);
    // P(total ≥ 15) for 4d6 keep 3: 300 of the 1296 rolls.
    expect(rollOdds.atLeast).toEqual({ value: 15, probability: expect.closeTo(300 / 1296, 12) });
    expect(rollOdds).toMatchObject({ explosionDepth: 0, probabilityBeyondDepth: 0, probabilityCapped: 0 });
    const exploding = (await table.gm.data(ODDS, { e: '3d10!' })).rollOdds;
    expect(exploding.explosionDepth).toBe(10);
    expect(exploding.probabilityCapped).toBeGreaterThan(0);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
    const [{ version }] = await env.db.query('SELECT version FROM campaigns WHERE id = $1', [table.campaignId]);
    expect((await table.gm.data(ODDS, { e: 'd20' })).rollOdds.mean).toBe(10.5);
    expect((await env.db.query('SELECT version FROM campaigns WHERE id = $1', [table.campaignId]))[0].version).toBe(version);
  });

  it('previews the roll it is about: the same expression, the same totals rollDice can make', async () => {
    const table = await createTable(env.arbiter.url);
    const { rollOdds } = await table.gm.data(ODDS, { e: '2d6+1' });
    const possible = new Set(rollOdds.distribution.map((each: { total: number }) => each.total));
    for (let roll = 0; roll < 20; roll++) {
      const { rollDice } = await table.gm.data(`mutation ($input: RollDiceInput!) { rollDice(input: $input) { expression total } }`, {
        input: { campaignId: table.campaignId, expression: '2d6+1' },
      });
      expect(rollDice.expression).toBe(rollOdds.expression);
      expect(possible.has(rollDice.total)).toBe(true);
    }
  });

  it('refuses an expression too large to compute exactly with BAD_USER_INPUT naming the limit, and a malformed one naming its place', async () => {
    const client = new Client(env.arbiter.url);
    const large = await client.request(ODDS, { e: '100d100' });
    expect(large.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'expression', limit: 'MAX_ODDS_WORK', maximum: expect.any(Number) });
    expect(large.body.errors![0].message).toContain('MAX_ODDS_WORK');
    const malformed = await client.request(ODDS, { e: '2d6x' });
    expect(malformed.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'expression', position: 3 });
  });

  it('answers the same over REST: GET /v1/odds/roll', async () => {
    const response = await fetch(`${env.arbiter.url}/v1/odds/roll?expression=2d20kh1&atLeast=20`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { distribution: Array<{ total: number; probability: number }>; atLeast: { probability: number } };
    // Advantage: P(20) = 39/400.
    expect(body.atLeast.probability).toBeCloseTo(39 / 400, 12);
    expect(body.distribution.find((each) => each.total === 1)!.probability).toBeCloseTo(1 / 400, 12);
    const refused = await fetch(`${env.arbiter.url}/v1/odds/roll?expression=100d100`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Array<{ extensions: { code: string; limit: string } }> }).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'MAX_ODDS_WORK' });
    // Public, yet a key that matches nobody is refused, as over GraphQL.
    const wrongKey = await fetch(`${env.arbiter.url}/v1/odds/roll?expression=d6`, { headers: { authorization: 'Bearer arb_nobody' } });
    expect(wrongKey.status).toBe(401);
    expect(((await wrongKey.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
