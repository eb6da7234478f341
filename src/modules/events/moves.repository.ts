import { Injectable } from '@nestjs/common';
import { Sql, statement } from '../../infra/sql.js';
import type { ClientSeed } from '../../rules/random/epoch-key.js';
import type { RandomDraw } from '../../rules/random/recording-rng.js';
import type { CampaignChanges } from './campaign-changes.js';

/** What a move reads of its campaign: its rules, its random stream, its log head and its version. */
export interface CampaignForMove {
  id: string;
  ruleset: string;
  settings: Record<string, unknown>;
  rulesetState: Record<string, unknown>;
  /** The secret seed of the current epoch; never leaves the server. */
  rngSeed: Buffer;
  /** The members' seeds mixed into the epoch's stream key (epoch-key.ts). */
  clientSeeds: ClientSeed[];
  rngCommitment: string;
  seedEpoch: number;
  lastEventSeq: number;
  /** Moves on with every move (`campaigns.version`): a move's write expects the version it read. */
  version: number;
}

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

interface CampaignForMoveRow {
  id: string;
  ruleset: string;
  settings: Record<string, unknown>;
  ruleset_state: Record<string, unknown>;
  rng_seed: Uint8Array;
  client_seeds: ClientSeed[];
  rng_commitment: string;
  seed_epoch: number;
  last_event_seq: number;
  version: number;
}

const CAMPAIGN_COLUMNS = 'id::text, ruleset, settings, ruleset_state, rng_seed, client_seeds, rng_commitment, seed_epoch, last_event_seq, version';
const FIND_FOR_MOVE = statement('moves.find-campaign', `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE id = $1::uuid`);
/** Inside a transaction the campaign is locked: the move's writes cannot find it moved on. */
const LOCK_FOR_MOVE = statement('moves.lock-campaign', `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE id = $1::uuid FOR UPDATE`);

/**
 * A move's writes in one statement: the campaign's version and log head move on only if the
 * campaign is still at the version the move read ($2); every other write reads `moved`, so with
 * a stale version nothing is written and the statement answers 0. One statement is atomic on its
 * own: a move needs no transaction around it.
 */
const APPLY_MOVE = statement(
  'moves.apply',
  `WITH moved AS (
     UPDATE campaigns SET version = version + 1, last_event_seq = $3::int,
            ruleset_state = COALESCE($4::jsonb, ruleset_state),
            next_client_seeds = COALESCE($12::jsonb, next_client_seeds)
      WHERE id = $1::uuid AND version = $2::int
     RETURNING id
   ), decks_added AS (
     INSERT INTO decks (id, campaign_id, name, cards, draw_pile, discard_pile, table_cards, hands)
     SELECT d.id, moved.id, d.name, d.cards, d.draw_pile, d.discard_pile, d.table_cards, d.hands
       FROM moved, jsonb_to_recordset($5::jsonb)
            AS d(id uuid, name text, cards jsonb, draw_pile text[], discard_pile text[], table_cards text[], hands jsonb)
   ), decks_saved AS (
     UPDATE decks SET draw_pile = d.draw_pile, discard_pile = d.discard_pile, table_cards = d.table_cards,
            hands = d.hands, version = decks.version + 1
       FROM moved, jsonb_to_recordset($6::jsonb)
            AS d(id uuid, draw_pile text[], discard_pile text[], table_cards text[], hands jsonb)
      WHERE decks.id = d.id AND decks.campaign_id = moved.id
   ), characters_added AS (
     INSERT INTO characters (id, campaign_id, member_id, name, sheet)
     SELECT c.id, moved.id, c.member_id, c.name, c.sheet
       FROM moved, jsonb_to_recordset($7::jsonb) AS c(id uuid, member_id uuid, name text, sheet jsonb)
   ), characters_saved AS (
     UPDATE characters SET sheet = c.sheet, version = characters.version + 1
       FROM moved, jsonb_to_recordset($8::jsonb) AS c(id uuid, sheet jsonb)
      WHERE characters.id = c.id AND characters.campaign_id = moved.id
   ), encounters_saved AS (
     INSERT INTO encounters (id, campaign_id, kind, status, state)
     SELECT e.id, moved.id, e.kind, e.status, e.state
       FROM moved, jsonb_to_recordset($9::jsonb) AS e(id uuid, kind text, status text, state jsonb)
     ON CONFLICT (campaign_id, id) DO UPDATE SET status = EXCLUDED.status, state = EXCLUDED.state, updated_at = now()
      WHERE encounters.campaign_id = EXCLUDED.campaign_id
   ), events_added AS (
     INSERT INTO game_events (campaign_id, seq, type, actor_member_id, actor_role, payload, secret,
                              secret_for, stream_seq, seed_epoch, random_words, random_draws, move_id)
     SELECT moved.id, e.seq, e.type, e.actor_member_id, e.actor_role, e.payload, e.secret, e.secret_for,
            e.stream_seq, e.seed_epoch, e.random_words, e.random_draws, $11::uuid
       FROM moved, jsonb_to_recordset($10::jsonb) AS e(seq int, type text, actor_member_id uuid, actor_role text,
            payload jsonb, secret jsonb, secret_for uuid, stream_seq int, seed_epoch int, random_words int, random_draws jsonb)
   )
   SELECT count(*)::int AS moved FROM moved`,
);

