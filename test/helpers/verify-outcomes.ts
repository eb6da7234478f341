import { verifyCampaign } from '../../src/cli/verify.js';
import type { Client } from './arbiter.js';

const VERIFY = `query ($c: ID!) { verifyEvents(campaignId: $c) { checked mismatches replayed outcomeProblems { seq type problem } notReplayed { seq type why } } }`;

/**
 * Reveals the seed (forced: hands hold cards) and checks that both verifiers, the server's and
 * `npm run verify`'s, find every draw honest and every outcome of the ruleset following from its draws.
 */
export async function expectOutcomesFollow(gm: Client, player: Client, campaignId: string, ruleset = 'tenth-realm', minimumReplayed = 10): Promise<void> {
  await gm.data(`mutation ($input: RotateSeedInput!) { rotateSeed(input: $input) { lastEventSeq } }`, { input: { campaignId, force: true } });
  const server = (await player.data(VERIFY, { c: campaignId })).verifyEvents;
  const independent = await verifyCampaign(`${gm.url}/graphql`, gm.key!, campaignId);
  for (const report of [server, independent]) {
    expect(report.mismatches).toEqual([]);
    expect(report.outcomeProblems).toEqual([]);
    // Only the platform's deck events may be left unreplayed: the ruleset's replayers cover all of its own.
    expect(report.notReplayed.filter((event: { type: string }) => event.type.startsWith(`${ruleset}.`))).toEqual([]);
    expect(report.replayed).toBeGreaterThan(minimumReplayed);
  }
}

