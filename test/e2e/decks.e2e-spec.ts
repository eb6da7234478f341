import { countMovesFromKept, createTable } from '../helpers/arbiter.js';
import { answeredBeforeSending, range, sentStatements, useTestArbiter } from '../helpers/db-checks.js';

const DRAW = `mutation ($input: DrawCardsInput!) {
  drawCards(input: $input) { cards { id code suit rank color } deck { cardCount drawPileCount discardPile { code } table { code } hands { characterId count } } reshuffled eventSeq }
}`;
const MOVE = `mutation ($input: MoveCardsInput!) { moveCards(input: $input) { deck { drawPileCount discardPile { id } table { id } } eventSeq } }`;

describe('decks over HTTP', () => {
  const env = useTestArbiter();

  it('creates a shuffled standard-52 deck and never returns its order', async () => {
    const table = await createTable(env.arbiter.url);
    const { deck } = await table.gm.data(`query ($id: ID!) { deck(id: $id) { cardCount drawPileCount discardPile { id } table { id } } }`, { id: table.deckId });
    expect(deck).toEqual({ cardCount: 52, drawPileCount: 52, discardPile: [], table: [] });
    const [row] = await env.db.query('SELECT draw_pile FROM decks WHERE id = $1', [table.deckId]);
    expect(row.draw_pile).toHaveLength(52);
    expect(row.draw_pile.slice(0, 5)).not.toEqual(['AC', '2C', '3C', '4C', '5C']);
  });

  it('draws into a hand that only its owner and the GM can see', async () => {
    const table = await createTable(env.arbiter.url);
    const [ada, bo] = table.players;
    const drawn = await ada.client.data(DRAW, { input: { deckId: table.deckId, count: 3, to: 'HAND', characterId: ada.characterId } });
    expect(drawn.drawCards.cards).toHaveLength(3);
    expect(drawn.drawCards.deck).toMatchObject({ cardCount: 52, drawPileCount: 49, hands: [{ characterId: ada.characterId, count: 3 }] });

    const query = `query ($id: ID!) { character(id: $id) { handCount hand { code } } }`;
    const codes = drawn.drawCards.cards.map((card: { code: string }) => card.code);
    expect((await ada.client.data(query, { id: ada.characterId })).character).toEqual({ handCount: 3, hand: codes.map((code: string) => ({ code })) });
    expect((await table.gm.data(query, { id: ada.characterId })).character.hand).toHaveLength(3);
    expect((await bo.client.data(query, { id: ada.characterId })).character).toEqual({ handCount: 3, hand: null });

    const events = `query ($c: ID!) { events(campaignId: $c) { type payload secret } }`;
    const boView = (await bo.client.data(events, { c: table.campaignId })).events.find((e: any) => e.type === 'cards.drawn');
    expect(boView.secret).toBeNull();
    expect(JSON.stringify(boView)).not.toContain(codes[0]);
    const adaView = (await ada.client.data(events, { c: table.campaignId })).events.find((e: any) => e.type === 'cards.drawn');
    expect(adaView.secret).toEqual({ cardIds: codes });
  });

  it('refuses a player drawing into another hand, or onto the table', async () => {
    const table = await createTable(env.arbiter.url);
    const [ada, bo] = table.players;
    expect(await ada.client.errorCode(DRAW, { input: { deckId: table.deckId, count: 1, to: 'HAND', characterId: bo.characterId } })).toBe('FORBIDDEN');
    expect(await ada.client.errorCode(DRAW, { input: { deckId: table.deckId, count: 1, to: 'TABLE' } })).toBe('FORBIDDEN');
    expect((await env.db.eventSeqs(table.campaignId)).seqs.length).toBe((await env.db.eventSeqs(table.campaignId)).lastEventSeq);
  });

  it.each([
    ['count 0', { count: 0, to: 'DISCARD' }, 'BAD_USER_INPUT'],
    ['count over the deck', { count: 53, to: 'DISCARD' }, 'RULE_VIOLATION'],
    ['HAND without a character', { count: 1, to: 'HAND' }, 'BAD_USER_INPUT'],
    ['unknown character', { count: 1, to: 'HAND', characterId: '00000000-0000-4000-8000-000000000000' }, 'NOT_FOUND'],
  ])('refuses %s with a code and writes nothing', async (_name, input, code) => {
    const table = await createTable(env.arbiter.url);
    const before = await env.db.eventSeqs(table.campaignId);
    expect(await table.gm.errorCode(DRAW, { input: { deckId: table.deckId, ...input } })).toBe(code);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
  });

  it('refuses a deck id of another campaign as NOT_FOUND', async () => {
    const one = await createTable(env.arbiter.url);
    const other = await createTable(env.arbiter.url);
    expect(await other.gm.errorCode(DRAW, { input: { deckId: one.deckId, count: 1, to: 'DISCARD' } })).toBe('NOT_FOUND');
  });

  it('reshuffles the discard pile in when the draw pile runs out, and ends a scene', async () => {
    const table = await createTable(env.arbiter.url);
    const first = await table.gm.data(DRAW, { input: { deckId: table.deckId, count: 50, to: 'DISCARD' } });
    expect(first.drawCards.reshuffled).toBe(false);
    const second = await table.gm.data(DRAW, { input: { deckId: table.deckId, count: 5, to: 'TABLE' } });
    expect(second.drawCards.reshuffled).toBe(true);
    expect(second.drawCards.deck.table).toHaveLength(5);
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);

    const ended = await table.gm.data(`mutation ($input: EndSceneInput!) { endScene(input: $input) { decks { drawPileCount discardPile { id } table { id } } eventSeq } }`, {
      input: { campaignId: table.campaignId },
    });
    expect(ended.endScene.decks).toEqual([{ drawPileCount: 52, discardPile: [], table: [] }]);
  });

  it('moves cards: a player only out of their own hand', async () => {
    const table = await createTable(env.arbiter.url);
    const [ada, bo] = table.players;
    const drawn = await ada.client.data(DRAW, { input: { deckId: table.deckId, count: 2, to: 'HAND', characterId: ada.characterId } });
    const [first, second] = drawn.drawCards.cards.map((card: { id: string }) => card.id);
    const refused = await bo.client.request(MOVE, { input: { deckId: table.deckId, cardIds: [first], to: 'DISCARD' } });
    expect(refused.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'CARD_NOT_IN_YOUR_HAND' });
    const moved = await ada.client.data(MOVE, { input: { deckId: table.deckId, cardIds: [first], to: 'DISCARD' } });
    expect(moved.moveCards.deck.discardPile).toEqual([{ id: first }]);
    const given = await ada.client.data(MOVE, { input: { deckId: table.deckId, cardIds: [second], to: 'HAND', characterId: bo.characterId } });
    expect(given.moveCards.eventSeq).toBeGreaterThan(moved.moveCards.eventSeq);
    const notInPlay = await table.gm.request(MOVE, { input: { deckId: table.deckId, cardIds: ['AS', 'AS'], to: 'TABLE' } });
    expect(notInPlay.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'DUPLICATE_CARD' });
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
  });

  describe('round trips', () => {
    const draw = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { code } deck { drawPileCount } eventSeq } }`;
    /** The lock of a draw from what the server kept of the campaign: it reads nothing but the transaction's id. */
    const lockAlone = 'SELECT pg_current_xact_id()::text AS xact_id FROM campaigns';
    /** A table whose deck's campaign the server knows (a read learns it), and no move of it yet. */
    async function knownTable() {
      const table = await createTable(env.arbiter.url);
      await table.gm.data(`query ($id: ID!) { deck(id: $id) { id } }`, { id: table.deckId });
      return { table, input: { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } } };
    }
    /** Moves the deck's top card to the bottom and back as another process would: its version moves on. */
    async function reorderBehindTheServer(deckId: string): Promise<string> {
      const [{ draw_pile: pile }] = await env.db.query('SELECT draw_pile FROM decks WHERE id = $1', [deckId]);
      const reordered = [...pile.slice(1), pile[0]];
      await env.db.query('UPDATE decks SET draw_pile = $2, version = version + 1 WHERE id = $1', [deckId, reordered]);
      return reordered[0];
    }
    /** Another process's move on the campaign: an event, the log head and the campaign's version move on. */
    async function appendBehindTheServer(campaignId: string): Promise<void> {
      await env.db.query(
        `INSERT INTO game_events (campaign_id, seq, type, actor_role, payload, stream_seq, seed_epoch)
         SELECT id, last_event_seq + 1, 'test.elsewhere', 'GM', '{}', last_event_seq + 1, seed_epoch FROM campaigns WHERE id = $1`,
        [campaignId],
      );
      await env.db.query('UPDATE campaigns SET last_event_seq = last_event_seq + 1, version = version + 1 WHERE id = $1', [campaignId]);
    }

    it('draws from the campaign as it is in two: BEGIN, the lock and the piles; then the writes with COMMIT', async () => {
      const { table, input } = await knownTable();
      const sentWhen = await answeredBeforeSending(env.arbiter.database, () => table.gm.data(draw, input));
      expect({ begin: sentWhen('BEGIN'), lock: sentWhen('FOR UPDATE'), piles: sentWhen('FROM decks WHERE id') }).toEqual({ begin: 0, lock: 0, piles: 0 });
      const piles = sentWhen('UPDATE decks SET');
      expect(piles).toBe(3);
      expect({ event: sentWhen('INSERT INTO game_events'), commit: sentWhen('COMMIT') }).toEqual({ event: piles, commit: piles });
      expect(sentWhen(lockAlone)).toBeUndefined();
    });

    it('draws after its own last move in one: the lock, the writes and COMMIT together', async () => {
      const { table, input } = await knownTable();
      const first = await table.gm.data(draw, input);
      const sentWhen = await answeredBeforeSending(env.arbiter.database, () => table.gm.data(draw, input));
      const sent = ['BEGIN', lockAlone, 'UPDATE decks SET', 'INSERT INTO game_events', 'COMMIT'].map(sentWhen);
      expect(sent).toEqual([0, 0, 0, 0, 0]);
      expect(sentWhen('FROM decks WHERE id')).toBeUndefined();
      const [{ draw_pile: pile, discard_pile: discard }] = await env.db.query('SELECT draw_pile, discard_pile FROM decks WHERE id = $1', [table.deckId]);
      expect({ drawPile: pile.length, discard: discard.length }).toEqual({ drawPile: 50, discard: 2 });
      expect(await env.db.eventSeqs(table.campaignId)).toEqual({ seqs: range(first.drawCards.eventSeq + 1), lastEventSeq: first.drawCards.eventSeq + 1 });
    });

    it('rolls after its own last move in one too, and a draw after the roll still starts from what the draw before left', async () => {
      const { table, input } = await knownTable();
      const roll = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { total eventSeq } }`;
      const first = await table.gm.data(draw, input);
      const rolled = await answeredBeforeSending(env.arbiter.database, () => table.gm.data(roll, { input: { campaignId: table.campaignId, expression: '2d6' } }));
      expect(['BEGIN', lockAlone, 'INSERT INTO game_events', 'COMMIT'].map(rolled)).toEqual([0, 0, 0, 0]);
      const drawn = await answeredBeforeSending(env.arbiter.database, () => table.gm.data(draw, input));
      expect(['BEGIN', lockAlone, 'UPDATE decks SET', 'INSERT INTO game_events', 'COMMIT'].map(drawn)).toEqual([0, 0, 0, 0, 0]);
      const last = first.drawCards.eventSeq + 2;
      expect(await env.db.eventSeqs(table.campaignId)).toEqual({ seqs: range(last), lastEventSeq: last });
      // Both verifiable as any other: each event's randomness is the campaign's stream at its seq.
      const events = await env.db.query('SELECT seq, stream_seq FROM game_events WHERE campaign_id = $1 AND seq > $2 ORDER BY seq', [table.campaignId, first.drawCards.eventSeq]);
      expect(events).toEqual([
        { seq: last - 1, stream_seq: last - 1 },
        { seq: last, stream_seq: last },
      ]);
    });

    it('draws from the deck as it is when it moved on since the server last saw it', async () => {
      const { table, input } = await knownTable();
      await table.gm.data(draw, input);
      const top = await reorderBehindTheServer(table.deckId);
      const sentWhen = await answeredBeforeSending(env.arbiter.database, () => table.gm.data(draw, input));
      // The one-round-trip draw failed on the deck's version; the draw ran again from the deck as it is.
      expect(sentWhen(lockAlone)).toBe(0);
      expect(sentWhen('FROM decks WHERE id')).toBeGreaterThan(0);
      const [{ discard_pile: discard }] = await env.db.query('SELECT discard_pile FROM decks WHERE id = $1', [table.deckId]);
      expect(discard[0]).toBe(top);
      expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
      const { seqs, lastEventSeq } = await env.db.eventSeqs(table.campaignId);
      expect(seqs).toEqual(range(lastEventSeq));
      // And the next draw goes in one round trip again, from what that draw left.
      const next = await answeredBeforeSending(env.arbiter.database, () => table.gm.data(draw, input));
      expect(next('FROM decks WHERE id')).toBeUndefined();
      expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
    });

    it('after a draw that found the deck moved on, the draws queued behind it go in one round trip again', async () => {
      const { table, input } = await knownTable();
      await table.gm.data(draw, input);
      await reorderBehindTheServer(table.deckId);
      const sent = await sentStatements(env.arbiter.database, () => Promise.all(range(16).map(() => table.gm.data(draw, input))));
      // The first ran again from the deck as it is, and the one behind it, which had nothing to
      // start from, read it too; every other one started from the draw before it.
      expect(sent.filter(({ text }) => text.includes('FROM decks WHERE id')).length).toBe(2);
      expect(sent.filter(({ text }) => text.startsWith('SELECT pg_current_xact_id()')).length).toBe(15);
      expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
      const { seqs, lastEventSeq } = await env.db.eventSeqs(table.campaignId);
      expect(seqs).toEqual(range(lastEventSeq));
    });

    it('appends after an event another process appended, with its seq', async () => {
      const { table, input } = await knownTable();
      const first = await table.gm.data(draw, input);
      await appendBehindTheServer(table.campaignId);
      const second = await table.gm.data(draw, input);
      expect(second.drawCards.eventSeq).toBe(first.drawCards.eventSeq + 2);
      // A roll after another process's move too.
      await env.db.query('UPDATE campaigns SET version = version + 1 WHERE id = $1', [table.campaignId]);
      const roll = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { eventSeq } }`;
      expect((await table.gm.data(roll, { input: { campaignId: table.campaignId, expression: '1d20' } })).rollDice.eventSeq).toBe(second.drawCards.eventSeq + 1);
      const last = second.drawCards.eventSeq + 1;
      expect(await env.db.eventSeqs(table.campaignId)).toEqual({ seqs: range(last), lastEventSeq: last });
      const [event] = await env.db.query(`SELECT stream_seq FROM game_events WHERE campaign_id = $1 AND seq = $2`, [table.campaignId, second.drawCards.eventSeq]);
      expect(event.stream_seq).toBe(second.drawCards.eventSeq);
    });

    it('reads first for a while once another process has moved the campaign under two draws in a row', async () => {
      const { table, input } = await knownTable();
      await table.gm.data(draw, input);
      const movesFromKept = await countMovesFromKept(env.arbiter.url);
      const trips: Array<{ guessed: boolean; read: boolean }> = [];
      const drawn = async () => {
        const sent = await sentStatements(env.arbiter.database, () => table.gm.data(draw, input));
        trips.push({ guessed: sent.some(({ text }) => text.startsWith(lockAlone)), read: sent.some(({ text }) => text.includes('FROM decks WHERE id')) });
      };
      for (let move = 0; move < 4; move++) {
        await appendBehindTheServer(table.campaignId);
        await drawn();
      }
      // Nothing moves it now: after eight reads in all, a draw goes in one round trip again.
      for (let move = 0; move < 7; move++) await drawn();
      const guessedAndRead = { guessed: true, read: true };
      const read = { guessed: false, read: true };
      expect(trips).toEqual([guessedAndRead, guessedAndRead, ...range(8).map(() => read), { guessed: true, read: false }]);
      // GET /health counts them: two moved on, one as it was left.
      expect(await movesFromKept()).toEqual({ asLeft: 1, movedOn: 2 });
      expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
      const { seqs, lastEventSeq } = await env.db.eventSeqs(table.campaignId);
      expect(seqs).toEqual(range(lastEventSeq));
    });

    it('does not refuse a draw for what the server last saw when the deck has the cards now', async () => {
      const { table } = await knownTable();
      await table.gm.data(draw, { input: { deckId: table.deckId, count: 52, to: 'TABLE' } });
      // Every card back in the draw pile, behind the server's back.
      await env.db.query('UPDATE decks SET draw_pile = table_cards, table_cards = $2, version = version + 1 WHERE id = $1', [table.deckId, []]);
      const drawn = await table.gm.data(draw, { input: { deckId: table.deckId, count: 1, to: 'DISCARD' } });
      expect(drawn.drawCards.deck.drawPileCount).toBe(51);
      expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
    });

    it('draws from the campaign as it is when the request holds more than the draw', async () => {
      const { table, input } = await knownTable();
      const first = await table.gm.data(draw, input);
      const twice = `mutation ($input: DrawCardsInput!) { a: drawCards(input: $input) { eventSeq } b: drawCards(input: $input) { eventSeq } }`;
      const both = await answeredBeforeSending(env.arbiter.database, () => table.gm.data(twice, input));
      expect(both(lockAlone)).toBeUndefined();
      const keyed = await answeredBeforeSending(env.arbiter.database, () =>
        table.gm.request(draw, input, { 'idempotency-key': `draw-${table.deckId}` }),
      );
      expect(keyed(lockAlone)).toBeUndefined();
      const last = first.drawCards.eventSeq + 3;
      expect(await env.db.eventSeqs(table.campaignId)).toEqual({ seqs: range(last), lastEventSeq: last });
    });
  });

  it('keeps every card exactly once under 64 concurrent draws, with a gap-free log', async () => {
    const table = await createTable(env.arbiter.url);
    const [ada, bo] = table.players;
    const results = await Promise.all(
      range(64).map((i) => {
        const player = i % 2 === 0 ? ada : bo;
        const input =
          i % 4 < 2
            ? { deckId: table.deckId, count: 1, to: 'HAND', characterId: player.characterId }
            : { deckId: table.deckId, count: 1, to: 'DISCARD' };
        return (i % 4 < 2 ? player.client : table.gm).request(DRAW, { input });
      }),
    );
    expect(results.filter((result) => result.body.errors)).toEqual([]);
    const drawnIds = results.map((result) => result.body.data!.drawCards.cards[0].id);
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
    const [row] = await env.db.query('SELECT hands, discard_pile, draw_pile FROM decks WHERE id = $1', [table.deckId]);
    const handCards = Object.values(row.hands as Record<string, string[]>).flat();
    expect(handCards.length + row.discard_pile.length + row.draw_pile.length).toBe(52);
    expect(handCards).toHaveLength(32);
    // The draw pile ran out at 52 and was refilled from the discard pile: every draw still got a card.
    expect(drawnIds).toHaveLength(64);
    const { seqs, lastEventSeq } = await env.db.eventSeqs(table.campaignId);
    expect(seqs).toEqual(range(lastEventSeq));
    const eventSeqs = results.map((result) => result.body.data!.drawCards.eventSeq).sort((a: number, b: number) => a - b);
    expect(new Set(eventSeqs).size).toBe(64);
  });
});
