import type { RunningArbiter } from '../../src/bootstrap.js';
import { GraphQLFastPath } from '../../src/infra/graphql-fast-path.js';
import { Client, createTable, startTestArbiter, TEST_ADMIN_KEY, type GraphQLResponse } from '../helpers/arbiter.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DRAW = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } deck { drawPileCount } } }`;
const PILES = `query ($id: ID!) { deck(id: $id) { drawPileCount } }`;

/** The parts of an answer a client reads: status, content type, Retry-After and the body's text. */
function seen(response: GraphQLResponse) {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    retryAfter: response.headers.get('retry-after'),
    text: response.text,
  };
}

/** A body's shape: its keys and the types of its values, for answers whose values differ by design. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, shape(each)]));
  return typeof value;
}

describe('the GraphQL fast path: plain requests answered without Apollo Server’s pipeline, as Apollo answers them', () => {
  let arbiter: RunningArbiter;
  let fastPath: GraphQLFastPath;

  beforeAll(async () => {
    arbiter = await startTestArbiter();
    fastPath = arbiter.app.get(GraphQLFastPath);
  });

  afterAll(async () => {
    await arbiter?.close();
  });

  /** Sends the request; says whether the fast path answered it. */
  async function send(client: Client, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}, more: Record<string, unknown> = {}) {
    const before = fastPath.answered;
    const response = await client.request(query, variables, headers, more);
    return { response, fast: fastPath.answered === before + 1 };
  }

  /** The first time a document is sent Apollo answers (and accepts it); the second time, the fast path. */
  async function apolloThenFast(
    client: Client,
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    more: Record<string, unknown> = {},
  ) {
    const first = await send(client, query, variables, headers, more);
    const second = await send(client, query, variables, headers, more);
    expect({ query, answered: [first.fast, second.fast] }).toEqual({ query, answered: [false, true] });
    return [first.response, second.response] as const;
  }

  it('answers reads, refusals and failed mutations with the very bytes Apollo sends', async () => {
    const table = await createTable(arbiter.url);
    const cases: Array<[Client, string, Record<string, unknown>]> = [
      [table.gm, `query Read($id: ID!) { campaign(id: $id) { id name ruleset members { name role } } }`, { id: table.campaignId }],
      [table.gm, `query Missing($id: ID!) { deck(id: $id) { id } }`, { id: UNKNOWN_ID }],
      [table.gm, DRAW.replace('mutation', 'mutation Unknown'), { input: { deckId: UNKNOWN_ID, count: 1, to: 'DISCARD' } }],
      [table.gm, DRAW.replace('mutation', 'mutation Zero'), { input: { deckId: table.deckId, count: 0, to: 'DISCARD' } }],
      [table.players[0].client, DRAW.replace('mutation', 'mutation NotYours'), { input: { deckId: table.deckId, count: 1, to: 'TABLE' } }],
      [new Client(arbiter.url, 'arb_not_a_key'), `query Stranger { campaigns { id } }`, {}],
    ];
    // A document of several operations: the one named runs.
    const two = `query Names { campaigns { name } } query Ids { campaigns { id } }`;
    const [apolloIds, fastIds] = await apolloThenFast(table.gm, two, {}, {}, { operationName: 'Ids' });
    expect(seen(fastIds)).toEqual(seen(apolloIds));
    expect(fastIds.body.data?.campaigns).toEqual([{ id: table.campaignId }]);
    for (const [client, query, variables] of cases) {
      const [apollo, fast] = await apolloThenFast(client, query, variables);
      expect({ query, ...seen(fast) }).toEqual({ query, ...seen(apollo) });
    }
    // Apollo Client's Accept header: GraphQL's own JSON, chosen alike.
    const [apolloClientApollo, apolloClientFast] = await apolloThenFast(table.gm, `query Accepting($id: ID!) { deck(id: $id) { id } }`, { id: UNKNOWN_ID }, {
      accept: 'application/graphql-response+json,application/json;q=0.9',
    });
    expect(seen(apolloClientFast)).toEqual(seen(apolloClientApollo));
    expect(apolloClientFast.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
  });

  it('answers a mutation that succeeds with the same shape, and it is written once', async () => {
    const table = await createTable(arbiter.url);
    const [apollo, fast] = await apolloThenFast(table.gm, DRAW, { input: { deckId: table.deckId, count: 2, to: 'DISCARD' } });
    expect(shape(fast.body)).toEqual(shape(apollo.body));
    expect(fast.body.data!.drawCards.deck).toEqual({ drawPileCount: 48 });
    expect((await table.gm.data(PILES, { id: table.deckId })).deck).toEqual({ drawPileCount: 48 });
    // Ran once, by one handler: Apollo did not run it again behind the fast path's answer, which
    // would leave a connection checked out with a transaction that never ends.
    const events = await table.gm.data(`query ($id: ID!) { events(campaignId: $id) { type } }`, { id: table.campaignId });
    expect(events.events.filter((event: { type: string }) => event.type === 'cards.drawn')).toHaveLength(2);
    const { pool } = arbiter.database;
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('keeps a request atomic: when its second mutation fails, its first is undone', async () => {
    const table = await createTable(arbiter.url);
    const both = `mutation ($good: DrawCardsInput!, $bad: DrawCardsInput!) {
      first: drawCards(input: $good) { cards { id } }
      second: drawCards(input: $bad) { cards { id } }
    }`;
    const variables = { good: { deckId: table.deckId, count: 1, to: 'DISCARD' }, bad: { deckId: UNKNOWN_ID, count: 1, to: 'DISCARD' } };
    const [apollo, fast] = await apolloThenFast(table.gm, both, variables);
    expect(seen(fast)).toEqual(seen(apollo));
    expect(fast.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await table.gm.data(PILES, { id: table.deckId })).deck).toEqual({ drawPileCount: 52 });
  });

  it('leaves to Apollo what is not plain: unfit variables, an Accept header without JSON, persisted queries, other content types, GET', async () => {
    const admin = new Client(arbiter.url, TEST_ADMIN_KEY);
    const query = `query Plain($id: ID!) { campaign(id: $id) { id } }`;
    await send(admin, query, { id: UNKNOWN_ID });

    const unfit = await send(admin, query, { id: 42.5 });
    expect(unfit.fast).toBe(false);
    expect(unfit.response.status).toBe(400);
    expect(unfit.response.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const html = await send(admin, query, { id: UNKNOWN_ID }, { accept: 'text/html' });
    expect(html.fast).toBe(false);
    expect(html.response.status).toBe(406);

    const before = fastPath.answered;
    const withExtensions = await admin.request(query, { id: UNKNOWN_ID }, {}, { extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } });
    expect(withExtensions.status).toBe(400);
    const asText = await admin.request(query, { id: UNKNOWN_ID }, { 'content-type': 'text/plain' });
    expect(asText.status).toBe(400);
    const asGet = await fetch(`${arbiter.url}/graphql?query=${encodeURIComponent('{ campaigns { id } }')}`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'apollo-require-preflight': 'true' },
    });
    expect(asGet.status).toBe(200);
    expect(fastPath.answered).toBe(before);
  });
});

