import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { createClient, type Client as WsClient } from 'graphql-ws';
import pg from 'pg';
import ts from 'typescript';
import WebSocket from 'ws';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { Client, createOpenTable, createTable, startTestArbiter, TEST_ADMIN_KEY, testDatabaseUrl } from '../helpers/arbiter.js';
import { DbChecks, range } from '../helpers/db-checks.js';
import { GRAPHQL_LIMITS } from '../../src/infra/graphql-limits.js';

const CAMPAIGN_EVENTS = `subscription ($campaignId: ID!, $afterSeq: Int) {
  campaignEvents(campaignId: $campaignId, afterSeq: $afterSeq) { seq campaignId type actorRole payload secret random { words } createdAt } }`;
const ROLL = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { total eventSeq } }`;
const DRAW = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } eventSeq } }`;

interface EventShape {
  seq: number;
  type: string;
  payload: Record<string, any>;
  secret: Record<string, any> | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A graphql-ws client for one key, as a VTT would open it. */
function wsClient(url: string, key: string | undefined, onClosed?: (event: { code: number; reason: string }) => void): WsClient {
  return createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: key ? { authorization: `Bearer ${key}` } : {},
    retryAttempts: 0,
    lazy: true,
    on: onClosed ? { closed: (event) => onClosed(event as { code: number; reason: string }) } : undefined,
  });
}

/** One subscription to a campaign's events, kept as they arrive. */
class Feed {
  readonly events: EventShape[] = [];
  errors: Array<{ message: string; extensions?: Record<string, any> }> | null = null;
  failure: unknown = null;
  completed = false;
  readonly stop: () => void;

  constructor(client: WsClient, campaignId: string, afterSeq?: number) {
    this.stop = client.subscribe<{ campaignEvents: EventShape }>(
      { query: CAMPAIGN_EVENTS, variables: { campaignId, afterSeq } },
      {
        next: (result) => {
          if (result.errors) this.errors = result.errors as never;
          else this.events.push(result.data!.campaignEvents);
        },
        error: (error) => {
          this.failure = error;
        },
        complete: () => {
          this.completed = true;
        },
      },
    );
  }

  get seqs(): number[] {
    return this.events.map((event) => event.seq);
  }

  get lastSeq(): number {
    return this.events.at(-1)?.seq ?? 0;
  }

  /** Waits until `condition` holds, failing after `timeoutMs`. */
  async until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (this.failure || this.errors) throw new Error(`the subscription failed: ${JSON.stringify(this.errors ?? String(this.failure))}`);
      if (Date.now() > deadline) throw new Error(`timed out; received seqs ${JSON.stringify(this.seqs)}`);
      await sleep(10);
    }
  }

  /** Waits until the event with `seq` has arrived. */
  reach(seq: number, timeoutMs?: number): Promise<void> {
    return this.until(() => this.lastSeq >= seq, timeoutMs);
  }
}

/** 1, 2, …, n: what a feed from the start of a log with n events must hold. */
const upTo = (n: number) => range(n);

