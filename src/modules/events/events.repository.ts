import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import type { GameEvent } from '../../generated/prisma/client.js';
import type { RandomDraw } from '../../rules/random/recording-rng.js';
import type { NewGameEvent } from './moves.repository.js';

export interface StoredGameEvent extends NewGameEvent {
  campaignId: string;
  createdAt: Date;
}

function toEvent(row: GameEvent): StoredGameEvent {
  return {
    campaignId: row.campaignId,
    seq: row.seq,
    type: row.type,
    actorMemberId: row.actorMemberId,
    actorRole: row.actorRole,
    payload: row.payload as object,
    secret: row.secret as object | null,
    secretFor: row.secretFor,
    streamSeq: row.streamSeq,
    seedEpoch: row.seedEpoch,
    randomWords: row.randomWords,
    randomDraws: row.randomDraws as RandomDraw[],
    createdAt: row.createdAt,
  };
}

/** The campaigns' logs, as they are read: the ledger appends them (MovesRepository.apply). */
@Injectable()
export class EventsRepository {
  constructor(private readonly db: Transactions) {}

  async listAfter(campaignId: string, afterSeq: number, limit: number): Promise<StoredGameEvent[]> {
    const rows = await this.db.tx.gameEvent.findMany({ where: { campaignId, seq: { gt: afterSeq } }, orderBy: { seq: 'asc' }, take: limit });
    return rows.map(toEvent);
  }

  /** Every event whose randomness came from the given seed epochs, in seq order. */
  async listForEpochs(campaignId: string, epochs: readonly number[]): Promise<StoredGameEvent[]> {
    const rows = await this.db.tx.gameEvent.findMany({ where: { campaignId, seedEpoch: { in: [...epochs] } }, orderBy: { seq: 'asc' } });
    return rows.map(toEvent);
  }

  async countForEpoch(campaignId: string, epoch: number): Promise<number> {
    return this.db.tx.gameEvent.count({ where: { campaignId, seedEpoch: epoch } });
  }
}
