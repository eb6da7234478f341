import { createOpenTable } from '../helpers/arbiter.js';
import { range, useTestArbiter } from '../helpers/db-checks.js';

const DRAW = `mutation ($input: DrawCardsInput!) {
  drawCards(input: $input) { cards { id code suit rank color } deck { cardCount drawPileCount discardPile { code } table { code } hands { characterId count } } reshuffled eventSeq }
}`;
const MOVE = `mutation ($input: MoveCardsInput!) { moveCards(input: $input) { deck { drawPileCount discardPile { id } table { id } } eventSeq } }`;

describe('decks over HTTP', () => {
  const env = useTestArbiter();

  it('creates a shuffled standard-52 deck and never returns its order', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const { deck } = await table.gm.data(`query ($id: ID!) { deck(id: $id) { cardCount drawPileCount discardPile { id } table { id } } }`, { id: table.deckId });
    expect(deck).toEqual({ cardCount: 52, drawPileCount: 52, discardPile: [], table: [] });
    const [row] = await env.db.query('SELECT draw_pile FROM decks WHERE id = $1', [table.deckId]);
    expect(row.draw_pile).toHaveLength(52);
    expect(row.draw_pile.slice(0, 5)).not.toEqual(['AC', '2C', '3C', '4C', '5C']);
  });

  it('draws into a hand that only its owner and the GM can see', async () => {
    const table = await createOpenTable(env.arbiter.url);
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
    const table = await createOpenTable(env.arbiter.url);
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
    const table = await createOpenTable(env.arbiter.url);
    const before = await env.db.eventSeqs(table.campaignId);
    expect(await table.gm.errorCode(DRAW, { input: { deckId: table.deckId, ...input } })).toBe(code);
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
  });

  it('refuses a deck id of another campaign as NOT_FOUND', async () => {
    const one = await createOpenTable(env.arbiter.url);
    const other = await createOpenTable(env.arbiter.url);
    expect(await other.gm.errorCode(DRAW, { input: { deckId: one.deckId, count: 1, to: 'DISCARD' } })).toBe('NOT_FOUND');
  });

  it('reshuffles the discard pile in when the draw pile runs out, and ends a scene', async () => {
    const table = await createOpenTable(env.arbiter.url);
    const first = await table.gm.data(DRAW, { input: { deckId: table.deckId, count: 50, to: 'DISCARD' } });
    expect(first.drawCards.reshuffled).toBe(false);
    const second = await table.gm.data(DRAW, { input: { deckId: table.deckId, count: 5, to: 'TABLE' } });
    expect(second.drawCards.reshuffled).toBe(true);
    expect(second.drawCards.deck.table).toHaveLength(5);
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);

    const ended = await table.gm.data(`mutation ($input: EndSceneInput!) { endScene(input: $input) { decks { drawPileCount discardPile { id } table { id } } eventSeq } }`, {
      input: { campaignId: table.campaignId },
    });
    // Every deck of the campaign is gathered: the open one and the Tenth Realm's own.
    expect(ended.endScene.decks).toEqual([
      { drawPileCount: 52, discardPile: [], table: [] },
      { drawPileCount: 52, discardPile: [], table: [] },
    ]);
  });

  it('moves cards: a player only out of their own hand', async () => {
    const table = await createOpenTable(env.arbiter.url);
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

  describe("moves that meet another process's writes", () => {
    const draw = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { code } deck { drawPileCount } eventSeq } }`;
    async function table() {
      const created = await createOpenTable(env.arbiter.url);
      return { table: created, input: { input: { deckId: created.deckId, count: 1, to: 'DISCARD' } } };
    }
    /** Moves the deck's top card to the bottom as another process would: the campaign's version moves on. */
    async function reorderBehindTheServer(campaignId: string, deckId: string): Promise<string> {
      const [{ draw_pile: pile }] = await env.db.query('SELECT draw_pile FROM decks WHERE id = $1', [deckId]);
      const reordered = [...pile.slice(1), pile[0]];
      await env.db.query('UPDATE decks SET draw_pile = $2, version = version + 1 WHERE id = $1', [deckId, reordered]);
      await env.db.query('UPDATE campaigns SET version = version + 1 WHERE id = $1', [campaignId]);
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

    it('draws from the deck as it is, whoever moved it last', async () => {
      const { table: played, input } = await table();
      await played.gm.data(draw, input);
      const top = await reorderBehindTheServer(played.campaignId, played.deckId);
      await played.gm.data(draw, input);
      const [{ discard_pile: discard }] = await env.db.query('SELECT discard_pile FROM decks WHERE id = $1', [played.deckId]);
      expect(discard[0]).toBe(top);
      expect(await env.db.deckIsConserved(played.deckId)).toBe(true);
      const { seqs, lastEventSeq } = await env.db.eventSeqs(played.campaignId);
      expect(seqs).toEqual(range(lastEventSeq));
    });

    it('appends after an event another process appended, with its seq and its stream', async () => {
      const { table: played, input } = await table();
      const first = await played.gm.data(draw, input);
      await appendBehindTheServer(played.campaignId);
      const second = await played.gm.data(draw, input);
      expect(second.drawCards.eventSeq).toBe(first.drawCards.eventSeq + 2);
      const roll = `mutation ($input: RollDiceInput!) { rollDice(input: $input) { eventSeq } }`;
      await appendBehindTheServer(played.campaignId);
      expect((await played.gm.data(roll, { input: { campaignId: played.campaignId, expression: '1d20' } })).rollDice.eventSeq).toBe(second.drawCards.eventSeq + 2);
      const last = second.drawCards.eventSeq + 2;
      expect(await env.db.eventSeqs(played.campaignId)).toEqual({ seqs: range(last), lastEventSeq: last });
      const [event] = await env.db.query(`SELECT stream_seq FROM game_events WHERE campaign_id = $1 AND seq = $2`, [played.campaignId, second.drawCards.eventSeq]);
      expect(event.stream_seq).toBe(second.drawCards.eventSeq);
    });

    it('is worked out again, writing once, when the campaign moves on between its read and its write', async () => {
      const { table: played, input } = await table();
      await played.gm.data(draw, input);
      // Another process's move lands while this one works: once, on the first write this test sees.
      await env.db.query(`CREATE OR REPLACE FUNCTION move_elsewhere_once() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.id = '${played.campaignId}' AND NOT EXISTS (SELECT 1 FROM game_events WHERE campaign_id = NEW.id AND type = 'test.elsewhere') THEN
            INSERT INTO game_events (campaign_id, seq, type, actor_role, payload, stream_seq, seed_epoch)
              VALUES (NEW.id, OLD.last_event_seq + 1, 'test.elsewhere', 'GM', '{}', OLD.last_event_seq + 1, OLD.seed_epoch);
            UPDATE campaigns SET last_event_seq = OLD.last_event_seq + 1, version = OLD.version + 1 WHERE id = NEW.id;
            RETURN NULL;
          END IF;
          RETURN NEW;
        END $$`);
      await env.db.query('CREATE TRIGGER move_elsewhere_once BEFORE UPDATE OF version ON campaigns FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION move_elsewhere_once()');
      try {
        const drawn = await played.gm.data(draw, input);
        const { seqs, lastEventSeq } = await env.db.eventSeqs(played.campaignId);
        expect(seqs).toEqual(range(lastEventSeq));
        expect(drawn.drawCards.eventSeq).toBe(lastEventSeq);
        const types = await env.db.query('SELECT type FROM game_events WHERE campaign_id = $1 AND seq > $2 ORDER BY seq', [played.campaignId, lastEventSeq - 2]);
        expect(types.map((row: { type: string }) => row.type)).toEqual(['test.elsewhere', 'cards.drawn']);
        expect(await env.db.deckIsConserved(played.deckId)).toBe(true);
      } finally {
        await env.db.query('DROP TRIGGER move_elsewhere_once ON campaigns');
        await env.db.query('DROP FUNCTION move_elsewhere_once()');
      }
    });

    it('commits a request of two draws, or one with an Idempotency-Key, in one transaction', async () => {
      const { table: played, input } = await table();
      const first = await played.gm.data(draw, input);
      const twice = `mutation ($input: DrawCardsInput!) { a: drawCards(input: $input) { eventSeq } b: drawCards(input: $input) { eventSeq } }`;
      const both = await played.gm.data(twice, input);
      expect([both.a.eventSeq, both.b.eventSeq]).toEqual([first.drawCards.eventSeq + 1, first.drawCards.eventSeq + 2]);
      await played.gm.request(draw, input, { 'idempotency-key': `draw-${played.deckId}` });
      const last = first.drawCards.eventSeq + 3;
      expect(await env.db.eventSeqs(played.campaignId)).toEqual({ seqs: range(last), lastEventSeq: last });
    });
  });

  it('keeps every card exactly once under 64 concurrent draws, with a gap-free log', async () => {
    const table = await createOpenTable(env.arbiter.url);
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
