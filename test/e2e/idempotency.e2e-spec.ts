import { createOpenTable } from '../helpers/arbiter.js';
import { range, useTestArbiter } from '../helpers/db-checks.js';
import { IdempotencySweeper } from '../../src/infra/idempotency-sweeper.js';

const DRAW = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id code } deck { drawPileCount } eventSeq } }`;

describe('Idempotency-Key', () => {
  const env = useTestArbiter();

  it('answers a retried drawCards with the same bytes and draws nothing new', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const variables = { input: { deckId: table.deckId, count: 2, to: 'DISCARD' } };
    const headers = { 'idempotency-key': 'draw-once-1' };
    const first = await table.gm.request(DRAW, variables, headers);
    const before = await env.db.eventSeqs(table.campaignId);
    const retry = await table.gm.request(DRAW, variables, headers);
    expect(retry.text).toBe(first.text);
    expect(retry.status).toBe(first.status);
    expect(retry.headers.get('idempotent-replay')).toBe('true');
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
    const [deck] = await env.db.query('SELECT draw_pile FROM decks WHERE id = $1', [table.deckId]);
    expect(deck.draw_pile).toHaveLength(50);
  });

  it('keeps the answer in the transaction of the writes it acknowledges: both are there, or neither', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const variables = { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } };
    const headers = { 'idempotency-key': 'stored-with-commit' };
    const first = (await table.gm.request(DRAW, variables, headers)).text;
    expect(first).toContain('"drawCards"');
    const [record] = await env.db.query('SELECT response_status, response_body FROM idempotency_records ORDER BY created_at DESC LIMIT 1');
    expect(record.response_status).toBe(200);
    expect(record.response_body).not.toContain('drawCards');
    expect((await table.gm.request(DRAW, variables, headers)).text).toBe(first);
  });

  it('draws once when 20 copies arrive at once', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const variables = { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } };
    const before = await env.db.eventSeqs(table.campaignId);
    const responses = await Promise.all(range(20).map(() => table.gm.request(DRAW, variables, { 'idempotency-key': 'twenty-at-once' })));
    expect(new Set(responses.map((response) => response.text)).size).toBe(1);
    expect(responses[0].body.data!.drawCards.deck.drawPileCount).toBe(51);
    const after = await env.db.eventSeqs(table.campaignId);
    expect(after.lastEventSeq).toBe(before.lastEventSeq + 1);
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
  });

  it('refuses the same key with another request as IDEMPOTENCY_KEY_REUSED, writing nothing', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const headers = { 'idempotency-key': 'reused-key' };
    await table.gm.data(DRAW, { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } }, headers);
    const before = await env.db.eventSeqs(table.campaignId);
    const reused = await table.gm.request(DRAW, { input: { deckId: table.deckId, count: 3, to: 'DISCARD' } }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.errors![0].extensions!.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
  });

  it('keeps keys apart per caller', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const [ada, bo] = table.players;
    const headers = { 'idempotency-key': 'shared-name' };
    const a = await ada.client.data(DRAW, { input: { deckId: table.deckId, count: 1, to: 'HAND', characterId: ada.characterId } }, headers);
    const b = await bo.client.data(DRAW, { input: { deckId: table.deckId, count: 1, to: 'HAND', characterId: bo.characterId } }, headers);
    expect(b.drawCards.eventSeq).toBe(a.drawCards.eventSeq + 1);
  });

  it('stores a refusal too, and replays it', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const variables = { input: { deckId: table.deckId, count: 53, to: 'DISCARD' } };
    const headers = { 'idempotency-key': 'refused-once' };
    const first = await table.gm.request(DRAW, variables, headers);
    expect(first.body.errors![0].extensions!.code).toBe('RULE_VIOLATION');
    const retry = await table.gm.request(DRAW, variables, headers);
    expect(retry.text).toBe(first.text);
  });

  it('refuses a malformed key', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const response = await table.gm.request(DRAW, { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } }, { 'idempotency-key': 'x'.repeat(300) });
    expect(response.status).toBe(400);
    expect(response.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('runs a key anew once its record is past its 24 hours, even before the sweep, and keeps the new answer', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const variables = { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } };
    const headers = { 'idempotency-key': 'stale-not-swept' };
    const first = await table.gm.data(DRAW, variables, headers);
    await env.db.query(`UPDATE idempotency_records SET expires_at = now() - interval '1 second' WHERE response_body IS NOT NULL AND created_at = (SELECT max(created_at) FROM idempotency_records)`);
    const second = await table.gm.request(DRAW, variables, headers);
    expect(second.headers.get('idempotent-replay')).toBeNull();
    expect(second.body.data!.drawCards.eventSeq).toBe(first.drawCards.eventSeq + 1);
    const third = await table.gm.request(DRAW, variables, headers);
    expect(third.headers.get('idempotent-replay')).toBe('true');
    expect(third.text).toBe(second.text);
  });

  it('sweeps records past their 24 hours and keeps the others, whose retries are still replays', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const variables = { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } };
    await table.gm.request(DRAW, variables, { 'idempotency-key': 'past-its-day' });
    await table.gm.request(DRAW, variables, { 'idempotency-key': 'within-its-day' });
    // Every record but the latest one ('within-its-day') is made a day old.
    await env.db.query(
      `UPDATE idempotency_records SET expires_at = now() - interval '1 second'
        WHERE (principal, key) <> (SELECT principal, key FROM idempotency_records ORDER BY created_at DESC LIMIT 1)`,
    );
    const [{ expired, all }] = await env.db.query(`SELECT count(*) FILTER (WHERE expires_at < now())::int AS expired, count(*)::int AS all FROM idempotency_records`);
    expect(expired).toBeGreaterThan(0);

    expect(await env.arbiter.app.get(IdempotencySweeper).sweep()).toBe(expired);
    expect(await env.db.query(`SELECT count(*)::int AS n FROM idempotency_records`)).toEqual([{ n: all - expired }]);
    const kept = await table.gm.request(DRAW, variables, { 'idempotency-key': 'within-its-day' });
    expect(kept.headers.get('idempotent-replay')).toBe('true');
    const swept = await table.gm.request(DRAW, variables, { 'idempotency-key': 'past-its-day' });
    expect(swept.headers.get('idempotent-replay')).toBeNull();
    expect(swept.body.data!.drawCards.eventSeq).toBeGreaterThan(0);
  });
});
