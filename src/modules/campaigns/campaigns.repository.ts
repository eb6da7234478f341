import { Injectable } from '@nestjs/common';
import type { Campaign } from '../../generated/prisma/client.js';
import { Transactions } from '../../infra/transactions.js';
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

export interface RevealedSeedRecord {
  epoch: number;
  seed: Buffer;
  commitment: string;
  lastSeq: number;
  revealedAt: Date;
}

/** What the API may show of a campaign: never its seed. */
const PUBLIC = { id: true, name: true, ruleset: true, settings: true, rngCommitment: true, seedEpoch: true, lastEventSeq: true, createdAt: true } as const;

const toCampaign = (row: Pick<Campaign, keyof typeof PUBLIC>): CampaignRecord => ({ ...row, settings: row.settings as Record<string, unknown> });

@Injectable()
export class CampaignsRepository {
  constructor(private readonly db: Transactions) {}

  async insert(campaign: { id: string; name: string; ruleset: string; settings: object; rngSeed: Buffer; rngCommitment: string }): Promise<void> {
    await this.db.tx.campaign.create({ data: { ...campaign, rngSeed: new Uint8Array(campaign.rngSeed) } });
  }

  async findById(id: string): Promise<CampaignRecord | undefined> {
    const row = await this.db.tx.campaign.findUnique({ where: { id }, select: PUBLIC });
    return row ? toCampaign(row) : undefined;
  }

  async listAll(): Promise<CampaignRecord[]> {
    const rows = await this.db.tx.campaign.findMany({ select: PUBLIC, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(toCampaign);
  }

  /** Keeps the old seed as revealed and makes the new one current; in the transaction of the move that records it. */
  async rotateSeed(id: string, old: { epoch: number; seed: Buffer; commitment: string; lastSeq: number }, next: { seed: Buffer; commitment: string }): Promise<void> {
    await this.db.tx.revealedSeed.create({
      data: { campaignId: id, epoch: old.epoch, seed: new Uint8Array(old.seed), commitment: old.commitment, lastSeq: old.lastSeq },
    });
    await this.db.tx.campaign.update({
      where: { id },
      data: { rngSeed: new Uint8Array(next.seed), rngCommitment: next.commitment, seedEpoch: old.epoch + 1, version: { increment: 1 } },
    });
  }

  /** Batched within a request (batchedRead): a list of campaigns reads once. */
  async listRevealedSeeds(campaignId: string): Promise<RevealedSeedRecord[]> {
    const seeds = await batchedRead('revealed seeds by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.revealedSeed.findMany({ where: { campaignId: { in: [...campaignIds] } }, orderBy: { epoch: 'asc' } });
      return groupedBy(
        rows,
        (row) => row.campaignId,
        (row): RevealedSeedRecord => ({ epoch: row.epoch, seed: Buffer.from(row.seed), commitment: row.commitment, lastSeq: row.lastSeq, revealedAt: row.revealedAt }),
      );
    });
    return seeds ?? [];
  }
}
