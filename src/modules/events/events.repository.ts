import { Injectable } from '@nestjs/common';
import { Database, prepared } from '../../infra/database.js';
import type { RandomDraw } from '../../rules/random/recording-rng.js';
import { EventAnnouncer } from './event-announcer.js';

export interface NewGameEvent {
  seq: number;
  type: string;
  actorMemberId: string | null;
  actorRole: string;
  payload: object;
  secret: object | null;
  secretFor: string | null;
  streamSeq: number;
  seedEpoch: number;
  randomWords: number;
  randomDraws: RandomDraw[];
}

export interface StoredGameEvent extends NewGameEvent {
  campaignId: string;
  createdAt: Date;
}

interface GameEventRow {
  campaign_id: string;
  seq: number;
  type: string;
  actor_member_id: string | null;
  actor_role: string;
  payload: object;
  secret: object | null;
  secret_for: string | null;
  stream_seq: number;
  seed_epoch: number;
  random_words: number;
  random_draws: RandomDraw[];
  created_at: Date;
}

function toEvent(row: GameEventRow): StoredGameEvent {
  return {
    campaignId: row.campaign_id,
    seq: row.seq,
    type: row.type,
    actorMemberId: row.actor_member_id,
    actorRole: row.actor_role,
    payload: row.payload,
    secret: row.secret,
    secretFor: row.secret_for,
    streamSeq: row.stream_seq,
    seedEpoch: row.seed_epoch,
    randomWords: row.random_words,
    randomDraws: row.random_draws,
    createdAt: row.created_at,
  };
}

const appendEvents = (campaignVersion: string) => `WITH appended AS (
     INSERT INTO game_events (campaign_id, seq, type, actor_member_id, actor_role, payload, secret,
                              secret_for, stream_seq, seed_epoch, random_words, random_draws)
     SELECT $1::uuid, e.seq, e.type, e.actor_member_id, e.actor_role, e.payload, e.secret, e.secret_for,
            e.stream_seq, e.seed_epoch, e.random_words, e.random_draws
       FROM jsonb_to_recordset($2::jsonb) AS e(seq int, type text, actor_member_id uuid, actor_role text,
            payload jsonb, secret jsonb, secret_for uuid, stream_seq int, seed_epoch int,
            random_words int, random_draws jsonb)
   )
   UPDATE campaigns SET last_event_seq = $3::int, version = ${campaignVersion} WHERE id = $1::uuid`;

export const APPEND_EVENTS = prepared('events.append', appendEvents('version + 1'));

/**
 * {@link APPEND_EVENTS} unless the campaign has moved on from the version the events were worked
 * out from ($4): the version then goes to NULL, which its column refuses, and the transaction
 * fails (Database.isStaleMove), as it does when another move took the first event's seq.
 */
export const APPEND_EVENTS_FROM_VERSION = prepared('events.append-from-version', appendEvents('CASE WHEN version = $4::int THEN version + 1 ELSE NULL END'));

@Injectable()
export class EventsRepository {
  constructor(
    private readonly db: Database,
    private readonly announcer: EventAnnouncer,
  ) {}

  /**
   * Appends a mutation's events and moves the campaign's log head (`last_event_seq`) to the last
   * of them, in one statement; with `fromVersion`, only if the campaign is still at that version.
   * A Database.write: it travels with the mutation's other writes. Once they commit, every
   * process's subscribers hear of them.
   */
  async append(campaignId: string, events: readonly NewGameEvent[], fromVersion?: number): Promise<void> {
    if (events.length === 0) return;
    const values = [
      campaignId,
      JSON.stringify(
        events.map((event) => ({
          seq: event.seq,
          type: event.type,
          actor_member_id: event.actorMemberId,
          actor_role: event.actorRole,
          payload: event.payload,
          secret: event.secret,
          secret_for: event.secretFor,
          stream_seq: event.streamSeq,
          seed_epoch: event.seedEpoch,
          random_words: event.randomWords,
          random_draws: event.randomDraws,
        })),
      ),
      events[events.length - 1].seq,
    ];
    if (fromVersion === undefined) await this.db.write(APPEND_EVENTS, values);
    else await this.db.write(APPEND_EVENTS_FROM_VERSION, [...values, fromVersion]);
    this.announcer.announceAfterCommit(campaignId, events[events.length - 1].seq);
  }

  async listAfter(campaignId: string, afterSeq: number, limit: number): Promise<StoredGameEvent[]> {
    const rows = await this.db.query<GameEventRow>(
      `SELECT * FROM game_events WHERE campaign_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [campaignId, afterSeq, limit],
    );
    return rows.map(toEvent);
  }

  /** Every event whose randomness came from the given seed epochs, in seq order. */
  async listForEpochs(campaignId: string, epochs: readonly number[]): Promise<StoredGameEvent[]> {
    const rows = await this.db.query<GameEventRow>(
      `SELECT * FROM game_events WHERE campaign_id = $1 AND seed_epoch = ANY($2::int[]) ORDER BY seq`,
      [campaignId, epochs],
    );
    return rows.map(toEvent);
  }

  async countForEpoch(campaignId: string, epoch: number): Promise<number> {
    const [row] = await this.db.query<{ count: number }>(
      'SELECT count(*) AS count FROM game_events WHERE campaign_id = $1 AND seed_epoch = $2',
      [campaignId, epoch],
    );
    return row.count;
  }
}
