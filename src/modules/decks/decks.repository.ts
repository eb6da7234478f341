import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database.js';
import type { CardDefinition } from '../../rules/cards/card.js';
import type { DeckPiles } from '../../rules/cards/piles.js';

export interface DeckRecord {
  id: string;
  campaignId: string;
  name: string;
  cards: CardDefinition[];
  piles: DeckPiles;
}

interface DeckRow {
  id: string;
  campaign_id: string;
  name: string;
  cards: CardDefinition[];
  draw_pile: string[];
  discard_pile: string[];
  table_cards: string[];
  hands: Record<string, string[]>;
}

const toDeck = (row: DeckRow): DeckRecord => ({
  id: row.id,
  campaignId: row.campaign_id,
  name: row.name,
  cards: row.cards,
  piles: { drawPile: row.draw_pile, discardPile: row.discard_pile, table: row.table_cards, hands: row.hands },
});

const COLUMNS = 'id, campaign_id, name, cards, draw_pile, discard_pile, table_cards, hands';

@Injectable()
export class DecksRepository {
  constructor(private readonly db: Database) {}

  async insert(deck: DeckRecord): Promise<void> {
    const { piles } = deck;
    await this.db.query(
      `INSERT INTO decks (id, campaign_id, name, cards, draw_pile, discard_pile, table_cards, hands)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [deck.id, deck.campaignId, deck.name, JSON.stringify(deck.cards), piles.drawPile, piles.discardPile, piles.table, piles.hands],
    );
  }

  async findCampaignId(id: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ campaign_id: string }>('SELECT campaign_id FROM decks WHERE id = $1', [id]);
    return row?.campaign_id;
  }

  async findById(id: string): Promise<DeckRecord | undefined> {
    const [row] = await this.db.query<DeckRow>(`SELECT ${COLUMNS} FROM decks WHERE id = $1`, [id]);
    return row && toDeck(row);
  }

  async listByCampaign(campaignId: string): Promise<DeckRecord[]> {
    const rows = await this.db.query<DeckRow>(
      `SELECT ${COLUMNS} FROM decks WHERE campaign_id = $1 ORDER BY created_at, id`,
      [campaignId],
    );
    return rows.map(toDeck);
  }

  async savePiles(id: string, piles: DeckPiles): Promise<void> {
    await this.db.query(
      `UPDATE decks SET draw_pile = $2, discard_pile = $3, table_cards = $4, hands = $5, version = version + 1
        WHERE id = $1`,
      [id, piles.drawPile, piles.discardPile, piles.table, piles.hands],
    );
  }
}