const WAS_WRITTEN = statement('moves.was-written', 'SELECT EXISTS (SELECT 1 FROM game_events WHERE campaign_id = $1::uuid AND move_id = $2::uuid) AS written');

const json = (value: unknown): string => JSON.stringify(value);

/** The ledger's own SQL: the campaign a move starts from, and the move's writes. */
@Injectable()
export class MovesRepository {
  constructor(private readonly sql: Sql) {}

  /** The campaign as a move starts from it; locked for the rest of the transaction when `lock`. */
  async findCampaign(campaignId: string, lock: boolean): Promise<CampaignForMove | undefined> {
    const [row] = await this.sql.query<CampaignForMoveRow>(lock ? LOCK_FOR_MOVE : FIND_FOR_MOVE, [campaignId]);
    return (
      row && {
        id: row.id,
        ruleset: row.ruleset,
        settings: row.settings,
        rulesetState: row.ruleset_state,
        rngSeed: Buffer.from(row.rng_seed),
        clientSeeds: row.client_seeds,
        rngCommitment: row.rng_commitment,
        seedEpoch: row.seed_epoch,
        lastEventSeq: row.last_event_seq,
        version: row.version,
      }
    );
  }

  /**
   * Writes a move's events and changes, if the campaign is still at the version the move read.
   * Returns false, having written nothing, when it is not.
   */
  async apply(campaign: CampaignForMove, moveId: string, changes: CampaignChanges, events: readonly NewGameEvent[]): Promise<boolean> {
    const lastEventSeq = events.length > 0 ? events[events.length - 1].seq : campaign.lastEventSeq;
    const [row] = await this.sql.query<{ moved: number }>(APPLY_MOVE, [
      campaign.id,
      campaign.version,
      lastEventSeq,
      changes.rulesetState === undefined ? null : json(changes.rulesetState),
      json(
        changes.newDecks.map((deck) => ({
          id: deck.id,
          name: deck.name,
          cards: deck.cards,
          draw_pile: deck.piles.drawPile,
          discard_pile: deck.piles.discardPile,
          table_cards: deck.piles.table,
          hands: deck.piles.hands,
        })),
      ),
      json(
        [...changes.piles].map(([id, piles]) => ({
          id,
          draw_pile: piles.drawPile,
          discard_pile: piles.discardPile,
          table_cards: piles.table,
          hands: piles.hands,
        })),
      ),
      json(changes.newCharacters.map((character) => ({ id: character.id, member_id: character.memberId, name: character.name, sheet: character.sheet }))),
      json([...changes.sheets].map(([id, sheet]) => ({ id, sheet }))),
      json([...changes.encounters.values()]),
      json(
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
      moveId,
      changes.nextClientSeeds === undefined ? null : json(changes.nextClientSeeds),
    ]);
    return row.moved === 1;
  }

  /** Whether the move of this id was written (its events are in the log). */
  async wasWritten(campaignId: string, moveId: string): Promise<boolean> {
    const [row] = await this.sql.query<{ written: boolean }>(WAS_WRITTEN, [campaignId, moveId]);
    return row.written;
  }
}
