import { Injectable } from '@nestjs/common';
import type { Campaign } from '../../generated/prisma/client.js';
import { Transactions } from '../../infra/transactions.js';
import { batchedRead, groupedBy } from '../../infra/request-context.js';
import type { ClientSeed } from '../../rules/random/epoch-key.js';

export interface CampaignRecord {
  id: string;
  name: string;
  ruleset: string;
  settings: Record<string, unknown>;
  rngCommitment: string;
  seedEpoch: number;
  lastEventSeq: number;
  createdAt: Date;
  /** The members' seeds in the current epoch's stream key. */
  clientSeeds: ClientSeed[];
  /** The commitment to the next epoch's seed; null for a campaign made before it was kept in advance. */
  nextRngCommitment: string | null;
  /** The members' seeds for the next epoch so far. */
  nextClientSeeds: ClientSeed[];
}

export interface RevealedSeedRecord {
  epoch: number;
  seed: Buffer;
  commitment: string;
  clientSeeds: ClientSeed[];
  lastSeq: number;
  revealedAt: Date;
}

/** What the API may show of a campaign: never its seed. */
const PUBLIC = {
  id: true,
  name: true,
  ruleset: true,
  settings: true,
  rngCommitment: true,
  seedEpoch: true,
  lastEventSeq: true,
  createdAt: true,
  clientSeeds: true,
  nextRngCommitment: true,
  nextClientSeeds: true,
} as const;

const toCampaign = (row: Pick<Campaign, keyof typeof PUBLIC>): CampaignRecord => ({
  ...row,
  settings: row.settings as Record<string, unknown>,
  clientSeeds: row.clientSeeds as unknown as ClientSeed[],
  nextClientSeeds: row.nextClientSeeds as unknown as ClientSeed[],
});

/** A seed and its public commitment. */
export interface CommittedSeed {
  seed: Buffer;
  commitment: string;
}

@Injectable()
export class CampaignsRepository {
  constructor(private readonly db: Transactions) {}

  async insert(campaign: { id: string; name: string; ruleset: string; settings: object }, current: CommittedSeed, next: CommittedSeed): Promise<void> {
    await this.db.tx.campaign.create({
      data: {
        ...campaign,
        rngSeed: new Uint8Array(current.seed),
        rngCommitment: current.commitment,
        nextRngSeed: new Uint8Array(next.seed),
        nextRngCommitment: next.commitment,
      },
    });
  }

  async findById(id: string): Promise<CampaignRecord | undefined> {
    const row = await this.db.tx.campaign.findUnique({ where: { id }, select: PUBLIC });
    return row ? toCampaign(row) : undefined;
  }

  async listAll(): Promise<CampaignRecord[]> {
    const rows = await this.db.tx.campaign.findMany({ select: PUBLIC, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(toCampaign);
  }

  /** The next epoch's seed, with the members' seeds for it: secret, for the rotation that makes it current. */
  async findNextSeed(id: string): Promise<(CommittedSeed & { clientSeeds: ClientSeed[] }) | undefined> {
    const row = await this.db.tx.campaign.findUnique({ where: { id }, select: { nextRngSeed: true, nextRngCommitment: true, nextClientSeeds: true } });
    if (!row?.nextRngSeed || !row.nextRngCommitment) return undefined;
    return { seed: Buffer.from(row.nextRngSeed), commitment: row.nextRngCommitment, clientSeeds: row.nextClientSeeds as unknown as ClientSeed[] };
  }

  /**
   * Keeps the old seed, with its client seeds, as revealed; makes the next one current with the
   * client seeds given for it; and commits to a new next seed. In the transaction of the move
   * that records the rotation.
   */
  async rotateSeed(
    id: string,
    old: { epoch: number; seed: Buffer; commitment: string; clientSeeds: ClientSeed[]; lastSeq: number },
    current: CommittedSeed & { clientSeeds: ClientSeed[] },
    next: CommittedSeed,
  ): Promise<void> {
    await this.db.tx.revealedSeed.create({
      data: {
        campaignId: id,
        epoch: old.epoch,
        seed: new Uint8Array(old.seed),
        commitment: old.commitment,
        clientSeeds: old.clientSeeds as unknown as object,
        lastSeq: old.lastSeq,
      },
    });
    await this.db.tx.campaign.update({
      where: { id },
      data: {
        rngSeed: new Uint8Array(current.seed),
        rngCommitment: current.commitment,
        clientSeeds: current.clientSeeds as unknown as object,
        nextRngSeed: new Uint8Array(next.seed),
        nextRngCommitment: next.commitment,
        nextClientSeeds: [],
        seedEpoch: old.epoch + 1,
        version: { increment: 1 },
      },
    });
  }

  /** Batched within a request (batchedRead): a list of campaigns reads once. */
  async listRevealedSeeds(campaignId: string): Promise<RevealedSeedRecord[]> {
    const seeds = await batchedRead('revealed seeds by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.revealedSeed.findMany({ where: { campaignId: { in: [...campaignIds] } }, orderBy: { epoch: 'asc' } });
      return groupedBy(
        rows,
        (row) => row.campaignId,
        (row): RevealedSeedRecord => ({
          epoch: row.epoch,
          seed: Buffer.from(row.seed),
          commitment: row.commitment,
          clientSeeds: row.clientSeeds as unknown as ClientSeed[],
          lastSeq: row.lastSeq,
          revealedAt: row.revealedAt,
        }),
      );
    });
    return seeds ?? [];
  }
}
