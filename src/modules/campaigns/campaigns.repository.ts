import { Injectable } from '@nestjs/common';
import { Database, prepared } from '../../infra/database.js';
import { batchedRead, groupedBy } from '../../infra/request-context.js';

export interface CampaignRecord {
  id: string;
  name: string;
  ruleset: string;
  settings: Record<string, unknown>;
  rngCommitment: string;
  seedEpoch: number;
  lastEventSeq: number;
  createdAt: Date;
}

/**
 * A campaign row locked for the rest of the transaction: what a mutation works with (its log head,
 * its seed and epoch, its settings), with its secret seed.
 */
export interface LockedCampaign extends Pick<CampaignRecord, 'id' | 'settings' | 'rngCommitment' | 'seedEpoch' | 'lastEventSeq'> {
  rngSeed: Buffer;
  /** Moves on with every change of the log head or the seed (`campaigns.version`). */
  version: number;
}

export interface RevealedSeedRecord {
  epoch: number;
  seed: Buffer;
  commitment: string;
  lastSeq: number;
  revealedAt: Date;
}

interface CampaignRow {
  id: string;
  name: string;
  ruleset: string;
  settings: Record<string, unknown>;
  rng_commitment: string;
  seed_epoch: number;
  last_event_seq: number;
  created_at: Date;
  rng_seed?: Buffer;
  version?: number;
}

const PUBLIC_COLUMNS = 'id, name, ruleset, settings, rng_commitment, seed_epoch, last_event_seq, created_at';

/** A ruleset's own state of a campaign (`ruleset_state`): each ruleset keeps its own shape there. */
export const SAVE_RULESET_STATE = prepared('campaigns.save-ruleset-state', 'UPDATE campaigns SET ruleset_state = $2 WHERE id = $1');

// Every mutation starts with it: prepared once per connection. The log head (last_event_seq) moves
// with the events (EventsRepository.append). Only the columns a mutation works with: parsing the
// others (a timestamp above all) on every mutation would cost for nothing. It also reads the
// transaction's id, which lets the transaction's commit be settled if its answer is lost
// (Database.identify).
export const LOCK_FOR_UPDATE = prepared(
  'campaigns.lock-for-update',
  'SELECT id, settings, rng_commitment, seed_epoch, last_event_seq, rng_seed, version, pg_current_xact_id()::text AS xact_id FROM campaigns WHERE id = $1 FOR UPDATE',
);

/** The lock and the transaction's id alone, for a move that knows the campaign already (GameLedger's speculative moves). */
export const LOCK = prepared('campaigns.lock', 'SELECT pg_current_xact_id()::text AS xact_id FROM campaigns WHERE id = $1 FOR UPDATE');

function toCampaign(row: CampaignRow): CampaignRecord {
  return {
    id: row.id,
    name: row.name,
    ruleset: row.ruleset,
    settings: row.settings,
    rngCommitment: row.rng_commitment,
    seedEpoch: row.seed_epoch,
    lastEventSeq: row.last_event_seq,
    createdAt: row.created_at,
  };
}

@Injectable()
export class CampaignsRepository {
  constructor(private readonly db: Database) {}

  async insert(campaign: { id: string; name: string; ruleset: string; settings: object; rngSeed: Buffer; rngCommitment: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO campaigns (id, name, ruleset, settings, rng_seed, rng_commitment) VALUES ($1, $2, $3, $4, $5, $6)`,
      [campaign.id, campaign.name, campaign.ruleset, campaign.settings, campaign.rngSeed, campaign.rngCommitment],
    );
  }

  async findById(id: string): Promise<CampaignRecord | undefined> {
    const [row] = await this.db.query<CampaignRow>(`SELECT ${PUBLIC_COLUMNS} FROM campaigns WHERE id = $1`, [id]);
    return row && toCampaign(row);
  }

  async listAll(): Promise<CampaignRecord[]> {
    const rows = await this.db.query<CampaignRow>(`SELECT ${PUBLIC_COLUMNS} FROM campaigns ORDER BY created_at, id`);
    return rows.map(toCampaign);
  }

  /**
   * Locks the campaign row until the transaction ends: every mutation of a campaign holds this
   * lock, which serialises them and keeps the event sequence gap-free.
   */
  async lockForUpdate(id: string): Promise<LockedCampaign | undefined> {
    const [row] = await this.db.query<Required<Pick<CampaignRow, 'id' | 'settings' | 'rng_commitment' | 'seed_epoch' | 'last_event_seq' | 'rng_seed' | 'version'>> & { xact_id: string }>(
      LOCK_FOR_UPDATE,
      [id],
    );
    if (row) this.db.identify(row.xact_id);
    return (
      row && {
        id: row.id,
        settings: row.settings,
        rngCommitment: row.rng_commitment,
        seedEpoch: row.seed_epoch,
        lastEventSeq: row.last_event_seq,
        rngSeed: row.rng_seed,
        version: row.version,
      }
    );
  }

  /** Queues the campaign's lock with the transaction's writes: for a move that needs nothing it reads. */
  lockWithWrites(id: string): void {
    this.db.writeIdentifying(LOCK, [id]);
  }

  /** Keeps the old seed as revealed and makes the new one current. */
  async rotateSeed(id: string, old: { epoch: number; seed: Buffer; commitment: string; lastSeq: number }, next: { seed: Buffer; commitment: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO revealed_seeds (campaign_id, epoch, seed, commitment, last_seq) VALUES ($1, $2, $3, $4, $5)`,
      [id, old.epoch, old.seed, old.commitment, old.lastSeq],
    );
    await this.db.query(
      `UPDATE campaigns SET rng_seed = $2, rng_commitment = $3, seed_epoch = $4, version = version + 1 WHERE id = $1`,
      [id, next.seed, next.commitment, old.epoch + 1],
    );
  }

  /** Batched within a request (batchedRead): a list of campaigns reads once. */
  async listRevealedSeeds(campaignId: string): Promise<RevealedSeedRecord[]> {
    const seeds = await batchedRead('revealed seeds by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.query<{ campaign_id: string; epoch: number; seed: Buffer; commitment: string; last_seq: number; revealed_at: Date }>(
        'SELECT campaign_id, epoch, seed, commitment, last_seq, revealed_at FROM revealed_seeds WHERE campaign_id = ANY($1) ORDER BY epoch',
        [campaignIds],
      );
      return groupedBy(
        rows,
        (row) => row.campaign_id,
        (row): RevealedSeedRecord => ({ epoch: row.epoch, seed: row.seed, commitment: row.commitment, lastSeq: row.last_seq, revealedAt: row.revealed_at }),
      );
    });
    return seeds ?? [];
  }
}
