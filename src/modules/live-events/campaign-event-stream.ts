import type { GameEvent } from '../events/event.model.js';
import type { CampaignWatcher } from './event-notifications.service.js';

/** Waits before reading again after a failed read: doubling, up to the maximum. */
const RETRY_DELAY_MS = { first: 200, max: 5_000 };

export interface CampaignEventStreamOptions {
  /** Up to a page of the events after `afterSeq`, in seq order, as the viewer may see them. */
  read(afterSeq: number): Promise<GameEvent[]>;
  /** How many events a full page holds: a full page means more may follow at once. */
  pageSize: number;
  /** The seq the viewer already has. */
  afterSeq: number;
  /** A read failed; the stream will try again. */
  onReadError(error: unknown): void;
}

/**
 * One subscriber's view of a campaign's log, as an async iterator: every event after the seq it
 * has seen, once, in seq order. It reads the log itself (committed rows only) and is only told
 * that there may be something new, so a notification that arrives early, late, twice or not at
 * all (covered by the wake-up after a reconnect) never costs an event nor repeats one. Reads
 * happen one at a time and only when the subscriber has taken what was read before: a slow
 * subscriber holds back its own reads and nobody else's.
 */
export class CampaignEventStream implements AsyncIterableIterator<GameEvent>, CampaignWatcher {
  private lastSeq: number;
  private readonly buffer: GameEvent[] = [];
  /** Events after lastSeq may be committed: read before waiting. */
  private stale = true;
  private wakeUp: (() => void) | null = null;
  private closed = false;
  private readonly onClose: Array<() => void> = [];

  constructor(private readonly options: CampaignEventStreamOptions) {
    this.lastSeq = options.afterSeq;
  }

  /** Reads the first page now, so that a refusal (NOT_FOUND) reaches the subscriber as an error at once. */
  async open(): Promise<void> {
    this.stale = false;
    await this.readPage();
  }

  /** Runs `callback` once the stream ends (the subscriber left or the connection closed). */
  whenClosed(callback: () => void): void {
    if (this.closed) callback();
    else this.onClose.push(callback);
  }

  wake(headSeq?: number): void {
    if (headSeq !== undefined && headSeq <= this.lastSeq) return;
    this.stale = true;
    this.signal();
  }

  async next(): Promise<IteratorResult<GameEvent>> {
    let failures = 0;
    for (;;) {
      if (this.closed) return { done: true, value: undefined };
      const event = this.buffer.shift();
      if (event) return { done: false, value: event };
      if (this.stale) {
        this.stale = false;
        try {
          await this.readPage();
          failures = 0;
        } catch (error) {
          // The database is away for a moment: keep the subscription and read again later.
          this.stale = true;
          this.options.onReadError(error);
          await this.pause(Math.min(RETRY_DELAY_MS.first * 2 ** failures++, RETRY_DELAY_MS.max));
        }
        continue;
      }
      await new Promise<void>((resolve) => (this.wakeUp = resolve));
    }
  }

  async return(): Promise<IteratorResult<GameEvent>> {
    this.close();
    return { done: true, value: undefined };
  }

  async throw(error?: unknown): Promise<IteratorResult<GameEvent>> {
    this.close();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private async readPage(): Promise<void> {
    const page = await this.options.read(this.lastSeq);
    for (const event of page) {
      // Never twice nor out of order, even if a read overlapped an earlier one.
      if (event.seq <= this.lastSeq) continue;
      this.buffer.push(event);
      this.lastSeq = event.seq;
    }
    if (page.length >= this.options.pageSize) this.stale = true;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private signal(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = null;
    wakeUp?.();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer.length = 0;
    this.signal();
    for (const callback of this.onClose.splice(0)) callback();
  }
}
