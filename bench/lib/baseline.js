/**
 * The baseline: the statements the server sends to Postgres for one `drawCards` (a GM draws one
 * card from the top onto the discard pile, reshuffling the discard pile when the draw pile is
 * empty), issued straight from a `pg` pool of the server's size with nothing else around them —
 * no HTTP, no GraphQL, no Nest. The same statements, in the same order, with the same round trips,
 * so api / baseline is what the server's own code costs.
 *
 * The statements are the server's own, imported from its build; their order and round trips are
 * to be kept in step with src/modules/decks/decks.service.ts, src/modules/events/game-ledger.service.ts
 * and src/infra/database.ts.
 */
import { randomInt } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** One draw onto the discard pile, as drawCards does it (src/rules/cards/piles.ts). */
export function drawOneToDiscard(piles) {
  let drawPile = piles.draw_pile;
  let discardPile = piles.discard_pile;
  let reshuffled = false;
  const draws = [];
  if (drawPile.length === 0) {
    // Fisher–Yates from the last position down, as the server shuffles (its draws come from the
    // campaign's stream; the baseline's need not, only their shape matters here).
    drawPile = [...discardPile];
    for (let i = drawPile.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      draws.push([i + 1, j]);
      [drawPile[i], drawPile[j]] = [drawPile[j], drawPile[i]];
    }
    discardPile = [];
    reshuffled = true;
  }
  const [card, ...rest] = drawPile;
  return { card, reshuffled, draws, drawPile: rest, discardPile: [card, ...discardPile] };
}

function eventsJson(seq, campaign, actor, deckId, draw) {
  return JSON.stringify([
    {
      seq,
      type: 'cards.drawn',
      actor_member_id: actor.id,
      actor_role: actor.role,
      payload: { deckId, count: 1, from: 'TOP', to: 'DISCARD', characterId: null, reshuffled: draw.reshuffled, cardIds: [draw.card] },
      secret: null,
      secret_for: null,
      stream_seq: seq,
      seed_epoch: campaign.seed_epoch,
      random_words: draw.draws.length,
      random_draws: draw.draws,
    },
  ]);
}

const INSERT_EVENTS = `INSERT INTO game_events (campaign_id, seq, type, actor_member_id, actor_role, payload, secret,
                                secret_for, stream_seq, seed_epoch, random_words, random_draws)
       SELECT $1, e.seq, e.type, e.actor_member_id, e.actor_role, e.payload, e.secret, e.secret_for,
              e.stream_seq, e.seed_epoch, e.random_words, e.random_draws
         FROM jsonb_to_recordset($2::jsonb) AS e(seq int, type text, actor_member_id uuid, actor_role text,
              payload jsonb, secret jsonb, secret_for uuid, stream_seq int, seed_epoch int,
              random_words int, random_draws jsonb)`;

/**
 * The server's drawCards as it was before the performance work (commit c771e90): two reads on
 * the pool (the key, the deck's campaign), then BEGIN, lock, read the deck, write the piles,
 * append the event, advance the sequence, COMMIT — 9 round trips, 7 of them in the transaction.
 */
async function drawCardsV0(pool, target) {
  const [actor] = (await pool.query('SELECT id, campaign_id, name, role FROM members WHERE api_key_hash = $1', [target.gmKeyHash])).rows;
  const [owner] = (await pool.query('SELECT campaign_id FROM decks WHERE id = $1', [target.deckId])).rows;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const [campaign] = (
      await client.query(
        'SELECT id, name, ruleset, settings, rng_commitment, seed_epoch, last_event_seq, created_at, rng_seed FROM campaigns WHERE id = $1 FOR UPDATE',
        [owner.campaign_id],
      )
    ).rows;
    const [deck] = (
      await client.query('SELECT id, campaign_id, name, cards, draw_pile, discard_pile, table_cards, hands FROM decks WHERE id = $1', [target.deckId])
    ).rows;
    const draw = drawOneToDiscard(deck);
    await client.query(
      `UPDATE decks SET draw_pile = $2, discard_pile = $3, table_cards = $4, hands = $5, version = version + 1
        WHERE id = $1`,
      [deck.id, draw.drawPile, draw.discardPile, deck.table_cards, deck.hands],
    );
    const seq = campaign.last_event_seq + 1;
    await client.query(INSERT_EVENTS, [campaign.id, eventsJson(seq, campaign, actor, deck.id, draw)]);
    await client.query('UPDATE campaigns SET last_event_seq = $2, version = version + 1 WHERE id = $1', [campaign.id, seq]);
    await client.query('COMMIT');
    client.release();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(error);
    throw error;
  }
}

