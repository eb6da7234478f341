import { findFreePort } from '../infra/embedded-database.js';
import { verifyCampaign } from './verify.js';

describe('npm run verify', () => {
  it('names the URL it cannot reach, not a bare "fetch failed"', async () => {
    const url = `http://127.0.0.1:${await findFreePort()}/graphql`;
    await expect(verifyCampaign(url, 'arb_key', '00000000-0000-4000-8000-000000000000')).rejects.toThrow(`cannot reach ${url}: connect ECONNREFUSED`);
  });
});
