import type { GraphQLSchema } from 'graphql';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { TEST_ADMIN_KEY, startTestArbiter } from '../helpers/arbiter.js';
import { DbChecks } from '../helpers/db-checks.js';
import { HiddenInformation, seedsIn, stringsOf } from './support/hidden-information.js';
import { REQUESTS } from './support/requests.js';
import { REST_TWINS, callRest, restRequest, servedRoutes } from './support/rest-routes.js';
import { deepSelections, fullSelection, introspectSchema, operationDocument, rootOperations, type RootOperation } from './support/schema-operations.js';
import { subscribe } from './support/subscriptions.js';
import { ROLES, World, type ArbiterClient, type Exchange, type Table } from './support/world.js';

/**
 * Everything the process writes to stdout and stderr while the canary runs: the server's pino
 * logger writes to process.stdout when its `write` has been replaced (pino's own rule), and Nest's
 * console logger writes there too. JSON lines are kept (and not shown); other output passes.
 */
class OutputCapture {
  readonly lines: string[] = [];
  private readonly restore: Array<() => void> = [];

  start(): void {
    for (const stream of [process.stdout, process.stderr]) {
      const original = stream.write;
      stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
        if (!text.trimStart().startsWith('{')) return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
        this.lines.push(...text.split('\n').filter((line) => line.trim() !== ''));
        const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        if (callback) process.nextTick(callback);
        return true;
      }) as typeof stream.write;
      this.restore.push(() => {
        stream.write = original;
      });
    }
  }

  stop(): void {
    for (const undo of this.restore.splice(0)) undo();
  }
}

const CANARY_CARDS = 40;
const CANARY_DEAL = 4;

/** A canary deck of its own for each campaign: ids and names found nowhere else in the database. */
function canaryCards(tag: string, ruleset: string) {
  return Array.from({ length: CANARY_CARDS }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    const card = { id: `CANARY-${tag}-${n}`, code: `CANARY-${tag}-${n}`, name: `CanaryName-${tag}-${n}` };
    // An Enchanted Realms campaign checks a new deck's cards as its Adventure Deck's.
    return ruleset === 'enchanted-realms-cards' ? { ...card, type: 'ITEM', attributes: { force: 1 } } : { ...card, type: 'CANARY' };
  });
}

/** A custom Adventure Deck for Enchanted Realms, so that the Lead Player's hand holds canary cards too. */
function canaryAdventureDeck() {
  const lines: Array<[type: string, count: number, attributes: Record<string, number>]> = [
    ['HERO', 16, { force: 5, STR: 2, AGL: 2, PRE: 1, COMBAT: 1 }],
    ['CREATURE', 16, { force: 3, STR: 1, AGL: 1, HEALTH: 10 }],
    ['ITEM', 40, { force: 2, WEAPON: 1 }],
    ['ENHANCEMENT', 6, { force: 4 }],
    ['WORLD', 6, { force: 2 }],
    ['SUPPORT', 4, { force: 3 }],
    ['QUEST', 4, { force: 6 }],
  ];
  return lines.flatMap(([type, count, attributes]) =>
    Array.from({ length: count }, (_, i) => {
      const id = `CANARY-er-${type.toLowerCase()}-${String(i + 1).padStart(2, '0')}`;
      return { id, code: id, name: `CanaryName-er-${type.toLowerCase()}-${String(i + 1).padStart(2, '0')}`, type, attributes };
    }),
  );
}

/**
 * A Yummell encounter deck of canary cards: Creatures, Artefacts and Events with values 1–8. Its
 * deck list is public (`yummell.race.set-up` lists it), so its ids mark no hand; they serve the
 * draw pile checks, and the Canary deck dealt to the racers marks their hands.
 */
