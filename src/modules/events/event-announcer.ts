import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { Database } from '../../infra/database.js';
import { Sql, statement } from '../../infra/sql.js';

/** The channel every process serving the database LISTENs on for new events. */
export const EVENTS_CHANNEL = 'arbiter_events';
/** How the announcing connection shows in `pg_stat_activity`. */
export const ANNOUNCER_APPLICATION_NAME = 'arbiter-announcer';
/** Postgres refuses a notification payload of 8 000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
const NOTIFY = statement('events.notify', 'SELECT pg_notify($1, $2)::text AS sent');

/** How long announcements gather before they go out together: at most one NOTIFY per this, per process. */
const GATHER_MS = 20;

/** "<campaign id>:<highest seq>" entries, comma-separated, split into payloads Postgres accepts. */
export function announcementPayloads(heads: ReadonlyMap<string, number>): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const [campaignId, seq] of heads) {
    const entry = `${campaignId}:${seq}`;
    if (current !== '' && current.length + 1 + entry.length > MAX_PAYLOAD_BYTES) {
      payloads.push(current);
      current = '';
    }
    current = current === '' ? entry : `${current},${entry}`;
  }
  if (current !== '') payloads.push(current);
  return payloads;
}

/** The inverse of {@link announcementPayloads} for one payload; malformed entries are skipped. */
export function parseAnnouncement(payload: string): Array<[campaignId: string, seq: number]> {
  const heads: Array<[string, number]> = [];
  for (const entry of payload.split(',')) {
    const separator = entry.lastIndexOf(':');
    const seq = Number(entry.slice(separator + 1));
    if (separator > 0 && Number.isInteger(seq)) heads.push([entry.slice(0, separator), seq]);
  }
  return heads;
}

/**
 * Tells every process serving the database (this one included) which campaigns have newly
 * committed events, by NOTIFY on {@link EVENTS_CHANNEL}. It is called once a request's
 * transaction has committed, never inside it: a transaction that notifies holds a cluster-wide
 * lock through its commit, which would make every write transaction commit one at a time.
 *
 * Announcements go out on a connection of their own, one statement at a time: those made within
 * {@link GATHER_MS} of one another are merged (the highest seq per campaign) into one
 * notification, so under load a notification carries many commits. An announcement is a hint that the log moved — listeners
 * read the log themselves — so one lost with its connection (or with the process, between commit
 * and notify) costs latency, not events: listeners also look for moved logs now and then.
 */
@Injectable()
export class EventAnnouncer implements OnApplicationShutdown {
  private readonly logger = new Logger('LiveEvents');
  private pending = new Map<string, number>();
  private sending: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly sql: Sql,
  ) {}

  /**
   * Announces `seq` from inside the running transaction: Postgres delivers it when the transaction
   * commits, never if it rolls back. For the few transactions of a service (a campaign's creation):
   * a transaction that notifies commits behind every other that does.
   */
  async announceOnCommit(campaignId: string, seq: number): Promise<void> {
    await this.sql.query(NOTIFY, [EVENTS_CHANNEL, `${campaignId}:${seq}`]);
  }

  /** Announces that the campaign's log reaches at least `seq`. Never throws; sends in the background. */
  announce(campaignId: string, seq: number): void {
    if (this.closed) return;
    if ((this.pending.get(campaignId) ?? 0) < seq) this.pending.set(campaignId, seq);
    this.startSending();
  }

  /**
   * Starts the sending loop unless it runs. One made between the loop's last look at what is
   * pending and its end finds it still running: the loop is started again for it.
   */
  private startSending(): void {
    this.sending ??= this.sendPending().finally(() => {
      this.sending = null;
      if (this.pending.size > 0 && !this.closed) this.startSending();
    });
  }

  /**
   * Sends what gathered over {@link GATHER_MS}, then, while more comes, what gathered over the
   * next: under load one notification per interval, however fast the commits come.
   */
  private async sendPending(): Promise<void> {
    while (!this.closed) {
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
      if (this.pending.size === 0) return;
      const heads = this.pending;
      this.pending = new Map();
      try {
        const client = await this.connection();
        for (const payload of announcementPayloads(heads)) await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
      } catch (error) {
        this.drop();
        this.logger.warn(`announcing new events failed (${(error as Error).message}); listeners will find them when they next look`);
        return;
      }
    }
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.db.url,
      application_name: ANNOUNCER_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on('error', () => {
      if (this.client === client) this.drop();
    });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    client?.end().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    // What was committed before the shutdown is still announced.
    await this.sending?.catch(() => undefined);
    this.closed = true;
    this.drop();
  }
}
