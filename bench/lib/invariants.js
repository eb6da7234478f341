/**
 * After the load: speed that loses data does not count. Checked in SQL over the whole database:
 * every deck holds each of its cards exactly once; every campaign's log runs 1..last_event_seq
 * without a gap; and no acknowledged draw, roll or trial roll is missing from the log.
 */
import { TRIAL_EVENT } from './tenth-realm.js';

/** The event type each acknowledged count is checked against. */
const COUNTED = { draws: 'cards.drawn', rolls: 'dice.rolled', trials: TRIAL_EVENT };

export async function checkInvariants(client, acknowledged) {
  const failures = [];

  const decks = await client.query(`
    SELECT d.id,
           (SELECT count(*) FROM jsonb_array_elements(d.cards)) AS defined,
           (SELECT count(*) FROM (
              SELECT unnest(d.draw_pile) UNION ALL SELECT unnest(d.discard_pile) UNION ALL SELECT unnest(d.table_cards)
              UNION ALL SELECT jsonb_array_elements_text(h.value) FROM jsonb_each(d.hands) AS h) AS placed) AS placed
      FROM decks d
     WHERE (SELECT array_agg(card ORDER BY card COLLATE "C") FROM (
              SELECT unnest(d.draw_pile) UNION ALL SELECT unnest(d.discard_pile) UNION ALL SELECT unnest(d.table_cards)
              UNION ALL SELECT jsonb_array_elements_text(h.value) FROM jsonb_each(d.hands) AS h) AS placed(card))
           IS DISTINCT FROM
           (SELECT array_agg(c->>'id' ORDER BY c->>'id' COLLATE "C") FROM jsonb_array_elements(d.cards) AS c)`);
  for (const row of decks.rows) {
    failures.push(`deck ${row.id}: its ${row.defined} cards are not each in exactly one place (${row.placed} placed)`);
  }
  const { rows: [deckCount] } = await client.query('SELECT count(*)::int AS n FROM decks');

  const logs = await client.query(`
    SELECT c.id, c.last_event_seq, count(e.seq) AS n, min(e.seq) AS lo, max(e.seq) AS hi
      FROM campaigns c LEFT JOIN game_events e ON e.campaign_id = c.id
     GROUP BY c.id
    HAVING count(e.seq) <> c.last_event_seq OR coalesce(min(e.seq), 1) <> 1 OR coalesce(max(e.seq), 0) <> c.last_event_seq`);
  for (const row of logs.rows) {
    failures.push(`campaign ${row.id}: last_event_seq ${row.last_event_seq} but ${row.n} events from ${row.lo} to ${row.hi}`);
  }
  const { rows: [totals] } = await client.query(`
    SELECT (SELECT count(*)::int FROM campaigns) AS campaigns, (SELECT count(*)::int FROM game_events) AS events`);
  const { rows: byType } = await client.query('SELECT type, count(*)::int AS n FROM game_events WHERE type = ANY($1) GROUP BY type', [Object.values(COUNTED)]);
  const logged = Object.fromEntries(Object.keys(COUNTED).map((what) => [what, byType.find((row) => row.type === COUNTED[what])?.n ?? 0]));

  // A response that reported a change means the change is durable. A request cut off when a
  // phase ended may have committed without being counted, hence at most `inFlight` more. The
  // setup's own moves (one trial roll) are counted as acknowledged by the caller.
  for (const what of Object.keys(COUNTED)) {
    const { count, inFlight } = acknowledged[what];
    if (logged[what] < count) failures.push(`${count} ${what} were acknowledged but only ${logged[what]} are in the log`);
    if (logged[what] > count + inFlight) failures.push(`${logged[what]} ${what} are in the log but only ${count} (+${inFlight} cut off) were made`);
  }

  return {
    ok: failures.length === 0,
    failures,
    decks: deckCount.n,
    campaigns: totals.campaigns,
    events: totals.events,
    ...Object.fromEntries(Object.keys(COUNTED).map((what) => [what, { logged: logged[what], acknowledged: acknowledged[what].count }])),
  };
}
