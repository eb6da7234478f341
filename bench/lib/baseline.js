/**
 * The baseline: what a careful service reaches with a stock driver. The same draw as the API's
 * (a GM draws one card from the top of a deck onto its discard pile, reshuffling the discard
 * pile into the draw pile when the draw pile is empty), as one textbook transaction on a `pg`
 * pool of the server's pool size, each statement awaited before the next, on the server's own
 * tables. No HTTP, no GraphQL, no framework: api / baseline is what Arbiter costs over it.
 */
import { randomInt, randomUUID } from 'node:crypto';

/** The statements of one draw, in order: what the report prints as the baseline. */
export const BASELINE_STATEMENTS = [
  'BEGIN',
  'SELECT … FROM campaigns WHERE id = $1 FOR UPDATE',
  'SELECT … FROM decks WHERE id = $1 AND campaign_id = $2',
  'UPDATE decks SET draw_pile, discard_pile, version',
  'INSERT INTO game_events (the cards.drawn event)',
  'UPDATE campaigns SET last_event_seq, version',
  'COMMIT',
];

/**
 * One draw onto the discard pile, as `drawCards` does it (src/rules/cards): a Fisher–Yates
 * reshuffle of the discard pile from the last position down when the draw pile is empty. Its
 * random values come from `pick(bound)`, recorded as [bound, value] like the server's.
 */
export function drawOneToDiscard({ drawPile, discardPile }, pick = randomInt) {
  let pile = drawPile;
  let discarded = discardPile;
  let reshuffled = false;
  const draws = [];
  if (pile.length === 0) {
    pile = [...discarded];
    for (let i = pile.length - 1; i > 0; i -= 1) {
      const j = pick(i + 1);
      draws.push([i + 1, j]);
      [pile[i], pile[j]] = [pile[j], pile[i]];
    }
    discarded = [];
    reshuffled = true;
  }
  const [card, ...rest] = pile;
  return { card, reshuffled, draws, drawPile: rest, discardPile: [card, ...discarded] };
}

/**
 * Draws one card on `target`'s deck (`{ campaignId, deckId, gmMemberId }`) as one transaction on
 * a client of `pool`; resolves once COMMIT has answered.
 */
export async function textbookDraw(pool, target) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: [campaign] } = await client.query('SELECT id, seed_epoch, last_event_seq FROM campaigns WHERE id = $1 FOR UPDATE', [target.campaignId]);
    const { rows: [deck] } = await client.query('SELECT id, draw_pile, discard_pile FROM decks WHERE id = $1 AND campaign_id = $2', [target.deckId, campaign.id]);
    const draw = drawOneToDiscard({ drawPile: deck.draw_pile, discardPile: deck.discard_pile });
    await client.query('UPDATE decks SET draw_pile = $2, discard_pile = $3, version = version + 1 WHERE id = $1', [deck.id, draw.drawPile, draw.discardPile]);
    const seq = campaign.last_event_seq + 1;
    const payload = { deckId: deck.id, count: 1, from: 'TOP', to: 'DISCARD', characterId: null, reshuffled: draw.reshuffled, cardIds: [draw.card] };
    await client.query(
      `INSERT INTO game_events (campaign_id, seq, type, actor_member_id, actor_role, payload, stream_seq, seed_epoch, random_words, random_draws, move_id)
       VALUES ($1, $2, 'cards.drawn', $3, 'GM', $4, $2, $5, $6, $7, $8)`,
      [campaign.id, seq, target.gmMemberId, payload, campaign.seed_epoch, draw.draws.length, JSON.stringify(draw.draws), randomUUID()],
    );
    await client.query('UPDATE campaigns SET last_event_seq = $2, version = version + 1 WHERE id = $1', [campaign.id, seq]);
    await client.query('COMMIT');
    client.release();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(error);
    throw error;
  }
}
