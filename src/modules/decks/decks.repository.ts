import { Injectable } from '@nestjs/common';
import { Database, prepared } from '../../infra/database.js';
import { batchedRead, groupedBy } from '../../infra/request-context.js';
import { SettledFacts } from '../../infra/settled-facts.js';
import { textArrayLiteral } from '../../infra/text-arrays.js';
import type { CardDefinition } from '../../rules/cards/card.js';
import type { DeckPiles } from '../../rules/cards/piles.js';
import { withProps } from '../../rules/plain-data.js';

export interface DeckRecord {
  id: string;
  campaignId: string;
  name: string;
  cards: CardDefinition[];
  piles: DeckPiles;
  /** Moves on with every save of the piles (`decks.version`). */
  version: number;
}

interface DeckPilesRow {
  id: string;
  campaign_id: string;
  name: string;
  draw_pile: string[];
  discard_pile: string[];
  table_cards: string[];
  hands: Record<string, string[]>;
  version: number;
}

interface DeckRow extends DeckPilesRow {
  cards: CardDefinition[];
}

const toDeck = (row: DeckPilesRow, cards: CardDefinition[]): DeckRecord => ({
  id: row.id,
  campaignId: row.campaign_id,
  name: row.name,
  cards,
  piles: { drawPile: row.draw_pile, discardPile: row.discard_pile, table: row.table_cards, hands: row.hands },
  version: row.version,
});

const pileValues = (piles: DeckPiles) => [textArrayLiteral(piles.drawPile), textArrayLiteral(piles.discardPile), textArrayLiteral(piles.table), piles.hands];

const PILE_COLUMNS = 'id, campaign_id, name, draw_pile, discard_pile, table_cards, hands, version';
const COLUMNS = `${PILE_COLUMNS}, cards`;

// The statements of every card move, prepared once per connection.
const FIND_BY_ID = prepared('decks.find-by-id', `SELECT ${COLUMNS} FROM decks WHERE id = $1`);
export const FIND_PILES_BY_ID = prepared('decks.find-piles-by-id', `SELECT ${PILE_COLUMNS} FROM decks WHERE id = $1`);
// A ruleset's state of a campaign with its own deck (`ruleset_state.deckId`): one statement.
const FIND_RULESET_TABLE = prepared(
  'decks.find-ruleset-table',
  `SELECT c.ruleset_state, ${PILE_COLUMNS.replace(/\w+/g, 'd.$&')}
     FROM campaigns c LEFT JOIN decks d ON d.id = (c.ruleset_state->>'deckId')::uuid
    WHERE c.id = $1 AND c.ruleset = $2`,
);
export const SAVE_PILES = prepared(
  'decks.save-piles',
  `UPDATE decks SET draw_pile = $2, discard_pile = $3, table_cards = $4, hands = $5, version = version + 1 WHERE id = $1`,
);

/**
 * {@link SAVE_PILES} unless the deck has moved on from the version the piles were worked out
 * from: the version then goes to NULL, which its column refuses, and the transaction fails
 * (Database.isStaleMove).
 */
export const SAVE_PILES_FROM_VERSION = prepared(
  'decks.save-piles-from-version',
  `UPDATE decks SET draw_pile = $2, discard_pile = $3, table_cards = $4, hands = $5,
                    version = CASE WHEN version = $6 THEN version + 1 ELSE NULL END
    WHERE id = $1`,
);

/** How many deck → campaign answers are kept; a deck is about 60 bytes of it. */
const CAMPAIGN_OF_DECK_CACHE_SIZE = 50_000;
/** How many card definitions are kept, over all decks (a card is about 200 bytes). */
const CARDS_CACHE_BUDGET = 100_000;

/**
 * Decks' card definitions, which never change once a deck exists: a card move then reads only
 * the piles, not the deck's list of cards again (52 objects for a standard deck) — fewer bytes
 * from Postgres, less parsing. Frozen, because every request shares them. Least recently used
 * decks go first once {@link CARDS_CACHE_BUDGET} cards are kept.
 */
class DeckCardsCache {
  private readonly byDeck = new Map<string, CardDefinition[]>();
  private cardCount = 0;

  get(deckId: string): CardDefinition[] | undefined {
    const cards = this.byDeck.get(deckId);
    if (cards) {
      this.byDeck.delete(deckId);
      this.byDeck.set(deckId, cards);
    }
    return cards;
  }

  /** Keeps a deck's cards (a frozen copy of them) and returns what is kept. */
  keep(deckId: string, cards: readonly CardDefinition[]): CardDefinition[] {
    const frozen = Object.freeze(cards.map((card) => Object.freeze({ ...card }))) as CardDefinition[];
    if (frozen.length > CARDS_CACHE_BUDGET) return frozen;
    this.forget(deckId);
    while (this.cardCount + frozen.length > CARDS_CACHE_BUDGET) this.forget(this.byDeck.keys().next().value!);
    this.byDeck.set(deckId, frozen);
    this.cardCount += frozen.length;
    return frozen;
  }

