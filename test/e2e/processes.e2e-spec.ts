import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Client, createOpenTable, testDatabaseUrl } from '../helpers/arbiter.js';
import { DbChecks, range } from '../helpers/db-checks.js';
import { ServerProcess, transpileServer } from '../helpers/processes.js';

const DRAW = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } eventSeq } }`;
const CAMPAIGN_EVENTS = `subscription ($campaignId: ID!, $afterSeq: Int) { campaignEvents(campaignId: $campaignId, afterSeq: $afterSeq) { seq type } }`;

type Table = Awaited<ReturnType<typeof createOpenTable>>;

/** How many times a draw answered CONFLICT ("the campaign was busy; nothing was written") is sent again, as its message asks. */
const RETRIES = 20;

/**
 * Each of `draws` draws on the table's deck (one card onto the discard pile, as its GM), through
 * the process `through(i)`, all at once; a draw refused with CONFLICT is sent again.
 */
function drawAtOnce(table: Table, draws: number, through: (i: number) => ServerProcess): Promise<Array<{ eventSeq: number }>> {
  const input = { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } };
  return Promise.all(
    range(draws).map(async (i) => {
      const gm = new Client(through(i).url, table.gm.key);
      for (let sent = 1; ; sent += 1) {
        const { body } = await gm.request(DRAW, input);
        if (!body.errors) return body.data!.drawCards;
        if (body.errors[0].extensions?.code !== 'CONFLICT' || sent === RETRIES) throw new Error(`draw ${i}: ${JSON.stringify(body.errors)}`);
      }
    }),
  );
}

/** A campaign's events as a subscriber on one process receives them. */
class Feed {
  readonly seqs: number[] = [];
  failure: unknown = null;
  private readonly client: WsClient;

  constructor(server: ServerProcess, key: string, campaignId: string, afterSeq: number) {
    this.client = createClient({ url: `${server.url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${key}` }, retryAttempts: 0 });
    this.client.subscribe<{ campaignEvents: { seq: number } }>(
      { query: CAMPAIGN_EVENTS, variables: { campaignId, afterSeq } },
      {
        next: (result) => (result.errors ? (this.failure = result.errors) : this.seqs.push(result.data!.campaignEvents.seq)),
        error: (error) => (this.failure = error),
        complete: () => undefined,
      },
    );
  }

  async reach(seq: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((this.seqs.at(-1) ?? 0) < seq) {
      if (this.failure) throw new Error(`the subscription failed: ${JSON.stringify(this.failure)}`);
      if (Date.now() > deadline) throw new Error(`timed out at seq ${this.seqs.at(-1)} of ${seq}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  dispose(): Promise<void> {
    return this.client.dispose() as Promise<void>;
  }
}

/**
 * Stateless processes (issues 33 and 41): several Arbiter processes, each its own Node.js
 * process, on one database, with no routing by campaign. Whatever process a move goes through,
 * every deck keeps each card once, every log stays gap-free, and every live event reaches the
 * subscribers of every process.
 */
describe('several Arbiter processes on one database', () => {
  let buildDir: string;
  let servers: ServerProcess[] = [];
  let db: DbChecks;

  beforeAll(async () => {
    buildDir = mkdtempSync(join(tmpdir(), 'arbiter-processes-'));
    const main = transpileServer(buildDir);
    servers = await Promise.all(range(3).map(() => ServerProcess.start(testDatabaseUrl(), { LOG_LEVEL: 'warn' }, false, { main, startTimeoutMs: 90_000 })));
    db = new DbChecks();
  }, 150_000);

  afterAll(async () => {
    await db?.close();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(buildDir, { recursive: true, force: true });
  });

  /** The campaign's log is 1..n without a gap, holds every acknowledged draw once, and its deck holds each card once. */
  async function expectWhole(table: Table, drawn: Array<{ eventSeq: number }>, before: number): Promise<void> {
    const { seqs, lastEventSeq } = await db.eventSeqs(table.campaignId);
    expect(seqs).toEqual(range(lastEventSeq));
    const acknowledged = drawn.map((draw) => draw.eventSeq);
    expect(new Set(acknowledged).size).toBe(drawn.length);
    expect(acknowledged.every((seq) => seq > before && seq <= lastEventSeq)).toBe(true);
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM game_events WHERE campaign_id = $1 AND seq > $2 AND type = 'cards.drawn'`, [table.campaignId, before]);
    expect(n).toBe(drawn.length);
    expect(await db.deckIsConserved(table.deckId)).toBe(true);
  }

  it('two processes drawing on every campaign at once keep each deck whole and each log gap-free (issue 33)', async () => {
    const [a, b] = servers;
    const tables = await Promise.all(range(3).map(() => createOpenTable(a.url)));
    const before = await Promise.all(tables.map(async (table) => (await db.eventSeqs(table.campaignId)).lastEventSeq));

    // 56 draws a deck, half through each process, all at once: more than its 52 cards, so each reshuffles.
    const drawn = await Promise.all(tables.map((table) => drawAtOnce(table, 56, (i) => (i % 2 === 0 ? a : b))));

    for (const [i, table] of tables.entries()) await expectWhole(table, drawn[i], before[i]);
  }, 30_000);

  it('three processes: draws through any of them stay whole, and subscribers of each hear them all (issue 41)', async () => {
    const tables = await Promise.all(range(2).map(() => createOpenTable(servers[0].url)));
    const before = await Promise.all(tables.map(async (table) => (await db.eventSeqs(table.campaignId)).lastEventSeq));
    // A subscriber on every process, for every campaign, from the log's head on.
    const feeds = tables.map((table, t) => servers.map((server) => new Feed(server, table.players[0].client.key!, table.campaignId, before[t])));
    try {
      const drawn = await Promise.all(tables.map((table) => drawAtOnce(table, 30, (i) => servers[i % 3])));

      for (const [t, table] of tables.entries()) {
        await expectWhole(table, drawn[t], before[t]);
        const last = before[t] + drawn[t].length;
        for (const feed of feeds[t]) {
          await feed.reach(last);
          expect(feed.seqs).toEqual(range(last).slice(before[t]));
        }
      }
    } finally {
      await Promise.all(feeds.flat().map((feed) => feed.dispose()));
    }
  }, 30_000);
});