// The server's own prepared statements (same names and text), from its build: the baseline sends
// exactly what the server sends (npm run bench builds first).
const { LOCK, LOCK_FOR_UPDATE } = await import('../../dist/modules/campaigns/campaigns.repository.js');
const { FIND_PILES_BY_ID: FIND_DECK, SAVE_PILES, SAVE_PILES_FROM_VERSION } = await import('../../dist/modules/decks/decks.repository.js');
const { APPEND_EVENTS, APPEND_EVENTS_FROM_VERSION } = await import('../../dist/modules/events/events.repository.js');
// And sent as the server sends them (without node-postgres's copy of each query's config).
const { submit, inOneWrite, isStaleMove, CAMPAIGN_TURNS } = await import('../../dist/infra/database.js');
const { textArrayLiteral } = await import('../../dist/infra/text-arrays.js');
const { Turns } = await import('../../dist/infra/turns.js');
const { KeptCampaigns } = await import('../../dist/modules/events/kept-campaigns.js');

/**
 * The server's drawCards from the campaign as it is (its first draw on a campaign, or a draw in
 * a request that holds more): the key and the deck's campaign are known to the process (no
 * read), the connection is pipelined. BEGIN, the lock and the deck's piles read go out together
 * (one round trip, one socket write); the piles update and the event append (with the log head,
 * one statement) go out with COMMIT on a later turn of the event loop, as the server sends them
 * once the response is ready (one round trip), and a failed write is reported by the commit — 2 round trips,
 * 6 prepared statements. The connection goes to a draw waiting for one as soon as COMMIT is sent.
 * `thinkMs` holds the transaction open that long between its round trips, as a busy server's
 * event loop does before it reads the first answer.
 */
async function drawCardsPipelined(pool, target, handOn = true, thinkMs = 0, kept = undefined, together = inOneWrite) {
  const client = await pool.connect();
  let released = false;
  const sent = [];
  const send = (query, values) => {
    const promise = submit(client, query, values);
    promise.catch(() => undefined);
    sent.push(promise);
    return promise;
  };
  try {
    // In one socket write too, as the server's (Database.query).
    const read = together(client, () => {
      send('BEGIN');
      return Promise.all([send(LOCK_FOR_UPDATE, [target.campaignId]), send(FIND_DECK, [target.deckId])]);
    });
    const [[campaign], [deck]] = (await read).map((result) => result.rows);
    const draw = drawOneToDiscard(deck);
    const seq = campaign.last_event_seq + 1;
    const actor = { id: target.gmMemberId, role: 'GM' };
    kept?.(campaign, deck, draw, seq);
    await (thinkMs > 0 ? new Promise((resolveThink) => setTimeout(resolveThink, thinkMs)) : nextTurn());
    // The writes and COMMIT in one socket write, as the server's (Database.commit).
    const committed = together(client, () => {
      send(SAVE_PILES, [deck.id, textArrayLiteral(draw.drawPile), textArrayLiteral(draw.discardPile), textArrayLiteral(deck.table_cards), deck.hands]);
      send(APPEND_EVENTS, [campaign.id, eventsJson(seq, campaign, actor, deck.id, draw), seq]);
      return Promise.all([send('COMMIT'), ...sent]);
    });
    // Handed on as soon as COMMIT is sent to a draw waiting for a connection, as the server's
    // (Database.commit): the next draw's BEGIN, lock and read travel right behind it.
    released = handOn && pool.waitingCount > 0;
    if (released) client.release();
    const [commit] = await committed;
    if (commit.command !== 'COMMIT') throw new Error(`COMMIT answered ${commit.command}`);
    if (!released) client.release();
  } catch (error) {
    if (!released) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(error);
    }
    throw error;
  }
}