describe('the GraphQL fast path and the rate limit', () => {
  let arbiter: RunningArbiter;

  beforeAll(async () => {
    arbiter = await startTestArbiter({ ARBITER_RATE_LIMIT_PER_MINUTE: '4' });
  });

  afterAll(async () => {
    await arbiter?.close();
  });

  it('counts each request once, whoever answers it, and Apollo reports the refusal', async () => {
    const fastPath = arbiter.app.get(GraphQLFastPath);
    const admin = new Client(arbiter.url, TEST_ADMIN_KEY);
    const query = `query Limited($id: ID!) { campaign(id: $id) { id } }`;
    const codes: string[] = [];
    const answeredBefore = fastPath.answered;
    // 1: Apollo; 2: the fast path; 3: the fast path counts it, Apollo reports its unfit variables;
    // 4: the fast path; 5: over the limit of 4.
    for (const id of [UNKNOWN_ID, UNKNOWN_ID, 42.5, UNKNOWN_ID, UNKNOWN_ID]) {
      codes.push((await admin.errorCode(query, { id })) ?? 'none');
    }
    expect(codes).toEqual(['NOT_FOUND', 'NOT_FOUND', 'BAD_USER_INPUT', 'NOT_FOUND', 'RATE_LIMITED']);
    expect(fastPath.answered - answeredBefore).toBe(2);

    const refused = await admin.request(query, { id: UNKNOWN_ID });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  });
});
