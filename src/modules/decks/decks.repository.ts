import { Injectable } from '@nestjs/common';
import { Transactions } from '../../infra/transactions.js';
import { batchedRead, groupedBy } from '../../infra/request-context.js';
import { SettledFacts } from '../../infra/settled-facts.js';
import { Sql, statement } from '../../infra/sql.js';
import type { CardDefinition } from '../../rules/cards/card.js';
import type { DeckPiles } from '../../rules/cards/piles.js';

export interface DeckRecord {
  id: string;
  campaignId: string;
  name: string;
  cards: readonly CardDefinition[];
  piles: DeckPiles;
}

interface DeckPilesRow {
  id: string;
  campaign_id: string;
  name: string;
  draw_pile: string[];
  discard_pile: string[];
  table_cards: string[];
  hands: Record<string, string[]>;
}

const toDeck = (row: DeckPilesRow, cards: readonly CardDefinition[]): DeckRecord => ({
  id: row.id,
  campaignId: row.campaign_id,
  name: row.name,
  cards,
  piles: { drawPile: row.draw_pile, discardPile: row.discard_pile, table: row.table_cards, hands: row.hands },
});

const PILE_COLUMNS = 'id::text, campaign_id::text, name, draw_pile, discard_pile, table_cards, hands';

// The reads of every card move (Sql: the moves' hot path).
const FIND_PILES_BY_ID = statement('decks.find-piles-by-id', `SELECT ${PILE_COLUMNS} FROM decks WHERE campaign_id = $1::uuid AND id = $2::uuid`);
const FIND_CARDS_BY_ID = statement('decks.find-cards-by-id', 'SELECT cards FROM decks WHERE campaign_id = $1::uuid AND id = $2::uuid');

/** How many deck → campaign answers are kept. */
const CAMPAIGN_OF_DECK_CACHE_SIZE = 50_000;
/** How many card definitions are kept, over all decks. */
const CARDS_CACHE_BUDGET = 100_000;

@Injectable()
export class DecksRepository {
  /** A deck's campaign, which never changes. */
  private readonly campaignOfDeck: SettledFacts<string>;
  /**
   * A deck's card definitions, which never change once it exists: a card move then reads only
   * the piles. Frozen, because every request shares them.
   */
  private readonly deckCards: SettledFacts<readonly CardDefinition[]>;

  constructor(
    private readonly db: Transactions,
    private readonly sql: Sql,
  ) {
    this.campaignOfDeck = new SettledFacts({ max: CAMPAIGN_OF_DECK_CACHE_SIZE }, async (id) => {
      // The one read by id alone (every campaign's rows, once per deck and process): the rest go to its campaign.
      const row = await this.db.tx.deck.findFirst({ where: { id }, select: { campaignId: true } });
      return row?.campaignId;
    });
    this.deckCards = new SettledFacts({ maxSize: CARDS_CACHE_BUDGET, sizeOf: (cards) => Math.max(1, cards.length) }, async (id) => {
      const campaignId = await this.campaignOfDeck.get(id);
      if (campaignId === undefined) return undefined;
      const [row] = await this.sql.query<{ cards: CardDefinition[] }>(FIND_CARDS_BY_ID, [campaignId, id]);
      return row && frozen(row.cards);
    });
  }

  /** The campaign a deck belongs to: a deck never moves to another campaign and is never deleted. */
  findCampaignId(id: string): Promise<string | undefined> {
    return this.campaignOfDeck.get(id);
  }

  /** A deck with its piles as they are now. */
  async findById(id: string): Promise<DeckRecord | undefined> {
    const campaignId = await this.campaignOfDeck.get(id);
    if (campaignId === undefined) return undefined;
    const [row] = await this.sql.query<DeckPilesRow>(FIND_PILES_BY_ID, [campaignId, id]);
    if (!row) return undefined;
    return toDeck(row, (await this.deckCards.get(id))!);
  }

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  async listByCampaign(campaignId: string): Promise<DeckRecord[]> {
    const decks = await batchedRead('decks by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.tx.deck.findMany({ where: { campaignId: { in: [...campaignIds] } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      return groupedBy(
        rows,
        (row) => row.campaignId,
        (row): DeckRecord => ({
          id: row.id,
          campaignId: row.campaignId,
          name: row.name,
          cards: row.cards as unknown as CardDefinition[],
          piles: { drawPile: row.drawPile, discardPile: row.discardPile, table: row.tableCards, hands: row.hands as Record<string, string[]> },
        }),
      );
    });
    return decks ?? [];
  }
}

function frozen(cards: readonly CardDefinition[]): readonly CardDefinition[] {
  return Object.freeze(cards.map((card) => Object.freeze({ ...card })));
}