/**
 * The same, with a campaign's transactions taking turns in the client as the server's do
 * (Database.beginOnCampaign): at most CAMPAIGN_TURNS of them at Postgres at once, the others in
 * line. It changes nothing when the draws are spread; on one campaign it shows what the turns buy
 * a bare pool.
 */
const campaignTurns = new Turns(CAMPAIGN_TURNS);
async function drawCardsInTurns(pool, target) {
  const giveBack = await campaignTurns.take(target.campaignId);
  try {
    await drawCardsPipelined(pool, target);
  } finally {
    giveBack();
  }
}

/**
 * The server's drawCards after a move of its own on the campaign (GameLedger's moves from what
 * was kept): the client keeps each campaign and its deck as its last draw left them (versions,
 * log head, piles), in the server's own line of moves (KeptCampaigns), so BEGIN, the lock, the
 * piles' update and the event's append (each only if its row is still at the version the draw
 * started from) and COMMIT go out together — 1 round trip, 5 prepared statements. A campaign's
 * draws take turns as the server's do (at most CAMPAIGN_TURNS at Postgres), and a draw from what
 * was kept starts once the draw before has committed, or read the campaign. A campaign not kept,
 * or one that had moved on (another client drew on it since: nothing was written), is drawn in
 * two round trips as `pipelined` draws, which keeps it again.
 */
const line = new KeptCampaigns();
const speculativeTurns = new Turns(CAMPAIGN_TURNS);

const leftBy = (campaign, deck, draw, seq) => ({
  campaign: { ...campaign, last_event_seq: seq, version: campaign.version + 1 },
  deck: { ...deck, draw_pile: draw.drawPile, discard_pile: draw.discardPile, version: deck.version + 1 },
});

/** The draw from what the draw before left; false when the campaign had moved on (nothing was written). */
async function drawFromKept(pool, target, { campaign, deck }, place, together) {
  const draw = drawOneToDiscard(deck);
  const seq = campaign.last_event_seq + 1;
  const actor = { id: target.gmMemberId, role: 'GM' };
  const client = await pool.connect();
  // As the server's: not handed on while a statement is parsed on the connection for the first
  // time (a refused Parse would fail the next draw's use of it).
  const parsed = [LOCK, SAVE_PILES_FROM_VERSION, APPEND_EVENTS_FROM_VERSION].every(({ name }) => client.connection.parsedStatements[name] !== undefined);
  // In one socket write, as the server's (Database.commit).
  const [answers, committed] = together(client, () => [
    [
      submit(client, 'BEGIN'),
      submit(client, LOCK, [campaign.id]),
      submit(client, SAVE_PILES_FROM_VERSION, [deck.id, textArrayLiteral(draw.drawPile), textArrayLiteral(draw.discardPile), textArrayLiteral(deck.table_cards), deck.hands, deck.version]),
      submit(client, APPEND_EVENTS_FROM_VERSION, [campaign.id, eventsJson(seq, campaign, actor, deck.id, draw), seq, campaign.version]),
    ].map((answer) => answer.then(() => undefined, (error) => error)),
    submit(client, 'COMMIT'),
  ]);
  // Handed on as soon as COMMIT is sent to a draw waiting for a connection, as the server's.
  const handedOn = parsed && pool.waitingCount > 0;
  if (handedOn) client.release();
  let commit;
  try {
    commit = await committed;
  } catch (error) {
    if (!handedOn) client.release(error);
    throw error;
  }
  if (!handedOn) client.release();
  if (commit.command === 'COMMIT') {
    place.leave(leftBy(campaign, deck, draw, seq));
    return true;
  }
  const failure = (await Promise.all(answers)).find(Boolean);
  if (isStaleMove(failure)) return false;
  throw failure ?? new Error(`COMMIT answered ${commit.command}`);
}