function canaryYummellDeck() {
  const card = (kind: string, i: number) => {
    const id = `CANARY-ym-${kind}-${String(i + 1).padStart(2, '0')}`;
    return { id, name: `CanaryName-ym-${kind}-${String(i + 1).padStart(2, '0')}`, value: (i % 8) + 1 };
  };
  return [
    ...Array.from({ length: 24 }, (_, i) => ({ ...card('creature', i), type: 'CREATURE', characteristic: ['STRENGTH', 'CHARM', 'AGILITY', 'MAGIC'][i % 4], number: 6 + (i % 5) })),
    ...Array.from({ length: 12 }, (_, i) => ({ ...card('artefact', i), type: 'ARTEFACT', effect: { kind: 'CHALLENGE_BONUS', characteristic: 'ANY', amount: 1 } })),
    ...Array.from({ length: 24 }, (_, i) => ({ ...card('event', i), type: 'EVENT', arrow: i % 2 === 0, condition: null, effect: { kind: i % 3 === 0 ? 'BACKTRACK' : 'ADVANCE' } })),
  ];
}

/** A refusal for the server's depth or cost limits: the canary's selections must stay within them to read anything. */
const overLimit = (text: string) => /GRAPHQL_VALIDATION_FAILED/.test(text) && /cost|depth|limit|exceed/i.test(text);

