import { afterEach, describe, expect, it } from '@jest/globals';
import { baselineRequests, createBaselineServer } from './baseline-http.js';

describe('the baseline behind a bare HTTP server', () => {
  let server;
  afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve())));

  const listen = async (draw) => {
    server = createBaselineServer(draw);
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${server.address().port}`;
  };

  it('answers /health, so that startServer sees it up', async () => {
    const url = await listen(() => Promise.reject(new Error('not called')));
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });

  it('draws for the target each POST names, and answers once the draw has committed', async () => {
    const drawn = [];
    const url = await listen(async (target) => drawn.push(target));
    const next = baselineRequests([
      { campaignId: 'c1', deckId: 'd1', gmMemberId: 'm1', gmKey: 'not sent' },
      { campaignId: 'c2', deckId: 'd2', gmMemberId: 'm2' },
    ]);
    for (let i = 0; i < 3; i += 1) {
      const { body, headers } = next();
      const response = await fetch(`${url}/graphql`, { method: 'POST', headers, body });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { drawn: true } });
    }
    expect(drawn).toEqual([
      { campaignId: 'c1', deckId: 'd1', gmMemberId: 'm1' },
      { campaignId: 'c2', deckId: 'd2', gmMemberId: 'm2' },
      { campaignId: 'c1', deckId: 'd1', gmMemberId: 'm1' },
    ]);
  });

  it('answers a failed draw with 500 and errors, which the bench counts as an error', async () => {
    const url = await listen(() => Promise.reject(new Error('deadlock detected')));
    const response = await fetch(`${url}/graphql`, { method: 'POST', body: '{"campaignId":"c1"}' });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('"errors"');
  });
});