  private forget(deckId: string): void {
    const cards = this.byDeck.get(deckId);
    if (!cards) return;
    this.byDeck.delete(deckId);
    this.cardCount -= cards.length;
  }
}

@Injectable()
export class DecksRepository {
  private readonly campaignOfDeck: SettledFacts<string>;
  private readonly deckCards = new DeckCardsCache();

  constructor(private readonly db: Database) {
    this.campaignOfDeck = new SettledFacts(db, CAMPAIGN_OF_DECK_CACHE_SIZE, async (id) => {
      const [row] = await db.query<{ campaign_id: string }>('SELECT campaign_id FROM decks WHERE id = $1', [id]);
      return row?.campaign_id;
    });
  }

  async insert(deck: DeckRecord): Promise<void> {
    const { piles } = deck;
    await this.db.query(
      `INSERT INTO decks (id, campaign_id, name, cards, draw_pile, discard_pile, table_cards, hands)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [deck.id, deck.campaignId, deck.name, JSON.stringify(deck.cards), textArrayLiteral(piles.drawPile), textArrayLiteral(piles.discardPile), textArrayLiteral(piles.table), piles.hands],
    );
  }

  /** The campaign a deck belongs to: a deck never moves to another campaign and is never deleted. */
  findCampaignId(id: string): Promise<string | undefined> {
    return this.campaignOfDeck.get(id);
  }

  /**
   * A campaign of the given ruleset as its rules see it: the ruleset's state (`ruleset_state`, as
   * stored) and the deck it names (`deckId`: the Tenth Realm's shared deck, Enchanted Realms'
   * Adventure Deck) with its piles as they are now, in one statement. Undefined for a campaign of
   * another ruleset. The deck's cards come from {@link DeckCardsCache}; the first time, they are
   * read after it.
   */
  async findRulesetTable(campaignId: string, ruleset: string): Promise<{ rulesetState: unknown; deck: DeckRecord | undefined } | undefined> {
    const [row] = await this.db.query<{ ruleset_state: unknown } & Partial<DeckPilesRow>>(FIND_RULESET_TABLE, [campaignId, ruleset]);
    if (!row) return undefined;
    if (!row.id) return { rulesetState: row.ruleset_state, deck: undefined };
    const cards = this.deckCards.get(row.id);
    return { rulesetState: row.ruleset_state, deck: cards ? toDeck(row as DeckPilesRow, cards) : await this.findById(row.id) };
  }

  /**
   * A deck with its piles as they are now. Its cards come from {@link DeckCardsCache} when known:
   * a deck that rolled back after they were kept is still not found, as the piles are read.
   */
  async findById(id: string): Promise<DeckRecord | undefined> {
    const cards = this.deckCards.get(id);
    if (cards) {
      const [row] = await this.db.query<DeckPilesRow>(FIND_PILES_BY_ID, [id]);
      return row && toDeck(row, cards);
    }
    const [row] = await this.db.query<DeckRow>(FIND_BY_ID, [id]);
    return row && toDeck(row, this.deckCards.keep(id, row.cards));
  }

  /** Batched within a request (batchedRead): a list of campaigns or characters reads once. */
  async listByCampaign(campaignId: string): Promise<DeckRecord[]> {
    const decks = await batchedRead('decks by campaign', campaignId, async (campaignIds) => {
      const rows = await this.db.query<DeckRow>(`SELECT ${COLUMNS} FROM decks WHERE campaign_id = ANY($1) ORDER BY created_at, id`, [campaignIds]);
      return groupedBy(rows, (row) => row.campaign_id, (row) => toDeck(row, row.cards));
    });
    return decks ?? [];
  }

  /**
   * Saves the deck's new piles unless the deck has moved on from `deck` (its version) — else the
   * transaction fails (SAVE_PILES_FROM_VERSION) — and returns the deck as saved. A Database.write.
   */
  async savePilesOf(deck: DeckRecord, piles: DeckPiles): Promise<DeckRecord> {
    await this.db.write(SAVE_PILES_FROM_VERSION, [deck.id, ...pileValues(piles), deck.version]);
    return withProps(deck, { piles, version: deck.version + 1 });
  }

  /** A Database.write: it travels with the mutation's next read or its other writes. */
  async savePiles(id: string, piles: DeckPiles): Promise<void> {
    await this.db.write(SAVE_PILES, [id, ...pileValues(piles)]);
  }
}
