/**
 * After the load: speed that loses data does not count. Checked in SQL over the whole database:
 * every deck holds each of its cards exactly once; every campaign's log runs 1..last_event_seq
 * without a gap; and no acknowledged draw or roll is missing from the log.
 */

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
  const { rows: [deckCount] } = await client.query('SELECT count(*) AS n FROM decks');

  const logs = await client.query(`
    SELECT c.id, c.last_event_seq, count(e.seq) AS n, min(e.seq) AS lo, max(e.seq) AS hi
      FROM campaigns c LEFT JOIN game_events e ON e.campaign_id = c.id
     GROUP BY c.id
    HAVING count(e.seq) <> c.last_event_seq OR coalesce(min(e.seq), 1) <> 1 OR coalesce(max(e.seq), 0) <> c.last_event_seq`);
  for (const row of logs.rows) {
    failures.push(`campaign ${row.id}: last_event_seq ${row.last_event_seq} but ${row.n} events from ${row.lo} to ${row.hi}`);
  }
  const { rows: [totals] } = await client.query(`
    SELECT (SELECT count(*) FROM campaigns) AS campaigns,
           (SELECT count(*) FROM game_events) AS events,
           (SELECT count(*) FROM game_events WHERE type = 'cards.drawn') AS draws,
           (SELECT count(*) FROM game_events WHERE type = 'dice.rolled') AS rolls`);

  // A response that reported a change means the change is durable. A request cut off when a
  // phase ended may have committed without being counted, hence at most `inFlight` more.
  for (const [what, logged] of [['draws', totals.draws], ['rolls', totals.rolls]]) {
    const { count, inFlight } = acknowledged[what];
    if (logged < count) failures.push(`${count} ${what} were acknowledged but only ${logged} are in the log`);
    if (logged > count + inFlight) failures.push(`${logged} ${what} are in the log but only ${count} (+${inFlight} cut off) were made`);
  }

  return {
    ok: failures.length === 0,
    failures,
    decks: deckCount.n,
    campaigns: totals.campaigns,
    events: totals.events,
    draws: { logged: totals.draws, acknowledged: acknowledged.draws.count },
    rolls: { logged: totals.rolls, acknowledged: acknowledged.rolls.count },
  };
}
