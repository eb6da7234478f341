import type { RunningArbiter } from '../../src/bootstrap.js';
import { Client, createOpenTable, createTable, startTestArbiter } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

interface RestResponse {
  status: number;
  text: string;
  body: any;
  headers: Headers;
}

/** One plain HTTP call, as a VTT macro makes it. */
async function rest(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<RestResponse> {
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
      ...options.headers,
    },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, text, body, headers: response.headers };
}

/** The error a refused call must answer: its status, and the GraphQL error shape with its code. */
function expectError(response: RestResponse, status: number, code: string, extensions: Record<string, unknown> = {}) {
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status, type: 'application/json; charset=utf-8' });
  expect(response.body).toEqual({ errors: [{ message: expect.any(String), extensions: { code, ...extensions } }] });
}

const TR = {
  create: `mutation ($input: TenthRealmCreateCharacterInput!) { tenthRealmCreateCharacter(input: $input) { character { id } } }`,
  vanori: `mutation ($input: TenthRealmChooseVanoriInput!) { tenthRealmChooseVanori(input: $input) { eventSeq } }`,
  finish: `mutation ($input: TenthRealmFinishCharacterInput!) { tenthRealmFinishCharacter(input: $input) { eventSeq } }`,
};
const EVENTS = `query ($c: ID!, $after: Int!) { events(campaignId: $c, afterSeq: $after) { seq type actorRole payload secret } }`;

