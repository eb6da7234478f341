/**
 * Verifies a campaign's log independently of the server's own verifyEvents: it fetches the
 * revealed seeds, their client seeds and the log over GraphQL, recomputes every event's draws
 * from the published algorithm, and derives their outcomes again (rules/verification). With the
 * GM's key it also sees the cards dealt into hands, and replays those too.
 *
 *   npm run verify -- --url http://localhost:3000/graphql --key <api key> --campaign <id>
 *
 * Exits 0 when everything checked follows, 1 when something does not, 2 on a usage or network error.
 */
import { parseArgs } from 'node:util';
import type { CardDefinition } from '../rules/cards/card.js';
import { REPLAYERS } from '../rules/verification/replayers.js';
import { verifyLog, type RevealedEpoch, type VerificationReport, type VerifiedEvent } from '../rules/verification/verify-log.js';

interface EventPage {
  events: Array<{
    seq: number;
    type: string;
    payload: Record<string, unknown>;
    secret: Record<string, unknown> | null;
    random: { streamSeq: number; seedEpoch: number; words: number; draws: Array<{ bound: number; value: number }> } | null;
  }>;
}

async function graphql<T>(url: string, key: string, query: string, variables: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables }),
    });
  } catch (error) {
    throw new Error(`cannot reach ${url}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`);
  }
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join('; '));
  return body.data as T;
}

export interface VerifyReport extends VerificationReport {
  pending: number;
}

export async function verifyCampaign(url: string, key: string, campaignId: string): Promise<VerifyReport> {
  const { campaign } = await graphql<{
    campaign: {
      revealedSeeds: Array<{ epoch: number; seed: string; commitment: string; clientSeeds: Array<{ memberId: string; clientSeed: string }> }>;
      decks: Array<{ id: string; cards: CardDefinition[] | null }>;
    };
  }>(
    url,
    key,
    `query ($id: ID!) { campaign(id: $id) {
        revealedSeeds { epoch seed commitment clientSeeds { memberId clientSeed } }
        decks { id cards { id } } } }`,
    { id: campaignId },
  );
  const events: VerifiedEvent[] = [];
  let pending = 0;
  for (let afterSeq = 0; ; ) {
    const page = await graphql<EventPage>(
      url,
      key,
      'query ($c: ID!, $after: Int!) { events(campaignId: $c, afterSeq: $after, limit: 1000) { seq type payload secret random { streamSeq seedEpoch words draws { bound value } } } }',
      { c: campaignId, after: afterSeq },
    );
    if (page.events.length === 0) break;
    for (const event of page.events) {
      if (!event.random) {
        pending++;
        continue;
      }
      events.push({
        seq: event.seq,
        type: event.type,
        payload: event.payload,
        secret: event.secret,
        streamSeq: event.random.streamSeq,
        seedEpoch: event.random.seedEpoch,
        words: event.random.words,
        draws: event.random.draws.map((draw): [number, number] => [draw.bound, draw.value]),
      });
    }
    afterSeq = page.events[page.events.length - 1].seq;
  }
  const epochs: RevealedEpoch[] = campaign.revealedSeeds.map((seed) => ({ ...seed, seed: Buffer.from(seed.seed, 'hex') }));
  // A shuffle starts from the deck's cards in the order they were defined: their ids are all it needs.
  const decks = new Map(campaign.decks.map((deck) => [deck.id, deck.cards ?? undefined]));
  return { ...verifyLog(epochs, events, { replayers: REPLAYERS, deckCards: (deckId) => decks.get(deckId) }), pending };
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
    console.log(`checked the draws of ${report.checked} events from revealed seeds; ${report.pending} await the next rotateSeed`);
    console.log(`derived the outcomes of ${report.replayed} events again; ${report.notReplayed.length} could not be`);
    for (const epoch of report.badCommitments) console.log(`seed of epoch ${epoch} does not match its commitment`);
    for (const skipped of report.notReplayed) console.log(`  not replayed: event ${skipped.seq} (${skipped.type}): ${skipped.why}`);
    for (const problem of report.outcomeProblems) console.log(`OUTCOME in event ${problem.seq} (${problem.type}): ${problem.problem}`);
    if (report.mismatches.length > 0) console.log(`MISMATCH in the draws of events ${report.mismatches.join(', ')}`);
    if (report.mismatches.length > 0 || report.outcomeProblems.length > 0) return 1;
    console.log('every checked event follows from its seed');
    return 0;
  } catch (error) {
    console.error(`verify failed: ${(error as Error).message}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exitCode = await main();
}
