import { Client, createTable, startTestArbiter, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

/** A plain HTTP call, as curl makes it. */
async function http(url: string, method: string, path: string, options: { key?: string; body?: string } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) },
    body: options.body,
  });
  const text = await response.text();
  let body: { errors?: Array<{ message: string; extensions: Record<string, any> }>; data?: any } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the assertions on the body say so
  }
  return { status: response.status, headers: response.headers, body, error: body.errors?.[0] };
}

const CREATE_CAMPAIGN = `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } } }`;
const ADD_MEMBER = `mutation ($input: AddMemberInput!) { addMember(input: $input) { member { id } } }`;
const EVENTS = `query ($c: ID!, $after: Int, $limit: Int) { events(campaignId: $c, afterSeq: $after, limit: $limit) { seq } }`;

/** What a new user meets in their first hour: syntax errors, misleading messages, the edges of the API. */
describe('the first hour of a new user', () => {
  const env = useTestArbiter();
  const url = () => env.arbiter.url;

  it.each(['{ me { role ', '{', 'asdf', ' ', '# comment'])('answers a GraphQL syntax error (%j) 400 GRAPHQL_PARSE_FAILED, not a server fault', async (query) => {
    const answer = await http(url(), 'POST', '/graphql', { body: JSON.stringify({ query }) });
    expect({ status: answer.status, code: answer.error?.extensions.code }).toEqual({ status: 400, code: 'GRAPHQL_PARSE_FAILED' });
  });

  it('answers a document over the token limit 400 GRAPHQL_PARSE_FAILED', async () => {
    const answer = await http(url(), 'POST', '/graphql', { body: JSON.stringify({ query: `{ ${'__typename '.repeat(2500)}}` }) });
    expect({ status: answer.status, code: answer.error?.extensions.code }).toEqual({ status: 400, code: 'GRAPHQL_PARSE_FAILED' });
    expect(answer.error?.message).toMatch(/2000 tokens/);
  });

  it('answers a request that is not GraphQL 400 BAD_REQUEST, and an operation it cannot pick 400 OPERATION_RESOLUTION_FAILURE', async () => {
    const noQuery = await http(url(), 'POST', '/graphql', { body: '{}' });
    expect({ status: noQuery.status, code: noQuery.error?.extensions.code }).toEqual({ status: 400, code: 'BAD_REQUEST' });
    const twoOperations = await http(url(), 'POST', '/graphql', { body: JSON.stringify({ query: 'query A { __typename } query B { __typename }' }) });
    expect({ status: twoOperations.status, code: twoOperations.error?.extensions.code }).toEqual({ status: 400, code: 'OPERATION_RESOLUTION_FAILURE' });
  });

  describe('messages that say what is wrong', () => {
    it('names the type or the missing field of a dice roll, not a length', async () => {
      const table = await createTable(url());
      const path = `/v1/campaigns/${table.campaignId}/dice`;
      const number = await http(url(), 'POST', path, { key: table.gm.key, body: JSON.stringify({ expression: 20 }) });
      expect({ status: number.status, error: number.error }).toEqual({ status: 400, error: { message: 'expression must be a string', extensions: { code: 'BAD_USER_INPUT', field: 'expression' } } });
      const empty = await http(url(), 'POST', path, { key: table.gm.key, body: '{}' });
      expect(empty.error).toEqual({ message: 'expression is required', extensions: { code: 'BAD_USER_INPUT', field: 'expression' } });
    });

    it('says a draw count sent as a string must be an integer', async () => {
      const table = await createTable(url());
      const answer = await http(url(), 'POST', `/v1/decks/${table.deckId}/draw`, { key: table.gm.key, body: JSON.stringify({ count: '3' }) });
      expect({ status: answer.status, code: answer.error?.extensions.code, field: answer.error?.extensions.field }).toEqual({ status: 400, code: 'BAD_USER_INPUT', field: 'count' });
      expect(answer.error?.message).toMatch(/count must be an integer/);
    });

    it('asks an Enchanted Realms Draw with neither an opponent nor a Challenge Number for one of them', async () => {
      const table = await createTable(url(), 'enchanted-realms-cards');
      const answer = await table.gm.request(`mutation ($input: EnchantedRealmsDrawInput!) { enchantedRealmsDraw(input: $input) { eventSeq } }`, {
        input: { campaignId: table.campaignId, actorId: table.players[0].characterId, action: 'ACTION_WITHOUT_CARD', attribute: 'STR' },
      });
      expect(answer.body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'opponent' });
      expect(answer.body.errors?.[0].message).not.toMatch(/not both/);
    });

    it('refuses a Tenth Realm combat with no enemies, no characters or a character twice as bad input naming the list', async () => {
      const table = await createTable(url());
      const start = (characterIds: string[], enemies: unknown[]) =>
        table.gm.request(`mutation ($input: TenthRealmStartCombatInput!) { tenthRealmStartCombat(input: $input) { eventSeq } }`, {
          input: { campaignId: table.campaignId, characterIds, enemies },
        });
      const ada = table.players[0].characterId;
      const goblin = { name: 'Goblin', resilience: 3, weaponDie: 6 };
      expect((await start([ada], [])).body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'enemies' });
      expect((await start([], [goblin])).body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'characterIds' });
      expect((await start([ada, ada], [goblin])).body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'characterIds' });
    });

    it("blames the characterId of a REST trial roll for a character of another ruleset's campaign", async () => {
      const table = await createTable(url(), 'yummell');
      const answer = await http(url(), 'POST', `/v1/tenth-realm/characters/${table.players[0].characterId}/trial-roll`, {
        key: table.gm.key,
        body: JSON.stringify({ attribute: 'STRENGTH' }),
      });
      expect({ status: answer.status, extensions: answer.error?.extensions }).toEqual({ status: 400, extensions: { code: 'BAD_USER_INPUT', field: 'characterId' } });
    });
  });

  describe('the log read the same way over GraphQL and REST', () => {
    it.each([
      ['limit', { limit: 0 }, 'limit=0'],
      ['limit', { limit: 100000 }, 'limit=100000'],
      ['afterSeq', { after: -1 }, 'afterSeq=-1'],
    ])('refuses %s out of range (%j) with BAD_USER_INPUT on both', async (field, variables, query) => {
      const table = await createTable(url());
      const graphql = await table.gm.request(EVENTS, { c: table.campaignId, ...variables });
      expect(graphql.body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field });
      const rest = await http(url(), 'GET', `/v1/campaigns/${table.campaignId}/events?${query}`, { key: table.gm.key });
      expect({ status: rest.status, extensions: rest.error?.extensions }).toEqual({ status: 400, extensions: { code: 'BAD_USER_INPUT', field } });
      expect(rest.error?.message).toBe(graphql.body.errors?.[0].message);
    });

    it('reads a page at the bounds (limit 1 and 1000)', async () => {
      const table = await createTable(url());
      expect((await table.gm.data(EVENTS, { c: table.campaignId, limit: 1 })).events).toHaveLength(1);
      const rest = await http(url(), 'GET', `/v1/campaigns/${table.campaignId}/events?limit=1000`, { key: table.gm.key });
      expect(rest.status).toBe(200);
    });
  });

  describe('small things', () => {
    it("writes Nest's log lines through pino: one JSON shape for every line", async () => {
      const lines: string[] = [];
      const write = process.stdout.write;
      // A replaced write makes the server log line by line through it (bootstrap.ts, openLog).
      process.stdout.write = ((chunk: string | Uint8Array) => {
        lines.push(...String(chunk).split('\n').filter((line) => line.trim() !== ''));
        return true;
      }) as typeof process.stdout.write;
      try {
        const server = await startTestArbiter({ LOG_LEVEL: 'info' });
        await fetch(`${server.url}/health`);
        await server.close();
      } finally {
        process.stdout.write = write;
      }
      const entries = lines.map((line) => JSON.parse(line) as { level: unknown; time: unknown; msg: unknown; context?: string });
      expect(entries.filter((entry) => typeof entry.level !== 'number' || typeof entry.time !== 'number' || typeof entry.msg !== 'string')).toEqual([]);
      // Nest's own lines are among them, with their context.
      expect(entries.some((entry) => entry.context === 'NestApplication')).toBe(true);
    });

    it('describes the API keys in the OpenAPI document as what they are, not JWTs', async () => {
      const document = (await (await fetch(`${url()}/v1/openapi.json`)).json()) as { components: { securitySchemes: Record<string, { bearerFormat?: string }> } };
      const formats = Object.values(document.components.securitySchemes).map((scheme) => scheme.bearerFormat);
      expect(formats).not.toContain('JWT');
    });

    it('answers GET on a POST route 405 METHOD_NOT_ALLOWED with Allow, and an unknown route 404', async () => {
      const table = await createTable(url());
      const wrong = await http(url(), 'GET', `/v1/decks/${table.deckId}/draw`, { key: table.gm.key });
      expect({ status: wrong.status, allow: wrong.headers.get('allow'), extensions: wrong.error?.extensions }).toEqual({
        status: 405,
        allow: 'POST',
        extensions: { code: 'METHOD_NOT_ALLOWED', allowed: ['POST'] },
      });
      const none = await http(url(), 'GET', '/v1/nowhere', { key: table.gm.key });
      expect({ status: none.status, code: none.error?.extensions.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    });

    it('answers a request line over the header limit 431 in the coded shape, not a bare parser error', async () => {
      const response = await fetch(`${url()}/v1/odds/roll?expression=${'1'.repeat(20_000)}`);
      expect(response.status).toBe(431);
      expect(await response.json()).toEqual({ errors: [{ message: expect.stringContaining('too long'), extensions: { code: 'BAD_USER_INPUT' } }] });
    });

    it.each([
      ['only spaces', '   '],
      ['a right-to-left override', 'Ada\u202Eevil'],
    ])('refuses a name of %s, for campaigns, members and characters', async (_, name) => {
      const admin = new Client(url(), TEST_ADMIN_KEY);
      expect(await admin.errorCode(CREATE_CAMPAIGN, { input: { name, ruleset: 'tenth-realm' } })).toBe('BAD_USER_INPUT');
      const table = await createTable(url());
      const member = await table.gm.request(ADD_MEMBER, { input: { campaignId: table.campaignId, name, role: 'PLAYER' } });
      expect(member.body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'name' });
      const character = await table.gm.request(`mutation ($input: CreateCharacterInput!) { createCharacter(input: $input) { id } }`, { input: { campaignId: table.campaignId, name } });
      expect(character.body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'name' });
    });

    it('refuses a second member of the same name in a campaign', async () => {
      const table = await createTable(url());
      for (const name of ['Ada', ' ada ']) {
        const answer = await table.gm.request(ADD_MEMBER, { input: { campaignId: table.campaignId, name, role: 'PLAYER' } });
        expect(answer.body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'name' });
      }
      expect((await env.db.query(`SELECT count(*)::int AS n FROM members WHERE campaign_id = $1`, [table.campaignId]))[0]).toEqual({ n: 3 });
    });

    it('refuses an unknown settings key, naming it and the known ones, and writes nothing', async () => {
      const admin = new Client(url(), TEST_ADMIN_KEY);
      const name = `Typo ${Date.now()}`;
      const answer = await admin.request(CREATE_CAMPAIGN, { input: { name, ruleset: 'tenth-realm', settings: { inventorySlot: 12 } } });
      expect(answer.body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'settings.inventorySlot', knownSettings: ['inventorySlots', 'playersSetDifficulty'] });
      expect(answer.body.errors?.[0].message).toMatch(/settings\.inventorySlot .*inventorySlots, playersSetDifficulty/);
      expect(await env.db.query(`SELECT id FROM campaigns WHERE name = $1`, [name])).toEqual([]);
      // The known keys still pass.
      const created = await admin.request(CREATE_CAMPAIGN, { input: { name, ruleset: 'tenth-realm', settings: { inventorySlots: 12, playersSetDifficulty: true } } });
      expect(created.body.errors).toBeUndefined();
    });
  });
});