describe('REST /v1', () => {
  const env = useTestArbiter();
  const call = (method: 'GET' | 'POST', path: string, options?: Parameters<typeof rest>[3]) => rest(env.arbiter.url, method, path, options);

  describe('POST /v1/campaigns/:campaignId/dice', () => {
    it("rolls for any member into the campaign's log, the one GraphQL reads", async () => {
      const table = await createTable(env.arbiter.url);
      const { lastEventSeq } = await env.db.eventSeqs(table.campaignId);
      const gm = await call('POST', `/v1/campaigns/${table.campaignId}/dice`, { key: table.gm.key, body: { expression: '4d6kh3', label: 'Strength' } });
      expect(gm.status).toBe(200);
      expect(gm.body).toEqual({ expression: '4d6kh3', label: 'Strength', total: expect.any(Number), dice: expect.any(Array), eventSeq: lastEventSeq + 1 });
      expect(gm.body.dice).toHaveLength(4);
      expect(gm.body.dice.filter((die: { kept: boolean }) => die.kept)).toHaveLength(3);
      const player = await call('POST', `/v1/campaigns/${table.campaignId}/dice`, { key: table.players[0].client.key, body: { expression: 'd%' } });
      expect(player.body).toMatchObject({ expression: '1d100', label: null, eventSeq: lastEventSeq + 2 });

      const { events } = await table.players[1].client.data(EVENTS, { c: table.campaignId, after: lastEventSeq });
      expect(events).toEqual([
        { seq: lastEventSeq + 1, type: 'dice.rolled', actorRole: 'GM', payload: { expression: '4d6kh3', label: 'Strength', total: gm.body.total, dice: gm.body.dice }, secret: null },
        { seq: lastEventSeq + 2, type: 'dice.rolled', actorRole: 'PLAYER', payload: expect.objectContaining({ total: player.body.total }), secret: null },
      ]);
    });

    it('refuses what GraphQL refuses, with the same codes and the HTTP status of each', async () => {
      const table = await createTable(env.arbiter.url);
      const other = await createTable(env.arbiter.url);
      const dice = `/v1/campaigns/${table.campaignId}/dice`;
      expectError(await call('POST', dice, { body: { expression: 'd6' } }), 401, 'UNAUTHENTICATED');
      expectError(await call('POST', dice, { key: 'arb_nobody', body: { expression: 'd6' } }), 401, 'UNAUTHENTICATED');
      expectError(await call('POST', dice, { key: other.players[0].client.key, body: { expression: 'd6' } }), 404, 'NOT_FOUND', { id: table.campaignId });
      expectError(await call('POST', dice, { key: table.gm.key, body: { expression: '4d6kh5' } }), 400, 'BAD_USER_INPUT', {
        field: 'expression',
        position: 0,
        fragment: '4d6kh5',
      });
      expectError(await call('POST', dice, { key: table.gm.key, body: {} }), 400, 'BAD_USER_INPUT', { field: 'expression' });
      expectError(await call('POST', dice, { key: table.gm.key, body: { expression: 'd6', label: 'x'.repeat(201) } }), 400, 'BAD_USER_INPUT', { field: 'label' });
      expectError(await call('POST', '/v1/campaigns/not-a-uuid/dice', { key: table.gm.key, body: { expression: 'd6' } }), 400, 'BAD_USER_INPUT', {
        field: 'campaignId',
      });
      expectError(await call('POST', dice, { key: table.gm.key, rawBody: '{"expression": ' }), 400, 'BAD_USER_INPUT');
      expectError(await call('GET', '/v1/no-such-route', { key: table.gm.key }), 404, 'NOT_FOUND');
      // An id left empty makes a path no route matches: still NOT_FOUND, coded.
      expectError(await call('POST', '/v1/campaigns//dice', { key: table.gm.key, body: { expression: 'd6' } }), 404, 'NOT_FOUND');
      expectError(await call('GET', '/no-such-page', {}), 404, 'NOT_FOUND');
      // None of it reached the log.
      const { seqs, lastEventSeq } = await env.db.eventSeqs(table.campaignId);
      expect(seqs).toHaveLength(lastEventSeq);
      expect((await table.gm.data(EVENTS, { c: table.campaignId, after: 0 })).events.some((event: { type: string }) => event.type === 'dice.rolled')).toBe(false);
    });
  });

  describe('POST /v1/decks/:deckId/draw', () => {
    it("draws into a player's own hand, shows the cards to the owner only, and never the draw pile", async () => {
      const table = await createOpenTable(env.arbiter.url);
      const [ada, bo] = table.players;
      const { lastEventSeq } = await env.db.eventSeqs(table.campaignId);
      const drawn = await call('POST', `/v1/decks/${table.deckId}/draw`, { key: ada.client.key, body: { count: 2, characterId: ada.characterId } });
      expect(drawn.status).toBe(200);
      expect(Object.keys(drawn.body).sort()).toEqual(['cards', 'deck', 'eventSeq', 'reshuffled']);
      expect(drawn.body.cards).toHaveLength(2);
      expect(drawn.body.cards[0]).toEqual(expect.objectContaining({ id: expect.any(String), deckId: table.deckId, code: expect.any(String) }));
      expect(drawn.body.deck).toEqual({
        id: table.deckId,
        campaignId: table.campaignId,
        name: expect.any(String),
        cardCount: 52,
        drawPileCount: 50,
        discardPile: [],
        table: [],
        hands: [{ characterId: ada.characterId, count: 2 }],
      });
      const cardIds = drawn.body.cards.map((card: { id: string }) => card.id);

      const asAda = await call('GET', `/v1/campaigns/${table.campaignId}/events?afterSeq=${lastEventSeq}`, { key: ada.client.key });
      const asBo = await call('GET', `/v1/campaigns/${table.campaignId}/events?afterSeq=${lastEventSeq}`, { key: bo.client.key });
      expect(asAda.body.events).toEqual([expect.objectContaining({ seq: drawn.body.eventSeq, type: 'cards.drawn', secret: { cardIds } })]);
      expect(asBo.body.events).toEqual([expect.objectContaining({ seq: drawn.body.eventSeq, type: 'cards.drawn', secret: null })]);
      for (const id of cardIds) expect(asBo.text).not.toContain(`"${id}"`);
    });

    it('refuses a draw the rules do not allow and writes nothing; a player may not draw face up', async () => {
      const table = await createOpenTable(env.arbiter.url);
      const before = await env.db.eventSeqs(table.campaignId);
      const [deckBefore] = await env.db.query('SELECT draw_pile, version FROM decks WHERE id = $1', [table.deckId]);
      expectError(await call('POST', `/v1/decks/${table.deckId}/draw`, { key: table.gm.key, body: { count: 53, to: 'DISCARD' } }), 422, 'RULE_VIOLATION', {
        reason: 'INVALID_COUNT',
      });
      expectError(await call('POST', `/v1/decks/${table.deckId}/draw`, { key: table.players[0].client.key, body: { count: 1, to: 'TABLE' } }), 403, 'FORBIDDEN');
      expectError(
        await call('POST', `/v1/decks/${table.deckId}/draw`, { key: table.players[0].client.key, body: { count: 1, characterId: table.players[1].characterId } }),
        403,
        'FORBIDDEN',
      );
      expectError(await call('POST', `/v1/decks/${table.deckId}/draw`, { key: table.gm.key, body: { count: 1, to: 'UNDER_THE_TABLE' } }), 400, 'BAD_USER_INPUT', {
        field: 'to',
      });
      expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
      const [deckAfter] = await env.db.query('SELECT draw_pile, version FROM decks WHERE id = $1', [table.deckId]);
      expect(deckAfter).toEqual(deckBefore);
      expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first answer byte for byte, writes nothing more, and refuses the key for another request', async () => {
      const table = await createOpenTable(env.arbiter.url);
      const path = `/v1/decks/${table.deckId}/draw`;
      const options = { key: table.gm.key, body: { count: 2, to: 'DISCARD' }, headers: { 'idempotency-key': 'macro-draw-1' } };
      const first = await call('POST', path, options);
      expect(first.status).toBe(200);
      const before = await env.db.eventSeqs(table.campaignId);
      const retry = await call('POST', path, options);
      expect({ status: retry.status, text: retry.text, replay: retry.headers.get('idempotent-replay') }).toEqual({ status: 200, text: first.text, replay: 'true' });
      expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
      const [deck] = await env.db.query('SELECT draw_pile FROM decks WHERE id = $1', [table.deckId]);
      expect(deck.draw_pile).toHaveLength(50);

      expectError(await call('POST', path, { ...options, body: { count: 3, to: 'DISCARD' } }), 422, 'IDEMPOTENCY_KEY_REUSED');
      expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
      expectError(await call('POST', path, { ...options, headers: { 'idempotency-key': 'x'.repeat(300) } }), 400, 'BAD_USER_INPUT');
    });

    it('stores a refusal and replays it with its status', async () => {
      const table = await createOpenTable(env.arbiter.url);
      const options = { key: table.gm.key, body: { count: 53, to: 'DISCARD' }, headers: { 'idempotency-key': 'refused-draw' } };
      const first = await call('POST', `/v1/decks/${table.deckId}/draw`, options);
      expectError(first, 422, 'RULE_VIOLATION', { reason: 'INVALID_COUNT' });
      const retry = await call('POST', `/v1/decks/${table.deckId}/draw`, options);
      expect({ status: retry.status, text: retry.text, replay: retry.headers.get('idempotent-replay') }).toEqual({ status: 422, text: first.text, replay: 'true' });
    });

    it('draws once when the same call arrives ten times at once', async () => {
      const table = await createTable(env.arbiter.url);
      const before = await env.db.eventSeqs(table.campaignId);
      const options = { key: table.gm.key, body: { expression: '1d20' }, headers: { 'idempotency-key': 'ten-at-once' } };
      const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/v1/campaigns/${table.campaignId}/dice`, options)));
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
      expect((await env.db.eventSeqs(table.campaignId)).lastEventSeq).toBe(before.lastEventSeq + 1);
    });
  });

  describe('GET /v1/campaigns/:campaignId/events', () => {
    it('pages through the log as the events query does', async () => {
      const table = await createTable(env.arbiter.url);
      const { lastEventSeq } = await env.db.eventSeqs(table.campaignId);
      const all = await call('GET', `/v1/campaigns/${table.campaignId}/events`, { key: table.players[0].client.key });
      expect(all.status).toBe(200);
      expect(all.body.events.map((event: { seq: number }) => event.seq)).toEqual(Array.from({ length: lastEventSeq }, (_, i) => i + 1));
      expect(Object.keys(all.body.events[0]).sort()).toEqual(['actorMemberId', 'actorRole', 'campaignId', 'createdAt', 'payload', 'random', 'secret', 'seq', 'type']);
      const page = await call('GET', `/v1/campaigns/${table.campaignId}/events?afterSeq=2&limit=2`, { key: table.gm.key });
      expect(page.body.events.map((event: { seq: number }) => event.seq)).toEqual([3, 4]);
      const { events } = await table.gm.data(`query ($c: ID!) { events(campaignId: $c, afterSeq: 2, limit: 2) { seq type payload createdAt } }`, { c: table.campaignId });
      expect(page.body.events.map(({ seq, type, payload, createdAt }: Record<string, unknown>) => ({ seq, type, payload, createdAt }))).toEqual(events);

      expectError(await call('GET', `/v1/campaigns/${table.campaignId}/events?afterSeq=x`, { key: table.gm.key }), 400, 'BAD_USER_INPUT', { field: 'afterSeq' });
      expectError(await call('GET', `/v1/campaigns/${table.campaignId}/events?limit=1001`, { key: table.gm.key }), 400, 'BAD_USER_INPUT', { field: 'limit' });
      expectError(await call('GET', `/v1/campaigns/${table.campaignId}/events`), 401, 'UNAUTHENTICATED');
      const other = await createTable(env.arbiter.url);
      expectError(await call('GET', `/v1/campaigns/${table.campaignId}/events`, { key: other.gm.key }), 404, 'NOT_FOUND', { id: table.campaignId });
    });
  });

  describe('POST /v1/tenth-realm/characters/:characterId/trial-roll', () => {
    it('makes a trial roll for a player of their own character, as tenthRealmTrialRoll does', async () => {
      // Players set their own DR here; the GM's call answered over REST is in tenth-realm-authority.e2e-spec.ts.
      const table = await createTable(env.arbiter.url, 'tenth-realm', { playersSetDifficulty: true });
      const [ada, bo] = table.players;
      const created = await ada.client.data(TR.create, { input: { campaignId: table.campaignId, name: 'Sigrun' } });
      const sigrun: string = created.tenthRealmCreateCharacter.character.id;
      await ada.client.data(TR.vanori, { input: { characterId: sigrun, vanori: 'BEAR' } });
      await ada.client.data(TR.finish, { input: { characterId: sigrun, weaponName: 'Spear' } });

      const path = `/v1/tenth-realm/characters/${sigrun}/trial-roll`;
      const roll = await call('POST', path, { key: ada.client.key, body: { attribute: 'STRENGTH', dr: 9 } });
      expect(roll.status).toBe(200);
      expect(roll.body).toEqual({
        characterId: sigrun,
        d20: expect.any(Number),
        attributeModifier: expect.any(Number),
        bonus: 0,
        score: roll.body.d20 + roll.body.attributeModifier,
        baseDr: 9,
        effectiveDr: expect.any(Number),
        conjured: 0,
        revealed: expect.any(Array),
        success: expect.any(Boolean),
        natural20: roll.body.d20 === 20,
        natural1: roll.body.d20 === 1,
        turnedTheTable: false,
        cardKept: roll.body.cardKept === null ? null : { code: expect.any(String), color: expect.stringMatching(/^(RED|BLACK)$/) },
        burned: [],
        xpMarked: expect.any(Number),
        consequenceDue: expect.any(Boolean),
        blessingDue: expect.any(Boolean),
        eventSeq: expect.any(Number),
      });
      const { events } = await table.gm.data(EVENTS, { c: table.campaignId, after: roll.body.eventSeq - 1 });
      expect(events[0]).toMatchObject({ seq: roll.body.eventSeq, actorRole: 'PLAYER' });

      expectError(await call('POST', path, { key: bo.client.key, body: { attribute: 'STRENGTH' } }), 403, 'FORBIDDEN');
      expectError(await call('POST', path, { key: ada.client.key, body: { attribute: 'LUCK' } }), 400, 'BAD_USER_INPUT', { field: 'attribute' });
      expectError(
        await call('POST', path, { key: ada.client.key, body: { attribute: 'HEART', burns: [{ characterId: sigrun, cardId: 'ZZ', effect: 'CALL_THE_GODS' }] } }),
        422,
        'RULE_VIOLATION',
        { reason: expect.any(String) },
      );
      expectError(await call('POST', `/v1/tenth-realm/characters/${ada.characterId}/trial-roll`, { key: ada.client.key, body: { attribute: 'HEART' } }), 422, 'RULE_VIOLATION', {
        reason: 'UNKNOWN_CHARACTER',
      });
    });
  });

  describe('POST /v1/enchanted-realms/campaigns/:campaignId/draw', () => {
    it('makes the Draw the Lead Player called for, answering only what enchantedRealmsDraw shows; a player\'s own Challenge Number is refused', async () => {
      const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
      const [ada] = table.players;
      const { campaign } = await table.gm.data(`query ($id: ID!) { campaign(id: $id) { enchantedRealms { leadHand { id } } } }`, { id: table.campaignId });
      const wanted = ['hero-fighter-1', 'creature-orc-1'].filter((id) => campaign.enchantedRealms.leadHand.some((card: { id: string }) => card.id === id));
      if (wanted.length > 0) {
        await table.gm.data(`mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`, { input: { deckId: table.deckId, cardIds: wanted, to: 'DRAW_PILE_BOTTOM', override: true } });
      }
      const created = await ada.client.data(
        `mutation ($input: EnchantedRealmsCreateCharacterInput!) { enchantedRealmsCreateCharacter(input: $input) { character { id } } }`,
        { input: { campaignId: table.campaignId, name: 'Grak', heroCardId: 'hero-fighter-1', creatureCardId: 'creature-orc-1' } },
      );
      const grak: string = created.enchantedRealmsCreateCharacter.character.id;

      // Its odds first, read only: the same checks, no event written.
      const { lastEventSeq: beforeOdds } = await env.db.eventSeqs(table.campaignId);
      const oddsPath = `/v1/enchanted-realms/campaigns/${table.campaignId}/draw-odds?actorId=${grak}&action=DEFEND&challengeNumber=8`;
      const odds = await call('GET', oddsPath, { key: ada.client.key });
      expect(odds.status).toBe(200);
      expect(odds.body).toMatchObject({ challengeNumber: 8, counterModifiers: null, expectedDamage: 0 });
      expect(odds.body.win).toBeGreaterThanOrEqual(0);
      expect(odds.body.win).toBeLessThanOrEqual(1);
      expect(odds.body.modifier).toBe(odds.body.modifiers.reduce((sum: number, modifier: { value: number }) => sum + modifier.value, 0));
      expectError(await call('GET', oddsPath, { key: table.players[1].client.key }), 403, 'FORBIDDEN');
      expectError(await call('GET', `/v1/enchanted-realms/campaigns/${table.campaignId}/draw-odds?actorId=${grak}&action=DEFEND`, { key: ada.client.key }), 400, 'BAD_USER_INPUT', { field: 'opponent' });
      expect((await env.db.eventSeqs(table.campaignId)).lastEventSeq).toBe(beforeOdds);

      const path = `/v1/enchanted-realms/campaigns/${table.campaignId}/draw`;
      expectError(await call('POST', path, { key: ada.client.key, body: { actorId: grak, action: 'DEFEND', challengeNumber: 8 } }), 403, 'FORBIDDEN');
      const called = await table.gm.data(
        `mutation ($input: EnchantedRealmsCallDrawInput!) { enchantedRealmsCallDraw(input: $input) { eventSeq } }`,
        { input: { campaignId: table.campaignId, actorId: grak, action: 'DEFEND', challengeNumber: 8 } },
      );
      const callSeq: number = called.enchantedRealmsCallDraw.eventSeq;
      expectError(await call('POST', path, { key: table.players[1].client.key, body: { actorId: grak, callSeq } }), 403, 'FORBIDDEN');
      const draw = await call('POST', path, { key: ada.client.key, body: { actorId: grak, callSeq } });
      expect(draw.status).toBe(200);
      expect(Object.keys(draw.body).sort()).toEqual(
        ['callSeq', 'challengeNumber', 'counterDraw', 'damage', 'defeated', 'draw', 'eventSeq', 'foesLeft', 'margin', 'overcome', 'reshuffled', 'success', 'targetHealth', 'winnerId'].sort(),
      );
      expect(draw.body).toMatchObject({ callSeq, overcome: draw.body.success ? { force: 8, from: 'CHALLENGE_NUMBER', cardId: null } : null });
      expect(draw.body).toMatchObject({ challengeNumber: 8, counterDraw: null, damage: 0, success: draw.body.draw.adjusted >= 8 });
      expect(draw.body.draw).toMatchObject({
        characterId: grak,
        action: 'DEFEND',
        card: { id: expect.any(String), deckId: table.deckId },
        modifierTotal: draw.body.draw.modifiers.reduce((sum: number, modifier: { value: number }) => sum + modifier.value, 0),
      });
      expect(draw.body.draw.adjusted).toBe(draw.body.draw.force + draw.body.draw.modifierTotal);

      expectError(await call('POST', path, { key: ada.client.key, body: { actorId: grak, action: 'DEFEND' } }), 400, 'BAD_USER_INPUT', { field: 'opponent' });
      expectError(await call('POST', path, { key: ada.client.key, body: { actorId: grak, callSeq } }), 422, 'RULE_VIOLATION', { reason: 'NO_SUCH_CALL' });

      // The Adventure Deck is Enchanted Realms' own: the generic draw is the GM's override, and the log says so.
      const deckPath = `/v1/decks/${table.deckId}/draw`;
      expectError(await call('POST', deckPath, { key: ada.client.key, body: { count: 1, characterId: grak } }), 403, 'FORBIDDEN');
      expectError(await call('POST', deckPath, { key: table.gm.key, body: { count: 1, to: 'DISCARD' } }), 422, 'RULE_VIOLATION', { reason: 'OWNED_DECK' });
      const overridden = await call('POST', deckPath, { key: table.gm.key, body: { count: 1, to: 'DISCARD', override: true } });
      expect(overridden.status).toBe(200);
      const logged = await call('GET', `/v1/campaigns/${table.campaignId}/events?afterSeq=${overridden.body.eventSeq - 1}`, { key: ada.client.key });
      expect(logged.body.events[0]).toMatchObject({ type: 'cards.drawn', payload: { override: true } });
    });
  });

  describe('POST /v1/ytterdorren/…', () => {
    const YT = {
      create: `mutation ($input: YtterdorrenCreateCharacterInput!) { ytterdorrenCreateCharacter(input: $input) { character { id } } }`,
      encounter: `mutation ($input: YtterdorrenStartEncounterInput!) { ytterdorrenStartEncounter(input: $input) { encounter { id foes { id powers } } } }`,
      skirmish: `query ($id: ID!) { skirmish(id: $id) { id status round counter loot { characterId coins } } }`,
    };

    it('plays a skirmish round and a foe attack, answering what the Ytterdörren mutations show', async () => {
      const table = await createTable(env.arbiter.url, 'ytterdorren');
      const [ada, bo] = table.players;
      const hero = async (memberId: string) =>
        (await table.gm.data(YT.create, { input: { campaignId: table.campaignId, name: 'Hero', memberId, vita: 6, defense: 50, might: 10 } })).ytterdorrenCreateCharacter.character.id as string;
      const sigrun = await hero(ada.memberId);

      const start = `/v1/ytterdorren/campaigns/${table.campaignId}/skirmishes`;
      expectError(await call('POST', start, { key: ada.client.key, body: { characterIds: [sigrun], creatureIds: ['grave-wolf'] } }), 403, 'FORBIDDEN');
      expectError(await call('POST', start, { key: table.gm.key, body: { characterIds: [sigrun], creatureIds: [] } }), 400, 'BAD_USER_INPUT', { field: 'creatureIds' });
      const started = await call('POST', start, { key: table.gm.key, body: { characterIds: [sigrun], creatureIds: ['grave-wolf'] } });
      expect(started.status).toBe(200);
      expect(Object.keys(started.body).sort()).toEqual(['eventSeq', 'skirmish']);
      const skirmishId: string = started.body.skirmish.id;
      expect(started.body.skirmish).toEqual({
        id: skirmishId,
        status: 'ONGOING',
        round: 1,
        counter: started.body.skirmish.strength[0].total,
        startingCounter: started.body.skirmish.strength[0].total,
        strength: [{ creatureId: 'grave-wolf', expression: '1d6', dice: [started.body.skirmish.strength[0].total], total: started.body.skirmish.strength[0].total }],
        characterIds: [sigrun],
        creatureIds: ['grave-wolf'],
        stances: [],
        waitingFor: [sigrun],
        defeatedCharacterIds: [],
        loot: null,
      });

      const stance = `/v1/ytterdorren/skirmishes/${skirmishId}/stance`;
      expectError(await call('POST', stance, { key: bo.client.key, body: { characterId: sigrun, stance: 'ATTACK' } }), 403, 'FORBIDDEN');
      expectError(await call('POST', stance, { key: ada.client.key, body: { characterId: sigrun, stance: 'DODGE' } }), 400, 'BAD_USER_INPUT', { field: 'stance' });
      const chosen = await call('POST', stance, { key: ada.client.key, body: { characterId: sigrun, stance: 'DEFEND' } });
      expect(chosen.body).toEqual({ round: 1, stance: 'DEFEND', targetCreatureId: 'grave-wolf', waitingFor: [], eventSeq: started.body.eventSeq + 1 });

      // The skirmish's odds, for any member: read only.
      const odds = await call('GET', `/v1/ytterdorren/skirmishes/${skirmishId}/odds`, { key: bo.client.key });
      expect(odds.status).toBe(200);
      expect(odds.body).toMatchObject({ skirmishId, status: 'ONGOING', round: 1, characters: [{ characterId: sigrun, chosenStance: 'DEFEND', assumed: { stance: 'DEFEND' } }] });
      expect(odds.body.outcome.victory + odds.body.outcome.defeat + odds.body.outcome.unending).toBeCloseTo(1, 9);
      expectError(await call('GET', `/v1/ytterdorren/skirmishes/not-a-uuid/odds`, { key: bo.client.key }), 400, 'BAD_USER_INPUT', { field: 'skirmishId' });

      const resolve = `/v1/ytterdorren/skirmishes/${skirmishId}/resolve-round`;
      expectError(await call('POST', resolve, { key: ada.client.key }), 403, 'FORBIDDEN');
      const round = await call('POST', resolve, { key: table.gm.key });
      expect(round.status).toBe(200);
      expect(Object.keys(round.body).sort()).toEqual(['characterAttacks', 'counterAfter', 'counterBefore', 'creatureAttacks', 'eventSeq', 'hits', 'loot', 'round', 'skirmish', 'status']);
      expect(round.body.creatureAttacks).toHaveLength(1);
      expect(round.body.creatureAttacks[0]).toMatchObject({ creatureId: 'grave-wolf', characterId: sigrun, modifier: 0, defense: 60 });
      expect(round.body.characterAttacks).toEqual([expect.objectContaining({ characterId: sigrun, stance: 'DEFEND', might: 10, stanceModifier: -10, defense: 40 })]);
      const read = (await table.gm.data(YT.skirmish, { id: skirmishId })).skirmish;
      expect(round.body.skirmish).toMatchObject({ status: read.status, round: read.round, counter: read.counter });
      expect(round.body.counterAfter).toBe(Math.max(0, round.body.counterBefore - round.body.hits));
      expectError(await call('POST', `/v1/ytterdorren/skirmishes/not-a-uuid/resolve-round`, { key: table.gm.key }), 400, 'BAD_USER_INPUT', { field: 'skirmishId' });

      const { encounter } = (
        await table.gm.data(YT.encounter, { input: { campaignId: table.campaignId, characterIds: [await hero(bo.memberId)], foes: [{ creatureId: 'grave-wolf', difficulty: 'NORMAL' }] } })
      ).ytterdorrenStartEncounter;
      const bosHero = (await table.gm.data(`query ($id: ID!) { ytterdorrenEncounter(id: $id) { characterIds } }`, { id: encounter.id })).ytterdorrenEncounter.characterIds[0];
      const foeAttack = `/v1/ytterdorren/encounters/${encounter.id}/foe-attack`;
      expectError(await call('POST', foeAttack, { key: bo.client.key, body: { foeId: 'f1', targetCharacterId: bosHero } }), 403, 'FORBIDDEN');
      const attack = await call('POST', foeAttack, { key: table.gm.key, body: { foeId: 'f1', targetCharacterId: bosHero } });
      expect(attack.body).toEqual({
        foeId: 'f1',
        targetCharacterId: bosHero,
        black: expect.any(Number),
        white: expect.any(Number),
        d100: attack.body.black + attack.body.white === 0 ? 100 : attack.body.black + attack.body.white,
        might: 5,
        total: attack.body.d100 + 5,
        defense: 50,
        hit: attack.body.d100 + 5 >= 50,
        power: encounter.foes[0].powers[attack.body.white],
        eventSeq: expect.any(Number),
      });
      const characterAttack = `/v1/ytterdorren/encounters/${encounter.id}/character-attack`;
      expectError(await call('POST', characterAttack, { key: ada.client.key, body: { characterId: bosHero, foeId: 'f1' } }), 403, 'FORBIDDEN');
      const swing = await call('POST', characterAttack, { key: bo.client.key, body: { characterId: bosHero, foeId: 'f1' } });
      expect(swing.body).toMatchObject({ characterId: bosHero, foeId: 'f1', might: 10, total: swing.body.d100 + 10, defense: 40, hit: swing.body.d100 + 10 >= 40 });
      expectError(await call('POST', characterAttack, { key: bo.client.key, body: { characterId: bosHero, foeId: 'f9' } }), 422, 'RULE_VIOLATION', { reason: 'UNKNOWN_FOE' });
    });
  });

  describe('POST /v1/enchanted-realms-d20/…', () => {
    const CREATE = `mutation ($input: EnchantedRealmsD20CreateCombatantInput!) { enchantedRealmsD20CreateCombatant(input: $input) { combatant { id } } }`;

    it('attacks, checks and moves the combat tracker on, answering what the mutations show', async () => {
      const table = await createTable(env.arbiter.url, 'enchanted-realms-d20');
      const [ada, bo] = table.players;
      const create = async (client: Client, input: Record<string, unknown>) => (await client.data(CREATE, { input: { campaignId: table.campaignId, ...input } })).enchantedRealmsD20CreateCombatant.combatant.id as string;
      const ana = await create(ada.client, { characterId: ada.characterId, name: 'Ana', defense: 12, armorWorn: false, skills: ['MELEE_TRAINING', 'STYLE_SLASHING'] });
      const orc = await create(table.gm, { name: 'Orc', defense: 13, armorWorn: true, skills: ['MELEE_TRAINING'], immunities: ['FEAR'] });

      // The attack's odds first: read only, the same pool and Defense.
      const oddsPath = `/v1/enchanted-realms-d20/combatants/${ana}/attack-odds?targetId=${orc}&kind=MELEE&skills=MELEE_TRAINING&skills=STYLE_SLASHING`;
      const odds = await call('GET', oddsPath, { key: ada.client.key });
      expect(odds.status).toBe(200);
      expect(odds.body).toMatchObject({ poolSize: 2, untrainedRoll: false, canCrit: true });
      expect(odds.body.hits.reduce((sum: number, p: number) => sum + p, 0) + odds.body.beyondDepth).toBeCloseTo(1, 12);
      expectError(await call('GET', `${oddsPath}&advantage=true`, { key: ada.client.key }), 403, 'FORBIDDEN');
      expectError(await call('GET', oddsPath, { key: bo.client.key }), 403, 'FORBIDDEN');

      const attack = await call('POST', `/v1/enchanted-realms-d20/combatants/${ana}/attack`, { key: ada.client.key, body: { targetId: orc, kind: 'MELEE', skills: ['MELEE_TRAINING', 'STYLE_SLASHING'] } });
      expect(attack.status).toBe(200);
      expect(Object.keys(attack.body).sort()).toEqual(['attackerId', 'crits', 'damage', 'dice', 'eventSeq', 'hits', 'poolSize', 'target'].sort());
      expect(attack.body).toMatchObject({ attackerId: ana, poolSize: 2, target: { id: orc, name: 'Orc', immunities: ['FEAR'], defense: 13 } });
      // A crit of this very attack may have set an armor effect: −2 Defense each.
      const armorEffects = attack.body.target.conditions.filter((condition: { name: string }) => ['GARB_ISSUE', 'WARDROBE_MALFUNCTION'].includes(condition.name));
      expect(attack.body.target.currentDefense).toBe(13 - 2 * armorEffects.length);
      expect(attack.body.dice.length).toBeGreaterThanOrEqual(2);
      expect(attack.body.hits).toBe(attack.body.dice.filter((die: { hit: boolean }) => die.hit).length);
      expect(attack.body.target.damageTaken).toBe(attack.body.damage);
      const { events } = await table.gm.data(EVENTS, { c: table.campaignId, after: attack.body.eventSeq - 1 });
      expect(events[0]).toMatchObject({ seq: attack.body.eventSeq, type: 'enchanted-realms-d20.attack', actorRole: 'PLAYER' });
      expectError(await call('POST', `/v1/enchanted-realms-d20/combatants/${ana}/attack`, { key: bo.client.key, body: { targetId: orc, kind: 'MELEE', skills: [] } }), 403, 'FORBIDDEN');
      expectError(await call('POST', `/v1/enchanted-realms-d20/combatants/${ana}/attack`, { key: ada.client.key, body: { targetId: orc, kind: 'THROWN', skills: [] } }), 400, 'BAD_USER_INPUT', { field: 'kind' });
      expectError(await call('POST', `/v1/enchanted-realms-d20/combatants/${ana}/attack`, { key: ada.client.key, body: { targetId: orc, kind: 'RANGED', skills: [] } }), 422, 'RULE_VIOLATION', { reason: 'EMPTY_POOL' });

      // A player's check is the one the GM called.
      const checkPath = `/v1/enchanted-realms-d20/combatants/${ana}/check`;
      const awareness = { kind: 'AWARENESS', dice: 1, modifier: 0, targetValue: 12 };
      expectError(await call('POST', checkPath, { key: ada.client.key, body: awareness }), 403, 'FORBIDDEN');
      await table.gm.data(`mutation ($input: EnchantedRealmsD20CallCheckInput!) { enchantedRealmsD20CallCheck(input: $input) { eventSeq } }`, { input: { combatantId: ana, kind: 'AWARENESS', targetValue: 12 } });
      const check = await call('POST', checkPath, { key: ada.client.key, body: awareness });
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({ combatantId: ana, kind: 'AWARENESS', targetValue: 12, answeredCall: true, successes: check.body.success ? 1 : 0 });
      expect(check.body.rolled).toEqual([expect.objectContaining({ value: expect.any(Number), quiteDistracted: check.body.rolled[0].value === 1 })]);

      const started = await table.gm.data(`mutation ($input: EnchantedRealmsD20StartCombatInput!) { enchantedRealmsD20StartCombat(input: $input) { combat { id } } }`, {
        input: { campaignId: table.campaignId, combatantIds: [ana, orc] },
      });
      const encounterId = started.enchantedRealmsD20StartCombat.combat.id;
      expectError(await call('POST', `/v1/enchanted-realms-d20/combats/${encounterId}/next-turn`, { key: ada.client.key }), 403, 'FORBIDDEN');
      const next = await call('POST', `/v1/enchanted-realms-d20/combats/${encounterId}/next-turn`, { key: table.gm.key });
      expect(next.status).toBe(200);
      expect(next.body).toMatchObject({ encounterId, endedTurnOf: ana, started: { combatantId: orc, round: 1 } });
      // Only an Off Balance Ana's crit set can end with Ana's turn (it lasts through her next turn).
      expect(next.body.expired.every((ended: { condition: string }) => ended.condition === 'OFF_BALANCE')).toBe(true);
      expect(next.body.combatants.map((combatant: { id: string }) => combatant.id)).toEqual([ana, orc]);
      expectError(await call('POST', '/v1/enchanted-realms-d20/combats/not-a-uuid/next-turn', { key: table.gm.key }), 400, 'BAD_USER_INPUT', { field: 'encounterId' });
    });
  });

  describe('the OpenAPI document', () => {
    it('lists every /v1 route, generated from the code, and nothing else', async () => {
      const response = await call('GET', '/v1/openapi.json');
      expect(response.status).toBe(200);
      const document = response.body;
      expect(document.openapi).toMatch(/^3\./);
      const routes = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(routes.sort()).toEqual(
        [
          'POST /v1/campaigns/{campaignId}/dice',
          'GET /v1/campaigns/{campaignId}/events',
          'GET /v1/odds/roll',
          'POST /v1/decks/{deckId}/draw',
          'POST /v1/tenth-realm/characters/{characterId}/trial-roll',
          'GET /v1/tenth-realm/characters/{characterId}/trial-odds',
          'POST /v1/enchanted-realms/campaigns/{campaignId}/draw',
          'GET /v1/enchanted-realms/campaigns/{campaignId}/draw-odds',
          'POST /v1/ytterdorren/campaigns/{campaignId}/skirmishes',
          'POST /v1/ytterdorren/skirmishes/{skirmishId}/stance',
          'POST /v1/ytterdorren/skirmishes/{skirmishId}/resolve-round',
          'GET /v1/ytterdorren/skirmishes/{skirmishId}/odds',
          'POST /v1/ytterdorren/encounters/{encounterId}/foe-attack',
          'POST /v1/ytterdorren/encounters/{encounterId}/character-attack',
          'POST /v1/yummell/characters/{characterId}/move',
          'POST /v1/yummell/characters/{characterId}/resolve-challenge',
          'GET /v1/yummell/characters/{characterId}/challenge-odds',
          'POST /v1/yummell/characters/{characterId}/rest',
          'POST /v1/yummell/characters/{characterId}/end-turn',
          'POST /v1/enchanted-realms-d20/combatants/{attackerId}/attack',
          'GET /v1/enchanted-realms-d20/combatants/{attackerId}/attack-odds',
          'POST /v1/enchanted-realms-d20/combatants/{combatantId}/check',
          'POST /v1/enchanted-realms-d20/combats/{encounterId}/next-turn',
        ].sort(),
      );
      const dice = document.paths['/v1/campaigns/{campaignId}/dice'].post;
      expect(dice.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)).toEqual(
        expect.arrayContaining(['path:campaignId', 'header:Idempotency-Key']),
      );
      expect(dice.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RollDiceBody' });
      expect(Object.keys(dice.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '422', '429']);
      expect(document.components.schemas.RollDiceBody.required).toEqual(['expression']);
      expect(document.components.schemas.DrawCardsBody.properties.to).toMatchObject({ default: 'HAND' });
      expect(document.components.schemas.DeckDto.properties).not.toHaveProperty('drawPile');
      expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    });

    it('has a docs page served by Arbiter itself, with no script from elsewhere', async () => {
      const page = await call('GET', '/v1/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.every((source) => !/^(https?:)?\/\//.test(source))).toBe(true);
      const bundle = await call('GET', '/v1/docs/swagger-ui-bundle.js');
      expect(bundle.status).toBe(200);
      const init = await call('GET', '/v1/docs/swagger-ui-init.js');
      expect(init.text).toContain('/v1/campaigns/{campaignId}/dice');
    });
  });

  describe('with a rate limit', () => {
    let limited: RunningArbiter;
    beforeAll(async () => {
      limited = await startTestArbiter({ ARBITER_RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('counts each call as one operation of its key, and answers RATE_LIMITED with Retry-After', async () => {
      const admin = new Client(limited.url, limited.adminKey);
      const created = await admin.data(`mutation { createCampaign(input: { name: "Limited", ruleset: "tenth-realm" }) { campaign { id } gmKey } }`);
      const { id } = created.createCampaign.campaign;
      const gmKey: string = created.createCampaign.gmKey;
      const roll = () => rest(limited.url, 'POST', `/v1/campaigns/${id}/dice`, { key: gmKey, body: { expression: 'd6' } });
      for (const _ of [1, 2, 3]) expect((await roll()).status).toBe(200);
      const refused = await roll();
      expectError(refused, 429, 'RATE_LIMITED', { retryAfterSeconds: expect.any(Number) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