async function drawCardsSpeculative(pool, target, together = inOneWrite) {
  const giveBack = await speculativeTurns.take(target.campaignId);
  let place = line.enter(target.campaignId);
  try {
    const before = await place.before;
    if (before) {
      if (await drawFromKept(pool, target, before, place, together)) return;
      place.leave();
      place = line.enter(target.campaignId);
      await place.before;
    }
    await drawCardsPipelined(pool, target, true, 0, (campaign, deck, draw, seq) => place.leave(leftBy(campaign, deck, draw, seq)), together);
  } finally {
    place.leave();
    giveBack();
  }
}

/**
 * The statement sets the bench knows, by name; `current` is what the server in src/ issues, and
 * `pipeline` says whether its pool must pipeline (node-postgres `pipeline: true`, as the server's).
 */
export const BASELINES = {
  v0: {
    describe: '9 round trips: 2 reads on the pool, BEGIN, lock, read deck, update, insert event, advance seq, COMMIT',
    pipeline: false,
    run: drawCardsV0,
  },
  pipelined: {
    describe: '2 round trips, 6 prepared statements: [BEGIN, lock, read deck piles], [update piles, append events + log head, COMMIT] (in one socket write), the connection handed on once COMMIT is sent',
    pipeline: true,
    run: drawCardsPipelined,
  },
};
BASELINES.speculative = {
  describe: `1 round trip, 5 prepared statements: [BEGIN, lock, update piles, append events + log head (both checking the versions), COMMIT] (in one socket write), from what the client's own last draw on the campaign left; the first draw of a campaign, or one whose check failed, as pipelined; at most ${CAMPAIGN_TURNS} transactions of a campaign at Postgres at once, the others in line in the client`,
  pipeline: true,
  run: drawCardsSpeculative,
};
BASELINES.current = BASELINES.speculative;
/** Sends what `send` sends as node-postgres does on its own: each statement in a socket write of its own. */
const writeByWrite = (client, send) => send();
BASELINES['statement-writes'] = {
  describe: `${BASELINES.speculative.describe.replace(' (in one socket write)', '')}; each statement in a socket write of its own, as node-postgres sends them (before the statements sent together went in one write)`,
  pipeline: true,
  run: (pool, target) => drawCardsSpeculative(pool, target, writeByWrite),
};
BASELINES['commit-answered'] = {
  describe: `${BASELINES.pipelined.describe.replace(', the connection handed on once COMMIT is sent', '')}, the connection kept until COMMIT answers (before the hand-over)`,
  pipeline: true,
  run: (pool, target) => drawCardsPipelined(pool, target, false),
};
BASELINES.turns = {
  describe: `${BASELINES.pipelined.describe}; at most ${CAMPAIGN_TURNS} transactions of a campaign at Postgres at once, the others in line in the client`,
  pipeline: true,
  run: drawCardsInTurns,
};
// The same statements with the transaction held open between its round trips, as the server's
// are while its event loop is busy (bench/README.md, "Why the spread ratio is not reliably over
// the line"): what that costs Postgres per draw.
for (const thinkMs of [1, 4]) {
  BASELINES[`think-${thinkMs}ms`] = {
    describe: `${BASELINES.pipelined.describe}, ${thinkMs} ms between the round trips`,
    pipeline: true,
    run: (pool, target) => drawCardsPipelined(pool, target, true, thinkMs),
  };
}