describe('the canary: no response, event, error or log line shows what its reader must not see', () => {
  const output = new OutputCapture();
  let arbiter: RunningArbiter;
  let db: DbChecks;
  let world: World;
  let schema: GraphQLSchema;
  let operations: RootOperation[];
  let hidden: HiddenInformation;
  const worldCampaigns: string[] = [];
  /** Checks every exchange of every client of the world (setup included), after reading the database anew when it may have changed. */
  const record = async (exchange: Exchange) => {
    if (/^\s*mutation/.test(exchange.query)) await hidden.refresh();
    hidden.check(exchange.viewer, exchange.text, `${exchange.query.replace(/\s+/g, ' ').slice(0, 120)}`, stringsOf(exchange.variables));
  };
  const deals = new Map<string, { ada: string[]; bo: string[]; npc: string[] }>();

  beforeAll(async () => {
    output.start();
    arbiter = await startTestArbiter({ LOG_LEVEL: 'debug', ARBITER_RATE_LIMIT_PER_MINUTE: '0' });
    db = new DbChecks();
    hidden = new HiddenInformation(db, () => worldCampaigns);
    schema = await introspectSchema(arbiter.url, TEST_ADMIN_KEY);
    operations = rootOperations(schema);
    world = await World.prepare(arbiter.url, db, {
      label: 'Canary',
      recorder: record,
      settings: (ruleset) => (ruleset === 'enchanted-realms-cards' ? { cards: canaryAdventureDeck() } : ruleset === 'yummell' ? { cards: canaryYummellDeck() } : undefined),
    });
    worldCampaigns.push(...world.tables.map((table) => table.campaignId), world.elsewhere.campaignId);
    await hidden.refresh();

    // Each campaign gets a canary deck; every hand of it is dealt from it.
    for (const [index, table] of [...world.tables, world.elsewhere].entries()) {
      const gm = table.gm.client;
      const { createDeck } = await gm.data(`mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id } }`, {
        input: { campaignId: table.campaignId, name: 'Canary', cards: canaryCards(`t${index}`, table.ruleset) },
      });
      const holders = {
        ada: [table.adaCharacterId, table.tenthRealm?.adaCharacterId, table.enchantedRealms?.adaCharacterId, table.yummell?.adaCharacterId],
        bo: [table.boCharacterId, table.tenthRealm?.boCharacterId, table.enchantedRealms?.boCharacterId, table.yummell?.boCharacterId],
        npc: [table.npcCharacterId, table.enchantedRealms?.npcCharacterId],
      };
      const dealt = { ada: [] as string[], bo: [] as string[], npc: [] as string[] };
      for (const [who, characterIds] of Object.entries(holders) as Array<[keyof typeof holders, Array<string | undefined>]>) {
        for (const characterId of characterIds.filter((id): id is string => id !== undefined)) {
          const { drawCards } = await gm.data(`mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } } }`, {
            input: { deckId: createDeck.id, count: CANARY_DEAL, to: 'HAND', characterId },
          });
          dealt[who].push(...drawCards.cards.map((card: { id: string }) => card.id));
        }
      }
      deals.set(table.campaignId, dealt);
    }
    await hidden.refresh();
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    await arbiter?.close();
    output.stop();
  });

  /** Reads every query of the schema as every role, in every campaign, selecting every field. */
  async function readEverything(): Promise<number> {
    let requests = 0;
    for (const operation of operations.filter((candidate) => candidate.kind === 'query')) {
      const request = REQUESTS[operation.name];
      if (!request) throw new Error(`${operation.name} has no request in support/requests.ts`);
      const tables = request.scope === 'every' ? world.tables : [world.table(request.scope)];
      for (const table of tables) {
        for (const role of ROLES) {
          const variables = await request.variables({ world, table, role });
          for (const selection of deepSelections(operation.field.type, 5)) {
            requests++;
            const response = await world.client(table, role).request(operationDocument(operation, variables, selection), variables);
            if (overLimit(response.text)) throw new Error(`${operation.name}: the canary's selection is over the server's limits: ${response.text}`);
          }
        }
      }
    }
    return requests;
  }

  /** Follows every campaign's log over graphql-ws as every role, to its current end. */
  async function followEverything(): Promise<number> {
    let messages = 0;
    for (const operation of operations.filter((candidate) => candidate.kind === 'subscription')) {
      for (const table of world.tables) {
        const [{ last_event_seq: last }] = await db.query('SELECT last_event_seq FROM campaigns WHERE id = $1', [table.campaignId]);
        for (const role of ROLES) {
          const client = world.client(table, role);
          const variables = await REQUESTS[operation.name].variables({ world, table, role });
          const [selection] = deepSelections(operation.field.type, 4);
          const run = await subscribe(arbiter.url, client.key, operationDocument(operation, variables, selection), variables, {
            enough: (data) => data.some((item) => item?.[operation.name]?.seq >= last),
          });
          for (const message of run.messages) hidden.check(client.viewer, message, `subscription ${operation.name}`, stringsOf(variables));
          messages += run.messages.length;
        }
      }
    }
    return messages;
  }

  it('sees what it looks for: a hidden card, three draw pile cards in a row, a seed', async () => {
    const detector = new HiddenInformation(db, () => worldCampaigns);
    await detector.refresh();
    const table = world.tables[0];
    const ada = table.ada.client.viewer;
    const [deck] = await db.query(`SELECT draw_pile FROM decks WHERE campaign_id = $1 AND name = 'Canary'`, [table.campaignId]);
    const [{ seed }] = await db.query(`SELECT encode(rng_seed, 'hex') AS seed FROM campaigns WHERE id = $1`, [table.campaignId]);
    const { ada: adas, bo: bos } = deals.get(table.campaignId)!;
    const cases: Array<[string, string, Set<string>, number]> = [
      ["Bo's card", JSON.stringify({ data: { card: { id: bos[0] } } }), new Set(), 1],
      ["Bo's card named in Ada's own request", JSON.stringify({ errors: [{ message: `card '${bos[0]}' is not in your hand` }] }), new Set([bos[0]]), 0],
      ["Ada's own card", JSON.stringify({ data: { hand: [{ id: adas[0] }] } }), new Set(), 0],
      ['three draw pile cards in a row', JSON.stringify({ data: { cards: deck.draw_pile.slice(5, 8).map((id: string) => ({ id })) } }), new Set(), 1],
      ['the seed', JSON.stringify({ extensions: { debug: seed } }), new Set(), 1],
      ['the seed in base64', Buffer.from(seed, 'hex').toString('base64'), new Set(), 1],
    ];
    for (const [what, text, sent, expected] of cases) {
      const before = detector.findings.length;
      detector.check(ada, text, what, sent);
      expect({ what, found: detector.findings.length - before }).toEqual({ what, found: expected });
    }
    expect(detector.scanned.sightings.size).toBe(1);
  });

  it('keeps hands, draw piles and seeds hidden in every query, event and subscription, for every role', async () => {
    const requests = await readEverything();
    const messages = await followEverything();
    console.log(
      `canary, reads: ${requests} query requests and ${messages} subscription messages; ${hidden.scanned.texts} texts, ` +
        `${(hidden.scanned.bytes / 1e6).toFixed(1)} MB scanned; ${hidden.scanned.markersChecked} hidden-card checks; ` +
        `canary cards seen where allowed: ${[...hidden.scanned.sightings.values()].reduce((a, b) => a + b, 0)}`,
    );
    expectNothingSeen(hidden);
    // The markers are findable: the GM and the players saw the canary cards they may see.
    const gmViews = [...hidden.scanned.sightings].filter(([who]) => who.startsWith('GM')).length;
    const playerViews = [...hidden.scanned.sightings].filter(([who]) => who.startsWith('PLAYER')).length;
    expect(gmViews).toBeGreaterThan(0);
    expect(playerViews).toBeGreaterThan(0);
  }, 600_000);

  it("answers a player's probes of another's cards exactly as it answers probes of the draw pile", async () => {
    await hidden.refresh();
    const comparisons: string[] = [];
    const differences: string[] = [];
    const normalised = (text: string, cardId: string, name?: string) => {
      const body = JSON.parse(text);
      const withoutId = JSON.stringify(body.errors ?? body.data).split(cardId).join('<card>');
      return name ? withoutId.split(name).join('<name>') : withoutId;
    };
    /** A card of the draw pile of the same type as `like` (types are public: the deck list is). */
    const pileCardLike = async (deckId: string, like: string) => {
      const [deck] = await db.query('SELECT cards, draw_pile FROM decks WHERE id = $1', [deckId]);
      const cards = new Map((deck.cards as Array<{ id: string; type?: string; name?: string }>).map((card) => [card.id, card]));
      const id = (deck.draw_pile as string[]).find((candidate) => cards.get(candidate)?.type === cards.get(like)?.type);
      if (!id) throw new Error(`no card like ${like} left in the draw pile of ${deckId}`);
      return { id, name: cards.get(id)?.name, likeName: cards.get(like)?.name };
    };
    /** The same request with a card in a hidden hand and a card of the same type in the draw pile must be answered alike. */
    const probe = async (label: string, client: ArbiterClient, query: string, input: (cardId: string) => Record<string, unknown>, hiddenCard: string, deckId: string) => {
      const { id: pileCardId, name: pileName, likeName: hiddenName } = await pileCardLike(deckId, hiddenCard);
      const before = await db.query('SELECT id, last_event_seq FROM campaigns WHERE id = ANY($1) ORDER BY id', [worldCampaigns]);
      const a = await client.request(query, { input: input(hiddenCard) });
      const b = await client.request(query, { input: input(pileCardId) });
      comparisons.push(label);
      if (normalised(a.text, hiddenCard, hiddenName) !== normalised(b.text, pileCardId, pileName)) differences.push(`${label}: hidden card → ${a.text} | draw pile card → ${b.text}`);
      expect(a.body.errors).toBeDefined();
      expect(await db.query('SELECT id, last_event_seq FROM campaigns WHERE id = ANY($1) ORDER BY id', [worldCampaigns])).toEqual(before);
    };
    const pileCard = async (deckId: string, type: string) => {
      const [deck] = await db.query('SELECT cards, draw_pile FROM decks WHERE id = $1', [deckId]);
      const types = new Map((deck.cards as Array<{ id: string; type?: string }>).map((card) => [card.id, card.type]));
      const id = (deck.draw_pile as string[]).find((candidate) => types.get(candidate) === type);
      if (!id) throw new Error(`no ${type} card left in the draw pile of ${deckId}`);
      return id;
    };
    const canaryDeck = async (table: Table) => (await db.query(`SELECT id FROM decks WHERE campaign_id = $1 AND name = 'Canary'`, [table.campaignId]))[0].id as string;

    for (const table of world.tables) {
      const ada = table.ada.client;
      const bosCard = deals.get(table.campaignId)!.bo[0];
      const deckId = await canaryDeck(table);
      await probe(`moveCards (${table.ruleset})`, ada, `mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`, (cardId) => ({ deckId, cardIds: [cardId], to: 'DISCARD' }), bosCard, deckId);
      await probe(
        `moveCards into Ada's hand (${table.ruleset})`,
        ada,
        `mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`,
        (cardId) => ({ deckId, cardIds: [cardId], to: 'HAND', characterId: table.adaCharacterId }),
        bosCard,
        deckId,
      );
    }

    const tenth = world.table('tenth-realm');
    const trState = tenth.tenthRealm!;
    const [trDeck] = await db.query('SELECT hands FROM decks WHERE id = $1', [tenth.deckId]);
    const bosTrCard = (trDeck.hands[trState.boCharacterId] as string[])[0];
    await probe(
      'tenthRealmBurnCard',
      tenth.ada.client,
      `mutation ($input: TenthRealmBurnCardInput!) { tenthRealmBurnCard(input: $input) { eventSeq } }`,
      (cardId) => ({ characterId: trState.adaCharacterId, cardId, effect: 'COME_PREPARED', item: 'Rope' }),
      bosTrCard,
      tenth.deckId,
    );
    // A roll answering the GM's call, so that the burn reaches the rule; refused, it leaves the call in place.
    const trCall = await tenth.gm.client.data(`mutation ($input: TenthRealmCallTrialInput!) { tenthRealmCallTrial(input: $input) { call { id } } }`, {
      input: { characterId: trState.adaCharacterId, attribute: 'STRENGTH' },
    });
    await probe(
      'tenthRealmTrialRoll burning a card',
      tenth.ada.client,
      `mutation ($input: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $input) { eventSeq } }`,
      (cardId) => ({ characterId: trState.adaCharacterId, callId: trCall.tenthRealmCallTrial.call.id, burns: [{ characterId: trState.adaCharacterId, cardId, effect: 'CALL_THE_GODS' }] }),
      bosTrCard,
      tenth.deckId,
    );

    const enchanted = world.table('enchanted-realms-cards');
    const erState = enchanted.enchantedRealms!;
    const bosItem = await world.itemInHand(enchanted, erState.boCharacterId);
    const bosHero = await world.cardOfTypeInHand(enchanted, erState.boCharacterId, 'HERO');
    await hidden.refresh();
    const [erDeck] = await db.query('SELECT hands FROM decks WHERE id = $1', [enchanted.deckId]);
    const leadCard = (erDeck.hands.lead as string[])[0];
    for (const [whose, hiddenCard] of [["Bo's", bosItem], ["the Lead Player's", leadCard]] as const) {
      await probe(
        `enchantedRealmsAward of ${whose} card`,
        enchanted.ada.client,
        `mutation ($input: EnchantedRealmsAwardInput!) { enchantedRealmsAward(input: $input) { eventSeq } }`,
        (cardId) => ({ characterId: erState.adaCharacterId, cardId, challengeSeq: 1, acquiredDuringEncounter: true }),
        hiddenCard,
        enchanted.deckId,
      );
      await probe(
        `enchantedRealmsBarter giving ${whose} card`,
        enchanted.ada.client,
        `mutation ($input: EnchantedRealmsBarterInput!) { enchantedRealmsBarter(input: $input) { eventSeq } }`,
        (cardId) => ({ campaignId: enchanted.campaignId, from: erState.adaCharacterId, to: erState.boCharacterId, give: [cardId] }),
        hiddenCard,
        enchanted.deckId,
      );
    }
    // Naming a HERO to take: whether it is in someone's hand must not show before the other checks pass.
    const notACreature = await pileCard(enchanted.deckId, 'ITEM');
    await probe(
      "enchantedRealmsCreateCharacter naming a HERO of Bo's hand",
      enchanted.ada.client,
      `mutation ($input: EnchantedRealmsCreateCharacterInput!) { enchantedRealmsCreateCharacter(input: $input) { eventSeq } }`,
      (cardId) => ({ campaignId: enchanted.campaignId, name: 'Probe', heroCardId: cardId, creatureCardId: notACreature }),
      bosHero,
      enchanted.deckId,
    );
    const [adaTable] = await db.query('SELECT hands FROM decks WHERE id = $1', [enchanted.deckId]);
    const adasCreature = (adaTable.hands[`table:${erState.adaCharacterId}`] as string[])[1];
    await probe(
      "enchantedRealmsCreateCharacter naming a HERO of Bo's hand and a CREATURE in play",
      enchanted.ada.client,
      `mutation ($input: EnchantedRealmsCreateCharacterInput!) { enchantedRealmsCreateCharacter(input: $input) { eventSeq } }`,
      (cardId) => ({ campaignId: enchanted.campaignId, name: 'Probe', heroCardId: cardId, creatureCardId: adasCreature }),
      bosHero,
      enchanted.deckId,
    );

    // Yummell: on Ada's racer's turn, a card of Bo's racer's hand named as Ada's move.
    const yummell = world.table('yummell');
    const ymState = yummell.yummell!;
    await world.yummellTurnOf(yummell, ymState.adaCharacterId);
    await hidden.refresh();
    const [ymDeck] = await db.query('SELECT hands FROM decks WHERE id = $1', [yummell.deckId]);
    await probe(
      "yummellMove playing a card of Bo's racer",
      yummell.ada.client,
      `mutation ($input: YummellMoveInput!) { yummellMove(input: $input) { eventSeq } }`,
      (cardId) => ({ characterId: ymState.adaCharacterId, cardId }),
      (ymDeck.hands[ymState.boCharacterId] as string[])[0],
      yummell.deckId,
    );

    console.log(`canary, probes: ${comparisons.length} pairs of requests (a hidden card vs a draw pile card) compared; ${differences.length} told them apart`);
    expect(differences).toEqual([]);
    expectNothingSeen(hidden);
  }, 300_000);

  it('keeps them hidden in the answers to every mutation, allowed or refused, for every role', async () => {
    let attempts = 0;
    for (const operation of operations.filter((candidate) => candidate.kind === 'mutation' && candidate.name !== 'rotateSeed')) {
      const request = REQUESTS[operation.name];
      if (!request) throw new Error(`${operation.name} has no request in support/requests.ts`);
      const tables = request.scope === 'every' ? world.tables : [world.table(request.scope)];
      for (const table of tables) {
        for (const role of ROLES) {
          const variables = await request.variables({ world, table, role });
          const client = world.client(table, role);
          const full = await client.request(operationDocument(operation, variables, fullSelection(operation.field.type, 4)), variables);
          if (overLimit(full.text)) throw new Error(`${operation.name}: the canary's selection is over the server's limits: ${full.text}`);
          attempts++;
        }
      }
    }
    await readEverything();
    console.log(`canary, mutations: ${attempts} attempts of every mutation but rotateSeed as every role, then every query again; ${hidden.scanned.texts} texts scanned so far`);
    expectNothingSeen(hidden);
  }, 900_000);

  it('keeps them hidden in the answers to every REST route (/v1/openapi.json), allowed or refused, for every role', async () => {
    const routes = await servedRoutes(arbiter.url);
    let attempts = 0;
    for (const route of routes) {
      const twin = REST_TWINS[route.key];
      const request = twin === undefined ? undefined : REQUESTS[twin];
      if (!request) throw new Error(`${route.key} has no GraphQL twin with a request (support/rest-routes.ts, support/requests.ts)`);
      const tables = request.scope === 'every' ? world.tables : [world.table(request.scope)];
      for (const table of tables) {
        for (const role of ROLES) {
          const variables = await request.variables({ world, table, role });
          const client = world.client(table, role);
          const { path, body } = restRequest(route, variables);
          const response = await callRest(arbiter.url, client.key, route.method, path, body);
          if (route.method !== 'GET') await hidden.refresh();
          hidden.check(client.viewer, response.text, `${route.key} (HTTP ${response.status})`, stringsOf(variables));
          attempts++;
        }
      }
    }
    await readEverything();
    console.log(`canary, REST: ${attempts} calls of ${routes.length} routes as every role, then every query again; ${hidden.scanned.texts} texts scanned so far`);
    expectNothingSeen(hidden);
  }, 600_000);

  it('writes no seed, API key or Authorization header to the logs', async () => {
    await hidden.refresh();
    const problems = logProblems(output.lines, hidden.seeds());
    const requestLines = output.lines.filter((line) => line.includes('"request completed"')).length;
    console.log(`canary, logs: ${output.lines.length} log lines (${requestLines} request lines, ${(output.lines.join('\n').length / 1e6).toFixed(1)} MB) scanned`);
    expect(requestLines).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('shows a seed only once rotateSeed has revealed it, and never the new one', async () => {
    const before = output.lines.length;
    let revealed = 0;
    for (const table of world.tables) {
      const [{ seed }] = await db.query(`SELECT encode(rng_seed, 'hex') AS seed FROM campaigns WHERE id = $1`, [table.campaignId]);
      const { rotateSeed } = await table.gm.client.data(`mutation ($input: RotateSeedInput!) { rotateSeed(input: $input) { revealedSeed newCommitment } }`, {
        // Forced: the tables' hands hold cards, which the reveal makes derivable (the canary checks the texts).
        input: { campaignId: table.campaignId, force: true },
      });
      expect(rotateSeed.revealedSeed).toBe(seed);
      // Anyone of the campaign can now read it, and verify the log with it.
      const { campaign } = await table.ada.client.data(`query ($id: ID!) { campaign(id: $id) { revealedSeeds { seed } } }`, { id: table.campaignId });
      expect(campaign.revealedSeeds.map((entry: { seed: string }) => entry.seed)).toContain(seed);
      expect(seedsIn(JSON.stringify(campaign))).toContain(seed);
      revealed++;
    }
    await hidden.refresh();
    await readEverything();
    await followEverything();
    const problems = logProblems(output.lines.slice(before), hidden.seeds());
    console.log(`canary, after rotateSeed: ${revealed} seeds revealed; every query read again; ${hidden.scanned.texts} texts and ${output.lines.length} log lines scanned in all`);
    expectNothingSeen(hidden);
    expect(problems).toEqual([]);
  }, 600_000);
});

/** Fails with the first findings, one line each, and how many there were. */
function expectNothingSeen(hidden: HiddenInformation): void {
  if (hidden.findings.length === 0) return;
  const lines = hidden.findings.slice(0, 25).map((finding) => `${finding.what} — seen by ${finding.viewer} — in ${finding.where}`);
  throw new Error(`${hidden.findings.length} pieces of hidden information were shown:\n${lines.join('\n')}`);
}

/** What a log line must never hold: a current seed, an API key, the ADMIN key, an Authorization value. */
function logProblems(lines: string[], seeds: Set<string>): string[] {
  const problems: string[] = [];
  for (const line of lines) {
    const short = line.slice(0, 300);
    if (/arb_[A-Za-z0-9_-]{20,}/.test(line)) problems.push(`an API key: ${short}`);
    if (line.includes(TEST_ADMIN_KEY)) problems.push(`the ADMIN key: ${short}`);
    if (/bearer\s+\S/i.test(line)) problems.push(`a Bearer credential: ${short}`);
    for (const seed of seedsIn(line)) if (seeds.has(seed)) problems.push(`a current seed: ${short}`);
    let parsedLine: unknown;
    try {
      parsedLine = JSON.parse(line);
    } catch {
      continue;
    }
    const walk = (value: unknown): void => {
      if (!value || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key.toLowerCase() === 'authorization' && inner !== '[redacted]') problems.push(`an unredacted Authorization header: ${short}`);
        walk(inner);
      }
    };
    walk(parsedLine);
  }
  return problems;
}
