import { Client, TEST_ADMIN_KEY, startTestArbiter } from '../helpers/arbiter.js';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { GRAPHQL_LIMITS } from '../../src/infra/graphql-limits.js';

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_KEY}`, ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

const nested = (depth: number) => `{ campaigns { ${'characters { campaign { '.repeat(Math.ceil(depth / 2))}id${' } }'.repeat(Math.ceil(depth / 2))} } }`;

describe('GraphQL and HTTP hardening (development settings)', () => {
  let arbiter: RunningArbiter;
  let admin: Client;
  beforeAll(async () => {
    arbiter = await startTestArbiter();
    admin = new Client(arbiter.url, TEST_ADMIN_KEY);
  });
  afterAll(() => arbiter.close());

  it.each([
    ['depth', nested(GRAPHQL_LIMITS.maxDepth + 2)],
    ['aliases', `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: rulesets { id }`).join(' ')} }`],
    ['directives', `{ rulesets { id ${'@include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1)} } }`],
    ['tokens', `{ rulesets { ${'id '.repeat(GRAPHQL_LIMITS.maxTokens)} } }`],
  ])('refuses a document over the %s limit with a code', async (_, query) => {
    const response = await admin.request(query);
    expect(response.body.data).toBeUndefined();
    const [error] = response.body.errors!;
    expect(['GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'GRAPHQL_PARSE_FAILED']).toContain(error.extensions?.code);
    expect(error.message).toMatch(/limit|exceed|maximum|more tha[nt] \d+ tokens/i);
  });

  it('refuses a document over the cost limit', async () => {
    const wide = `{ campaigns { ${Array.from({ length: 8 }, (_, i) => `c${i}: characters { id name memberId createdAt handCount campaign { id name ruleset settings rngCommitment seedEpoch lastEventSeq createdAt members { id name role } } }`).join(' ')} } }`;
    const response = await admin.request(wide);
    expect(response.body.errors![0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('accepts the largest operations the clients send', async () => {
    const response = await admin.request(`{ campaigns { id characters { id tenthRealm { status attributes { strength } pending { allyAid } inventory { items } } hand { code } } } rulesets { id } }`);
    expect(response.body.errors).toBeUndefined();
  });

  it('refuses batched requests', async () => {
    const response = await post(arbiter.url, JSON.stringify([{ query: '{ rulesets { id } }' }, { query: '{ rulesets { id } }' }]));
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toContain('"rulesets"');
  });

  it('answers a body over 1 MiB with 413 and a coded error', async () => {
    const response = await post(arbiter.url, JSON.stringify({ query: '{ rulesets { id } }', variables: { pad: 'x'.repeat(1_100_000) } }));
    expect(response.status).toBe(413);
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers a body that is not JSON with a coded error', async () => {
    const response = await post(arbiter.url, '{ "query": ');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('prevents CSRF: a GET query without a preflight header is refused', async () => {
    const response = await fetch(`${arbiter.url}/graphql?query=${encodeURIComponent('{ rulesets { id } }')}`, { headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('"rulesets"');
  });

  it('allows introspection and suggests fields in development', async () => {
    expect((await admin.request('{ __schema { queryType { name } } }')).body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await admin.request('{ rulesetz { id } }')).body.errors![0].message).toMatch(/Did you mean/);
  });
});

describe('GraphQL hardening in production', () => {
  let arbiter: RunningArbiter;
  let admin: Client;
  beforeAll(async () => {
    arbiter = await startTestArbiter({ NODE_ENV: 'production' });
    admin = new Client(arbiter.url, TEST_ADMIN_KEY);
  });
  afterAll(() => arbiter.close());

  it('refuses introspection and gives no field suggestions or stack traces', async () => {
    const introspection = await admin.request('{ __schema { queryType { name } } }');
    expect(introspection.body.errors![0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const typo = await admin.request('{ rulesetz { id } }');
    expect(typo.body.errors![0].message).not.toMatch(/Did you mean/);
    expect(JSON.stringify(typo.body)).not.toMatch(/stacktrace|at .*\.js:\d+/);
  });

  it('turns introspection on when the setting enables it', async () => {
    const enabled = await startTestArbiter({ NODE_ENV: 'production', ARBITER_INTROSPECTION: 'true' });
    try {
      const response = await new Client(enabled.url, TEST_ADMIN_KEY).request('{ __schema { queryType { name } } }');
      expect(response.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    } finally {
      await enabled.close();
    }
  });
});

describe('the per-key rate limit', () => {
  let arbiter: RunningArbiter;
  beforeAll(async () => {
    arbiter = await startTestArbiter({ ARBITER_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => arbiter.close());

  it('counts operations, not requests, and answers RATE_LIMITED with a retry hint', async () => {
    const admin = new Client(arbiter.url, TEST_ADMIN_KEY);
    // One request of three root fields: three operations.
    expect((await admin.request('{ a: rulesets { id } b: rulesets { id } c: rulesets { id } }')).body.errors).toBeUndefined();
    expect((await admin.request('{ a: rulesets { id } b: rulesets { id } }')).body.errors).toBeUndefined();
    const refused = await admin.request('{ rulesets { id } }');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const [error] = refused.body.errors!;
    expect(error.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(error.extensions!.retryAfterSeconds).toBeGreaterThan(0);
    // Another key has its own budget.
    const other = new Client(arbiter.url);
    expect((await other.request('{ rulesets { id } }')).body.errors).toBeUndefined();
    console.log(`rate limit: 5 operations per minute; refused the 6th with retry-after ${refused.headers.get('retry-after')} s`);
  });
});
