import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { Database } from '../../infra/database.js';
import { EVENTS_CHANNEL, parseAnnouncement } from '../events/event-announcer.js';

/** How the listening connection shows in `pg_stat_activity`. */
export const LISTENER_APPLICATION_NAME = 'arbiter-live-events';

/** Waits between attempts to listen again after the connection was lost: doubling, up to the maximum. */
const RECONNECT_DELAY_MS = { first: 100, max: 5_000 };
/** How often the watched campaigns' log heads are read, for announcements that were lost. */
export const CATCH_UP_INTERVAL_MS = 2_000;

/** Someone following a campaign's log. */
export interface CampaignWatcher {
  /**
   * Events up to `headSeq` were committed in the campaign; without `headSeq`, notifications may
   * have been missed (the listener was reconnected) and any number of events may be new.
   */
  wake(headSeq?: number): void;
}

/**
 * The process's one LISTEN connection. Every process announces its commits' new events
 * (EventAnnouncer), so every process serving the database hears of every committed event,
 * whichever process wrote it. The connection is opened for the first watcher; when it drops it is
 * opened again with backoff, and every watcher is then woken to read what it may have missed
 * meanwhile. An announcement lost between a commit and its NOTIFY (its process died, its
 * connection dropped) is made good by reading the watched campaigns' log heads every
 * {@link CATCH_UP_INTERVAL_MS}.
 */
@Injectable()
export class EventNotifications implements OnApplicationShutdown {
  private readonly logger = new Logger('LiveEvents');
  private readonly watchers = new Map<string, Set<CampaignWatcher>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private catchUpTimer: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  private closed = false;

  constructor(private readonly db: Database) {}

  /**
   * Follows a campaign: `watcher` is woken on every commit that added events to it. Resolves
   * once the process is listening, so a read made after it misses no later commit; rejects when
   * the database cannot be reached. Returns the function that stops watching.
   */
  async watch(campaignId: string, watcher: CampaignWatcher): Promise<() => void> {
    let ofCampaign = this.watchers.get(campaignId);
    if (!ofCampaign) this.watchers.set(campaignId, (ofCampaign = new Set()));
    ofCampaign.add(watcher);
    this.catchUpTimer ??= setInterval(() => void this.catchUp(), CATCH_UP_INTERVAL_MS).unref();
    const unwatch = () => {
      ofCampaign.delete(watcher);
      if (ofCampaign.size === 0 && this.watchers.get(campaignId) === ofCampaign) this.watchers.delete(campaignId);
      if (this.watchers.size === 0 && this.catchUpTimer) {
        clearInterval(this.catchUpTimer);
        this.catchUpTimer = null;
      }
    };
    try {
      await this.listening();
    } catch (error) {
      unwatch();
      throw error;
    }
    return unwatch;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.catchUpTimer) clearInterval(this.catchUpTimer);
    this.watchers.clear();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private listening(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Arbiter is shutting down'));
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.db.url,
      application_name: LISTENER_APPLICATION_NAME,
      // A connection that died silently (a dropped network path) is noticed and replaced.
      keepAlive: true,
    });
    client.on('notification', (message) => this.dispatch(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('Arbiter is shutting down');
    }
    this.client = client;
    this.failedAttempts = 0;
    // Commits made while nobody listened went unheard: everyone reads what is new.
    for (const watcher of [...this.watchers.values()].flatMap((set) => [...set])) watcher.wake();
  }

  /** "<campaign id>:<highest seq>,…", from an EventAnnouncer of some process. */
  private dispatch(payload: string | undefined): void {
    for (const [campaignId, headSeq] of parseAnnouncement(payload ?? '')) this.wakeWatchers(campaignId, headSeq);
  }

  private wakeWatchers(campaignId: string, headSeq: number): void {
    for (const watcher of this.watchers.get(campaignId) ?? []) watcher.wake(headSeq);
  }

  /** Wakes the watchers of every campaign whose log is further than they may have heard. */
  private async catchUp(): Promise<void> {
    const campaignIds = [...this.watchers.keys()];
    if (campaignIds.length === 0) return;
    try {
      const heads = await this.db.pool.query<{ id: string; last_event_seq: number }>(
        'SELECT id, last_event_seq FROM campaigns WHERE id = ANY($1::uuid[])',
        [campaignIds],
      );
      for (const { id, last_event_seq: headSeq } of heads.rows) this.wakeWatchers(id, headSeq);
    } catch {
      // The database is away: the reconnecting listener wakes everyone once it is back.
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn(`the live events connection was lost${error ? `: ${error.message}` : ''}; listening again`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.watchers.size === 0) return;
    const delay = Math.min(RECONNECT_DELAY_MS.first * 2 ** this.failedAttempts, RECONNECT_DELAY_MS.max);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listening().catch((error: Error) => {
        this.failedAttempts++;
        this.logger.warn(`listening for live events failed: ${error.message}; trying again`);
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}
