import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Database } from './database.js';

/** How often expired Idempotency-Key records are deleted, and how many at most per statement. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 1_000;

/**
 * Deletes Idempotency-Key records past their 24 hours, so the table holds a day of keys rather
 * than every key ever sent. A key is only ever replaced when it is sent again; without this a
 * client that makes a key per request would grow the table for ever. Batched, so a sweep never
 * holds many row locks at once; several processes sweeping at once only share the work.
 */
@Injectable()
export class IdempotencySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(private readonly db: Database) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_INTERVAL_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping?.catch(() => undefined);
  }

  /** Deletes every expired record; returns how many. A sweep already running is joined, not doubled. */
  sweep(): Promise<number> {
    this.sweeping ??= this.deleteExpired().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async deleteExpired(): Promise<number> {
    let deleted = 0;
    try {
      // Campaign by campaign: each statement stays on one campaign's rows, the node that holds
      // them once the schema is distributed (docs/SCALING.md).
      for (;;) {
        const { rows } = await this.db.pool.query<{ campaign_id: string }>(
          `SELECT DISTINCT campaign_id::text FROM idempotency_records WHERE expires_at < now() LIMIT ${SWEEP_BATCH}`,
        );
        let swept = 0;
        for (const { campaign_id: campaignId } of rows) {
          for (;;) {
            const { rowCount } = await this.db.pool.query(
              `DELETE FROM idempotency_records
                WHERE campaign_id = $1::uuid
                  AND (principal, key) IN (SELECT principal, key FROM idempotency_records
                                            WHERE campaign_id = $1::uuid AND expires_at < now() LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`,
              [campaignId],
            );
            deleted += rowCount ?? 0;
            swept += rowCount ?? 0;
            if ((rowCount ?? 0) < SWEEP_BATCH) break;
          }
        }
        // Done when nothing is left, or what is left is locked by another sweeper.
        if (rows.length < SWEEP_BATCH || swept === 0) return deleted;
      }
    } catch (error) {
      this.logger.warn(`deleting expired Idempotency-Key records failed (${(error as Error).message}); trying again later`);
      throw error;
    } finally {
      if (deleted > 0) this.logger.log(`deleted ${deleted} expired Idempotency-Key records`);
    }
  }
}
