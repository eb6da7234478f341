/**
 * Recomputes a campaign's random draws from its revealed seeds, independently of the server's
 * own verifyEvents: it fetches the log over GraphQL and replays it with the published algorithm.
 *
 *   npm run verify -- --url http://localhost:3000/graphql --key <api key> --campaign <id>
 *
 * Exits 0 when every checked event matches, 1 on a mismatch, 2 on a usage or network error.
 */
import { parseArgs } from 'node:util';
import { commitmentOf } from '../rules/random/random-stream.js';
import { findRandomnessMismatches, type RecordedRandomness } from '../rules/random/recording-rng.js';

interface EventPage {
  events: Array<{ seq: number; random: { streamSeq: number; seedEpoch: number; words: number; draws: Array<{ bound: number; value: number }> } | null }>;
}

async function graphql<T>(url: string, key: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data as T;
}

export interface VerifyReport {
  checked: number;
  pending: number;
  mismatches: number[];
  badCommitments: number[];
}

export async function verifyCampaign(url: string, key: string, campaignId: string): Promise<VerifyReport> {
  const { campaign } = await graphql<{ campaign: { revealedSeeds: Array<{ epoch: number; seed: string; commitment: string }> } }>(
    url,
    key,
    'query ($id: ID!) { campaign(id: $id) { revealedSeeds { epoch seed commitment } } }',
    { id: campaignId },
  );
  const byEpoch = new Map<number, RecordedRandomness[]>();
  let pending = 0;
  for (let afterSeq = 0; ; ) {
    const page = await graphql<EventPage>(
      url,
      key,
      'query ($c: ID!, $after: Int!) { events(campaignId: $c, afterSeq: $after, limit: 1000) { seq random { streamSeq seedEpoch words draws { bound value } } } }',
      { c: campaignId, after: afterSeq },
    );
    if (page.events.length === 0) break;
    for (const event of page.events) {
      if (!event.random) {
        pending++;
        continue;
      }
      const recorded = {
        seq: event.seq,
        streamSeq: event.random.streamSeq,
        words: event.random.words,
        draws: event.random.draws.map((draw): [number, number] => [draw.bound, draw.value]),
      };
      byEpoch.set(event.random.seedEpoch, [...(byEpoch.get(event.random.seedEpoch) ?? []), recorded]);
    }
    afterSeq = page.events[page.events.length - 1].seq;
  }

  const report: VerifyReport = { checked: 0, pending, mismatches: [], badCommitments: [] };
  for (const revealed of campaign.revealedSeeds) {
    const seed = Buffer.from(revealed.seed, 'hex');
    const events = byEpoch.get(revealed.epoch) ?? [];
    report.checked += events.length;
    if (commitmentOf(seed) !== revealed.commitment) {
      report.badCommitments.push(revealed.epoch);
      report.mismatches.push(...events.map((event) => event.seq));
    } else {
      report.mismatches.push(...findRandomnessMismatches(seed, events));
    }
  }
  report.mismatches.sort((a, b) => a - b);
  return report;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { url: { type: 'string', default: 'http://localhost:3000/graphql' }, key: { type: 'string' }, campaign: { type: 'string' } },
  });
  if (!values.key || !values.campaign) {
    console.error('usage: npm run verify -- --url <graphql url> --key <api key> --campaign <campaign id>');
    return 2;
  }
  try {
    const report = await verifyCampaign(values.url!, values.key, values.campaign);
    console.log(`checked ${report.checked} events from revealed seeds; ${report.pending} await the next rotateSeed`);
    for (const epoch of report.badCommitments) console.log(`seed of epoch ${epoch} does not match its commitment`);
    if (report.mismatches.length > 0) {
      console.log(`MISMATCH in events ${report.mismatches.join(', ')}`);
      return 1;
    }
    console.log('every checked event matches its seed');
    return 0;
  } catch (error) {
    console.error(`verify failed: ${(error as Error).message}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exitCode = await main();
}
