import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Database } from '../../src/infra/database.js';
import { EVENTS_CHANNEL, EventAnnouncer, parseAnnouncement } from '../../src/modules/events/event-announcer.js';
import { testDatabaseUrl } from '../helpers/arbiter.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventAnnouncer', () => {
  const db = new Database(testDatabaseUrl(), 1);
  const listener = new pg.Client({ connectionString: testDatabaseUrl() });
  afterAll(async () => {
    await listener.end();
    await db.close();
  });

  it('sends at most one notification per 20 ms under a stream of commits, merged, the last with the highest seq', async () => {
    const campaignId = randomUUID();
    // Other test files' servers announce on the same channel: only this campaign's entries count.
    const heard: number[] = [];
    listener.on('notification', ({ channel, payload }) => {
      if (channel !== EVENTS_CHANNEL) return;
      for (const [id, seq] of parseAnnouncement(payload ?? '')) if (id === campaignId) heard.push(seq);
    });
    await listener.connect();
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);

    const announcer = new EventAnnouncer(db);
    const started = Date.now();
    let seq = 0;
    while (seq < 200) {
      announcer.announce(campaignId, ++seq);
      await sleep(1);
    }
    const elapsed = Date.now() - started;
    await announcer.onApplicationShutdown();
    // The last notification goes out too (delivery may lag on a busy machine).
    for (let waited = 0; heard.at(-1) !== seq && waited < 5_000; waited += 20) await sleep(20);
    expect(heard.at(-1)).toBe(seq);

    // At most one notification per 20 ms of announcing, and the one after it; each with a higher seq.
    expect(elapsed).toBeGreaterThanOrEqual(200);
    expect(heard.length).toBeGreaterThan(3);
    expect(heard.length).toBeLessThanOrEqual(Math.floor(elapsed / 20) + 2);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
  });
});