describe('live events (campaignEvents over graphql-ws)', () => {
  let arbiter: RunningArbiter;
  let db: DbChecks;
  const clients: WsClient[] = [];
  const open = (key: string | undefined, url = arbiter.url) => {
    const client = wsClient(url, key);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    arbiter = await startTestArbiter();
    db = new DbChecks();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });
  afterAll(async () => {
    await db?.close();
    await arbiter?.close();
  });

  it('replays the log after afterSeq, then delivers each committed event once, in seq order', async () => {
    const table = await createTable(arbiter.url);
    const { lastEventSeq } = await db.eventSeqs(table.campaignId);
    const feed = new Feed(open(table.gm.key), table.campaignId);
    await feed.reach(lastEventSeq);
    expect(feed.seqs).toEqual(upTo(lastEventSeq));

    // Rolls from several callers at once: the campaign lock orders them, the feed follows that order.
    const rolls = await Promise.all(
      [table.gm, table.players[0].client, table.players[1].client, table.gm, table.players[0].client].map((client) =>
        client.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d20' } }),
      ),
    );
    const last = Math.max(...rolls.map((roll) => roll.rollDice.eventSeq));
    await feed.reach(last);
    expect(feed.seqs).toEqual(upTo(last));
    expect(feed.events.slice(lastEventSeq).every((event) => event.type === 'dice.rolled')).toBe(true);

    // A late subscriber that has seen up to seq 3 gets only what follows.
    const late = new Feed(open(table.players[1].client.key), table.campaignId, 3);
    await late.reach(last);
    expect(late.seqs).toEqual(upTo(last).slice(3));
  });

  it('never delivers an event before its transaction commits, nor one that was rolled back', async () => {
    const table = await createTable(arbiter.url);
    const { lastEventSeq } = await db.eventSeqs(table.campaignId);
    const feed = new Feed(open(table.gm.key), table.campaignId);
    await feed.reach(lastEventSeq);

    // A transaction of our own, on its own connection, appending an event as the ledger does.
    const writer = new pg.Client({ connectionString: testDatabaseUrl() });
    await writer.connect();
    const appendMarker = async () => {
      const { rows } = await writer.query('SELECT last_event_seq, seed_epoch FROM campaigns WHERE id = $1 FOR UPDATE', [table.campaignId]);
      const seq: number = rows[0].last_event_seq + 1;
      await writer.query(
        `INSERT INTO game_events (campaign_id, seq, type, actor_role, payload, stream_seq, seed_epoch)
         VALUES ($1, $2, 'test.marker', 'ADMIN', '{}', $2, $3)`,
        [table.campaignId, seq, rows[0].seed_epoch],
      );
      await writer.query('UPDATE campaigns SET last_event_seq = $2 WHERE id = $1', [table.campaignId, seq]);
      return seq;
    };
    try {
      // Rolled back: never heard of.
      await writer.query('BEGIN');
      await appendMarker();
      await writer.query('ROLLBACK');

      // Written but not committed: not delivered.
      await writer.query('BEGIN');
      const markerSeq = await appendMarker();
      expect(markerSeq).toBe(lastEventSeq + 1);
      await sleep(400);
      expect(feed.lastSeq).toBe(lastEventSeq);

      await writer.query('COMMIT');
      await feed.reach(markerSeq);
      expect(feed.events.at(-1)).toMatchObject({ seq: markerSeq, type: 'test.marker' });
      expect(feed.seqs).toEqual(upTo(markerSeq));
    } finally {
      await writer.end();
    }
  });

  it('sends nothing for a failed mutation, even one whose request had written events first', async () => {
    const table = await createOpenTable(arbiter.url);
    const { lastEventSeq } = await db.eventSeqs(table.campaignId);
    const feed = new Feed(open(table.gm.key), table.campaignId);
    await feed.reach(lastEventSeq);

    // A refused draw, then a request whose first mutation rolls and whose second is refused: the
    // whole request is undone, the roll's event included.
    const refused = await table.gm.request(DRAW, { input: { deckId: table.deckId, count: 53, to: 'DISCARD' } });
    expect(refused.body.errors![0].extensions!.code).toBe('RULE_VIOLATION');
    const both = await table.gm.request(
      `mutation ($campaignId: ID!, $deckId: ID!) {
        roll: rollDice(input: { campaignId: $campaignId, expression: "1d6" }) { eventSeq }
        draw: drawCards(input: { deckId: $deckId, count: 53, to: DISCARD }) { eventSeq } }`,
      { campaignId: table.campaignId, deckId: table.deckId },
    );
    expect(both.body.errors![0].extensions!.code).toBe('RULE_VIOLATION');
    await sleep(300);
    expect(feed.lastSeq).toBe(lastEventSeq);

    // The next event is the next success, with the next seq: nothing was delivered in between.
    const roll = await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d6' } });
    expect(roll.rollDice.eventSeq).toBe(lastEventSeq + 1);
    await feed.reach(roll.rollDice.eventSeq);
    expect(feed.seqs).toEqual(upTo(lastEventSeq + 1));
    expect(feed.events.at(-1)!.type).toBe('dice.rolled');
  });

  it("filters each event for its viewer: a player never receives another player's hand", async () => {
    const table = await createOpenTable(arbiter.url);
    const [ada, bo] = table.players;
    const { lastEventSeq } = await db.eventSeqs(table.campaignId);
    const feeds = {
      gm: new Feed(open(table.gm.key), table.campaignId, lastEventSeq),
      ada: new Feed(open(ada.client.key), table.campaignId, lastEventSeq),
      bo: new Feed(open(bo.client.key), table.campaignId, lastEventSeq),
    };
    const drawn = (await ada.client.data(DRAW, { input: { deckId: table.deckId, count: 3, to: 'HAND', characterId: ada.characterId } })).drawCards;
    const cardIds: string[] = drawn.cards.map((card: { id: string }) => card.id);
    for (const feed of Object.values(feeds)) await feed.reach(drawn.eventSeq);

    const received = (feed: Feed) => feed.events.find((event) => event.seq === drawn.eventSeq)!;
    expect(received(feeds.ada)).toMatchObject({ type: 'cards.drawn', secret: { cardIds } });
    expect(received(feeds.gm).secret).toEqual({ cardIds });
    expect(received(feeds.bo)).toMatchObject({ type: 'cards.drawn', secret: null, payload: { cardIds: null, count: 3 } });
    const seenByBo = JSON.stringify(feeds.bo.events);
    for (const id of cardIds) expect(seenByBo).not.toContain(`"${id}"`);
    // The same filter as the events query: the same event, the same view.
    const { events } = await bo.client.data(`query ($c: ID!, $after: Int!) { events(campaignId: $c, afterSeq: $after) { seq type payload secret } }`, {
      c: table.campaignId,
      after: lastEventSeq,
    });
    expect(events.map(({ seq, type, payload, secret }: EventShape) => ({ seq, type, payload, secret }))).toEqual(
      feeds.bo.events.map(({ seq, type, payload, secret }) => ({ seq, type, payload, secret })),
    );
  });

  it('misses nothing when a client reconnects with the last seq it received', async () => {
    const table = await createTable(arbiter.url);
    const roll = () => table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d8' } });
    const first = wsClient(arbiter.url, table.players[0].client.key);
    const feed = new Feed(first, table.campaignId);
    const seq1 = (await roll()).rollDice.eventSeq;
    await feed.reach(seq1);
    await first.dispose();

    // Offline: three rolls.
    for (const _ of range(3)) await roll();
    const again = new Feed(open(table.players[0].client.key), table.campaignId, feed.lastSeq);
    const seq5 = (await roll()).rollDice.eventSeq;
    await again.reach(seq5);
    expect([...feed.seqs, ...again.seqs]).toEqual(upTo(seq5));
  });

  it('gives NOT_FOUND for another campaign, as queries do, and refuses connections without a valid key', async () => {
    const mine = await createTable(arbiter.url);
    const theirs = await createTable(arbiter.url);
    const feed = new Feed(open(mine.players[0].client.key), theirs.campaignId);
    await feed.until(() => feed.errors !== null || feed.completed);
    expect(feed.errors![0].extensions!.code).toBe('NOT_FOUND');
    expect(feed.events).toEqual([]);

    const badId = new Feed(open(mine.gm.key), 'not-a-uuid');
    await badId.until(() => badId.errors !== null);
    expect(badId.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'campaignId' });

    for (const key of [undefined, 'arb_not-a-key-of-anyone']) {
      let closed: { code: number; reason: string } | undefined;
      const client = wsClient(arbiter.url, key, (event) => (closed = event));
      clients.push(client);
      const refused = new Feed(client, mine.campaignId);
      await refused.until(() => refused.failure !== null);
      expect(closed?.code).toBe(4403);
      expect(refused.events).toEqual([]);
    }
  });

  it('serves subscriptions only: queries and mutations belong on POST /graphql', async () => {
    const table = await createTable(arbiter.url);
    const client = open(table.gm.key);
    const result = await new Promise<{ errors?: Array<{ extensions?: Record<string, any> }> }>((resolve, reject) => {
      client.subscribe({ query: `mutation { rollDice(input: { campaignId: "${table.campaignId}", expression: "d6" }) { eventSeq } }` }, {
        next: (value) => resolve(value as never),
        error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error)),
        complete: () => undefined,
      });
    });
    expect(result.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect((await db.eventSeqs(table.campaignId)).seqs.length).toBe((await db.eventSeqs(table.campaignId)).lastEventSeq);
  });

  it('holds a subscription to the limits of a request: aliases, tokens and the per-key rate limit', async () => {
    const limited = await startTestArbiter({ ARBITER_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const table = await createTable(arbiter.url);
      /** The first error a subscription gets, whether refused before it runs or by its first read. */
      const refusal = (url: string, query: string, key = table.gm.key, campaignId = table.campaignId) => {
        const client = open(key, url);
        return new Promise<{ message: string; extensions?: Record<string, any> }>((resolve, reject) => {
          client.subscribe({ query, variables: { campaignId } }, {
            next: (value) => (value.errors ? resolve(value.errors[0] as never) : reject(new Error(`answered ${JSON.stringify(value)}`))),
            error: (error) => (Array.isArray(error) ? resolve(error[0]) : reject(error)),
            complete: () => undefined,
          });
        });
      };
      const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `s${i}: seq`).join(' ');
      const tooManyAliases = await refusal(arbiter.url, `subscription ($campaignId: ID!) { campaignEvents(campaignId: $campaignId) { ${aliases} } }`);
      expect(tooManyAliases.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
      expect(tooManyAliases.message).toMatch(/aliases/i);
      const tokens = Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => 'seq').join(' ');
      const tooManyTokens = await refusal(arbiter.url, `subscription ($campaignId: ID!) { campaignEvents(campaignId: $campaignId) { ${tokens} } }`);
      expect(tooManyTokens.extensions).toMatchObject({ code: 'GRAPHQL_PARSE_FAILED' });

      // Three operations a minute per key on the other server: the fourth subscription is refused.
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) {
        const error = await refusal(limited.url, CAMPAIGN_EVENTS, TEST_ADMIN_KEY, '00000000-0000-4000-8000-000000000000');
        codes.push(error.extensions!.code);
        if (i === 3) expect(error.extensions!.retryAfterSeconds).toBeGreaterThan(0);
      }
      expect(codes).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'RATE_LIMITED']);
    } finally {
      await limited.close();
    }
  });

  it('delivers events written through another Arbiter on the same database', async () => {
    const other = await startTestArbiter();
    try {
      const table = await createOpenTable(other.url);
      // Subscribed on this server; everything is written through the other one.
      const feed = new Feed(open(table.gm.key, arbiter.url), table.campaignId);
      const roll = await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '2d6' } });
      const onOther = new Client(other.url, table.players[0].client.key);
      const drawn = await onOther.data(DRAW, { input: { deckId: table.deckId, count: 1, to: 'HAND', characterId: table.players[0].characterId } });
      await feed.reach(drawn.drawCards.eventSeq);
      expect(feed.seqs).toEqual(upTo(drawn.drawCards.eventSeq));
      expect(feed.events.find((event) => event.seq === roll.rollDice.eventSeq)!.type).toBe('dice.rolled');
    } finally {
      await other.close();
    }
  }, 15_000);

  it('listens again after the database drops its connection, and delivers what was committed meanwhile', async () => {
    const table = await createTable(arbiter.url);
    const feed = new Feed(open(table.gm.key), table.campaignId);
    const first = (await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d4' } })).rollDice.eventSeq;
    await feed.reach(first);

    const listeners = `SELECT pid FROM pg_stat_activity WHERE application_name = 'arbiter-live-events' AND datname = current_database()`;
    const before = (await db.query<{ pid: number }>(listeners)).map((row) => row.pid);
    expect(before.length).toBeGreaterThan(0);
    await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY($1::int[])`, [before]);
    // Committed while no process listens: no notification reaches anyone.
    const missed = (await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d4' } })).rollDice.eventSeq;
    await feed.reach(missed);
    expect(feed.seqs).toEqual(upTo(missed));
    const after = (await db.query<{ pid: number }>(listeners)).map((row) => row.pid);
    expect(after.some((pid) => !before.includes(pid))).toBe(true);

    const next = (await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d4' } })).rollDice.eventSeq;
    await feed.reach(next);
    expect(feed.seqs).toEqual(upTo(next));
  });

  it('delivers an event whose announcement was lost (its process died between commit and NOTIFY), by the periodic catch-up', async () => {
    const table = await createTable(arbiter.url);
    const feed = new Feed(open(table.gm.key), table.campaignId);
    const first = (await table.gm.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d4' } })).rollDice.eventSeq;
    await feed.reach(first);

    // Committed with no announcement at all: a copy of the roll, appended as the server appends.
    await db.query(
      `WITH copied AS (
         INSERT INTO game_events (campaign_id, seq, type, actor_member_id, actor_role, payload, stream_seq, seed_epoch)
         SELECT campaign_id, seq + 1, type, actor_member_id, actor_role, payload, seq + 1, seed_epoch
           FROM game_events WHERE campaign_id = $1 AND seq = $2)
       UPDATE campaigns SET last_event_seq = $2 + 1 WHERE id = $1`,
      [table.campaignId, first],
    );
    // reach()'s deadline guards against a hang; how soon the catch-up comes is the benchmark's business.
    await feed.reach(first + 1);
    expect(feed.seqs).toEqual(upTo(first + 1));
  });

  it('closes open subscriptions when the server stops, even a client that does not answer', async () => {
    const server = await startTestArbiter();
    const table = await createTable(server.url);
    let closed: { code: number } | undefined;
    const client = wsClient(server.url, table.gm.key, (event) => (closed = event));
    const feed = new Feed(client, table.campaignId);
    const { lastEventSeq } = await db.eventSeqs(table.campaignId);
    await feed.reach(lastEventSeq);

    // A raw socket that subscribes and then stops reading: it never answers the close handshake.
    const silent = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve) => silent.once('open', resolve));
    silent.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${table.gm.key}` } }));
    await new Promise((resolve) => silent.once('message', resolve));
    silent.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: CAMPAIGN_EVENTS, variables: { campaignId: table.campaignId } } }));
    await sleep(200);
    (silent as unknown as { _socket: { pause(): void } })._socket.pause();

    // The test's own timeout is the hang guard: close() must return though the silent client never answers.
    await server.close();
    await feed.until(() => closed !== undefined || feed.completed || feed.failure !== null);
    silent.terminate();
    await client.dispose();
  }, 15_000);

  describe('with a second Arbiter in its own Node.js process', () => {
    let buildDir: string;
    let child: ChildProcess | undefined;
    let childUrl: string;
    let childOutput = '';

    beforeAll(async () => {
      buildDir = mkdtempSync(join(tmpdir(), 'arbiter-process-'));
      buildServer(buildDir);
      const port = await freePort();
      childUrl = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [join(buildDir, 'dist', 'main.js')], {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: testDatabaseUrl(),
          PORT: String(port),
          HOST: '127.0.0.1',
          ARBITER_ADMIN_KEY: TEST_ADMIN_KEY,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk) => (childOutput += chunk));
      child.stderr!.on('data', (chunk) => (childOutput += chunk));
      await waitForHealth(childUrl, child, () => childOutput);
    }, 60_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(buildDir, { recursive: true, force: true });
    }, 30_000); // the process finishes its in-flight requests before it exits

    it('delivers to subscribers of each process what the other one commits', async () => {
      const table = await createTable(arbiter.url);
      const { lastEventSeq } = await db.eventSeqs(table.campaignId);
      const here = new Feed(open(table.gm.key, arbiter.url), table.campaignId, lastEventSeq);
      const there = new Feed(open(table.players[0].client.key, childUrl), table.campaignId, lastEventSeq);

      const viaChild = await new Client(childUrl, table.gm.key).data(ROLL, { input: { campaignId: table.campaignId, expression: '3d6' } });
      const viaJest = await table.players[0].client.data(ROLL, { input: { campaignId: table.campaignId, expression: '1d12' } });
      const last = viaJest.rollDice.eventSeq;
      expect(viaChild.rollDice.eventSeq).toBe(lastEventSeq + 1);
      await here.reach(last);
      await there.reach(last);
      expect(here.seqs).toEqual([lastEventSeq + 1, last]);
      expect(there.seqs).toEqual([lastEventSeq + 1, last]);
      expect(child!.exitCode).toBeNull();
    });

    it('draws from one deck in both processes, one after the other and all at once, each card once and every seq once', async () => {
      const table = await createOpenTable(arbiter.url);
      const gmHere = table.gm;
      const gmThere = new Client(childUrl, table.gm.key);
      const input = { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } };
      const drawn: Array<{ cards: Array<{ id: string }>; eventSeq: number }> = [];

      // Taking turns: each process draws from what the other left.
      for (let turn = 0; turn < 6; turn++) {
        drawn.push((await gmHere.data(DRAW, input)).drawCards);
        drawn.push((await gmThere.data(DRAW, input)).drawCards);
      }

      // All at once, 16 from each.
      const burst = await Promise.all(range(32).map((i) => (i % 2 === 0 ? gmHere : gmThere).data(DRAW, input)));
      drawn.push(...burst.map((answer) => answer.drawCards));

      const { seqs, lastEventSeq } = await db.eventSeqs(table.campaignId);
      expect(seqs).toEqual(range(lastEventSeq));
      expect(new Set(drawn.map((draw) => draw.eventSeq)).size).toBe(44);
      expect(drawn.every((draw) => seqs.includes(draw.eventSeq))).toBe(true);
      // 44 of the deck's 52 cards: none drawn twice.
      expect(new Set(drawn.map((draw) => draw.cards[0].id)).size).toBe(44);
      expect(await db.deckIsConserved(table.deckId)).toBe(true);
    });
  });
});

/**
 * The server as `npm run build` makes it, into `dir`: each source file of tsconfig.build.json
 * transpiled alone (the sources are written for isolatedModules, so this is what tsc emits, only
 * faster), beside links to node_modules and the migrations.
 */
function buildServer(dir: string): void {
  const root = process.cwd();
  const { config } = ts.readConfigFile(join(root, 'tsconfig.build.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  // ES modules, as NodeNext makes of them under package.json's "type": "module".
  const compilerOptions = { ...parsed.options, module: ts.ModuleKind.ESNext, sourceMap: false, declaration: false };
  for (const file of parsed.fileNames) {
    const out = join(dir, 'dist', relative(join(root, 'src'), file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions, fileName: file }).outputText);
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(resolve(root, 'prisma'), join(dir, 'prisma'));
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the second Arbiter exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the second Arbiter did not start:\n${output()}`);
}
