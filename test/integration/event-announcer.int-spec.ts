import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Database } from '../../src/infra/database.js';
import { EVENTS_CHANNEL, EventAnnouncer, parseAnnouncement } from '../../src/modules/events/event-announcer.js';
import { testDatabaseUrl } from '../helpers/arbiter.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventAnnouncer', () => {
  const db = new Database(testDatabaseUrl(), 1);
  const listener = new pg.Client({ connectionString: testDatabaseUrl() });
  beforeAll(async () => {
    await listener.connect();
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await db.close();
  });

  /** The seqs announced for the campaign, as heard: other test files' servers announce on the same channel. */
  function heardFor(campaignId: string): number[] {
    const heard: number[] = [];
    listener.on('notification', ({ channel, payload }) => {
      if (channel !== EVENTS_CHANNEL) return;
      for (const [id, seq] of parseAnnouncement(payload ?? '')) if (id === campaignId) heard.push(seq);
    });
    return heard;
  }

  it('merges a stream of announcements into fewer notifications, the last with the highest seq', async () => {
    const campaignId = randomUUID();
    const heard = heardFor(campaignId);
    const announcer = new EventAnnouncer(db, undefined as never);
    // Bursts of announcements made while a notification is being sent are merged into the next one.
    let seq = 0;
    for (let burst = 0; burst < 10; burst++) {
      for (let i = 0; i < 20; i++) announcer.announce(campaignId, ++seq);
      await sleep(1);
    }
    await announcer.onApplicationShutdown();
    // The last notification goes out too (the deadline only guards against a hang).
    for (let waited = 0; heard.at(-1) !== seq && waited < 10_000; waited += 20) await sleep(20);
    expect(heard.at(-1)).toBe(seq);
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.length).toBeLessThan(seq);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
  });

  it('sends an announcement made as its sending loop ends, without waiting for the next one', async () => {
    const campaignId = randomUUID();
    const heard = heardFor(campaignId);
    const announcer = new EventAnnouncer(db, undefined as never);
    // The loop finds nothing pending and returns; an announcement comes before its end is noticed.
    const loop = announcer as unknown as { sendPending(): Promise<void> };
    const sendPending = loop.sendPending.bind(announcer);
    let late = true;
    loop.sendPending = async () => {
      await sendPending();
      if (late) {
        late = false;
        announcer.announce(campaignId, 2);
      }
    };
    announcer.announce(campaignId, 1);
    for (let waited = 0; heard.at(-1) !== 2 && waited < 2_000; waited += 20) await sleep(20);
    await announcer.onApplicationShutdown();
    expect(heard).toEqual([1, 2]);
  });
});
