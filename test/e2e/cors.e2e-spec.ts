import type { RunningArbiter } from '../../src/bootstrap.js';
import { startTestArbiter, TEST_ADMIN_KEY } from '../helpers/arbiter.js';

const VTT = 'https://vtt.example.com';

function preflight(url: string, origin: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
  });
}

function campaignsFrom(arbiter: RunningArbiter, origin: string, key = TEST_ADMIN_KEY): Promise<Response> {
  return fetch(`${arbiter.url}/graphql`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: '{ campaigns { id } }' }),
  });
}

describe('calls from a web page of another origin (ARBITER_CORS_ORIGINS)', () => {
  let arbiter: RunningArbiter;

  beforeAll(async () => {
    arbiter = await startTestArbiter({ ARBITER_CORS_ORIGINS: `${VTT}, http://localhost:30000` });
  });

  afterAll(async () => {
    await arbiter?.close();
  });

  it('answers the preflight of GraphQL and REST calls with the headers a call needs', async () => {
    for (const path of ['/graphql', '/v1/campaigns']) {
      const answer = await preflight(`${arbiter.url}${path}`, VTT);
      expect([path, answer.status]).toEqual([path, 204]);
      expect(answer.headers.get('access-control-allow-origin')).toBe(VTT);
      expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key');
      expect(answer.headers.get('access-control-max-age')).toBe('600');
    }
  });

  it('lets the page read answers and refusals, with the headers a retry needs', async () => {
    const answer = await campaignsFrom(arbiter, VTT);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(VTT);
    expect(answer.headers.get('access-control-expose-headers')).toBe('Idempotent-Replay, Retry-After');
    expect(((await answer.json()) as { data: { campaigns: unknown } }).data.campaigns).toEqual(expect.any(Array));

    const refused = await campaignsFrom(arbiter, 'http://localhost:30000', 'arb_not_a_key');
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:30000');
    expect(((await refused.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('gives other origins no CORS headers, so their browsers refuse to read the answer', async () => {
    const answer = await preflight(`${arbiter.url}/graphql`, 'https://elsewhere.example.com');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect((await campaignsFrom(arbiter, 'https://elsewhere.example.com')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('calls from web pages, by default', () => {
  let arbiter: RunningArbiter;

  beforeAll(async () => {
    arbiter = await startTestArbiter();
  });

  afterAll(async () => {
    await arbiter?.close();
  });

  it('sends no CORS headers', async () => {
    expect((await campaignsFrom(arbiter, VTT)).headers.get('access-control-allow-origin')).toBeNull();
    const answer = await preflight(`${arbiter.url}/graphql`, VTT);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
