import fc from 'fast-check';
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { TEST_ADMIN_KEY, startTestArbiter } from '../helpers/arbiter.js';
import { DbChecks } from '../helpers/db-checks.js';
import { fullSelection, inputTypeOf, introspectSchema, operationDocument, rootOperations, type RootOperation } from './support/schema-operations.js';
import { REQUESTS } from './support/requests.js';
import { REST_TWINS, STATUS_OF_CODE, callRest, restRequest, servedRoutes, type RestRoute } from './support/rest-routes.js';
import { World, type ArbiterClient, type Table } from './support/world.js';

/**
 * Codes a refusal of bad input may carry. Never INTERNAL_SERVER_ERROR or SERVICE_UNAVAILABLE,
 * never a missing code; UNAUTHENTICATED, CONFLICT and RATE_LIMITED cannot be right either (the
 * keys are valid, the requests run one at a time, the rate limit is off).
 */
const ALLOWED_CODES = new Set(['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'RULE_VIOLATION']);

/** Cases per mutation (FUZZ_CASES to run more); fewer for those that cost more per case. */
const CASES = Number(process.env.FUZZ_CASES ?? 50);
const FEWER_CASES: Record<string, number> = { createCampaign: 25, createDeck: 35, rotateSeed: 25, endScene: 35, enchantedRealmsReconcile: 35 };

/** The seed of this run: set FUZZ_SEED to replay one. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const TEN_THOUSAND = 'x'.repeat(10_000);

/** Values of the world a field's name asks for, so that cases reach past validation into the rules. */
interface Pools {
  campaignIds: string[];
  characterIds: string[];
  memberIds: string[];
  deckIds: string[];
  encounterIds: string[];
  combatantIds: string[];
  cardIds: string[];
  rulesets: string[];
}

/** The wrong kind of value, whatever the field wants. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.string({ maxLength: 8 }),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant({ nested: { deep: [1, 'two', null] } }),
);

/** Strings every string field gets besides its plausible values. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.constant(' '),
  fc.constant(TEN_THOUSAND),
  fc.constant('\u0000'),
  fc.constant('nul\u0000inside'),
  fc.constant('half a pair \ud83c'),
  fc.constant('🂡🂮 ✨ نص عربي ‮reversed‬ e\u0301'),
  fc.constant("'; DROP TABLE campaigns; --"),
  fc.constant('arb_not-really-a-key'),
  fc.constant('../../etc/passwd'),
  fc.constant('%s%n{{7*7}}${7*7}'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 200 }),
);

const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.constant('not-a-uuid'),
  hostileString,
);

const integers: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -5, max: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1, 2_147_483_647, -2_147_483_648, 1000, 1001, -100, -101) },
  { weight: 1, arbitrary: fc.constantFrom(2_147_483_648, -2_147_483_649, 1e15, -1e15, 1.5, -0.5, '5', '') },
);

function scalarValue(typeName: string, field: string, pools: Pools): fc.Arbitrary<unknown> {
  const pick = (values: string[], hostile: fc.Arbitrary<string>) =>
    fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...values) }, { weight: 2, arbitrary: hostile });
  switch (typeName) {
    case 'ID': {
      if (/campaign/i.test(field)) return pick(pools.campaignIds, hostileId);
      if (/member/i.test(field)) return pick(pools.memberIds, hostileId);
      if (/deck/i.test(field)) return pick(pools.deckIds, hostileId);
      if (/encounter/i.test(field)) return pick(pools.encounterIds, hostileId);
      if (/combatant|attacker|target/i.test(field)) return pick(pools.combatantIds, hostileId);
      if (/enemy/i.test(field)) return pick(['e1', 'e2', 'e9'], hostileId);
      if (/card/i.test(field)) return pick(pools.cardIds, hostileId);
      if (/character|actor|^from$|^to$/i.test(field)) return pick(pools.characterIds, hostileId);
      return pick([...pools.campaignIds, ...pools.characterIds, ...pools.deckIds], hostileId);
    }
    case 'String': {
      if (/card|^give$|^take$/i.test(field)) return pick(pools.cardIds, hostileString);
      if (/expression/i.test(field)) {
        return pick(['1d20', '4d6kh3', '2d20kl1+3', 'd%', '3d6!', '1d6-7', '999999d999999', '1000d1000!', '1d0', '0d6', 'd', '1d6kh99', '1d1!', '1d2!'], hostileString);
      }
      if (/hex/i.test(field)) return pick(['12', '7', 'A-1', '(3, 4)'], hostileString);
      if (/ruleset/i.test(field)) return pick(pools.rulesets, hostileString);
      if (/preset/i.test(field)) return pick(['standard-52', 'enchanted-realms-starter'], hostileString);
      return pick(['Sigrun', 'Rope', 'Frightened', 'Is the ferryman awake?', 'A fjord'], hostileString);
    }
    case 'Int':
      return integers;
    case 'Float':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), integers);
    case 'Boolean':
      return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom('true', 0, 1) });
    case 'JSONObject':
      return fc.oneof(
        fc.constant({}),
        fc.record({ inventorySlots: integers }),
        fc.record({
          cards: fc.array(
            fc.record(
              {
                id: fc.oneof(fc.constantFrom('c1', 'c2', 'hero-x'), hostileString),
                code: fc.oneof(fc.constantFrom('C1', 'HX'), hostileString),
                type: fc.oneof(fc.constantFrom('HERO', 'CREATURE', 'ITEM', 'DRAGON'), wrongType),
                attributes: fc.oneof(fc.record({ force: integers, STR: integers }), wrongType),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 6 },
          ),
        }),
        fc.object({ maxDepth: 3 }),
        fc.constant(JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`)),
        wrongType,
      );
    default:
      return fc.oneof(fc.string(), wrongType);
  }
}

/** Values of an input type: plausible ones, wrong types, nulls (required or not), lists too long or too short. */
function inputValue(type: GraphQLInputType, field: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return inputValue(type.ofType, field, pools, depth);
  let inner: fc.Arbitrary<unknown>;
  if (isListType(type)) {
    const item = inputValue(type.ofType, field, pools, depth + 1);
    inner = fc.oneof(
      { weight: 8, arbitrary: fc.array(item, { maxLength: 4 }) },
      { weight: 1, arbitrary: item },
      { weight: 1, arbitrary: fc.array(item, { minLength: 21, maxLength: 60 }) },
    );
  } else if (isInputObjectType(type)) {
    inner = depth > 3 ? fc.constant({}) : inputObject(type, pools, depth + 1);
  } else if (isEnumType(type)) {
    const values = type.getValues().map((value) => value.name);
    inner = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constantFrom('NOT_A_VALUE', values[0].toLowerCase(), '') });
  } else if (isScalarType(type)) {
    inner = scalarValue(type.name, field, pools);
  } else {
    inner = wrongType;
  }
  return fc.oneof({ weight: 24, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: wrongType });
}

/** An input object: every field (optional ones sometimes left out), or fields missing at random, or an unknown field. */
function inputObject(type: GraphQLInputObjectType, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const fields = Object.values(type.getFields());
  const complete = fc.record(
    Object.fromEntries(
      fields.map((field) => {
        const value = inputValue(field.type, field.name, pools, depth);
        const required = isNonNullType(field.type) && field.defaultValue === undefined;
        return [field.name, required ? value : fc.option(value, { nil: undefined, freq: 3 })];
      }),
    ),
  );
  const sparse = fc.record(Object.fromEntries(fields.map((field) => [field.name, inputValue(field.type, field.name, pools, depth)])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 8, arbitrary: complete },
    { weight: 2, arbitrary: sparse },
    { weight: 1, arbitrary: complete.map((value) => ({ ...(value as object), notAField: 'surprise' })) },
  );
}

/**
 * The variables of a mutation, half of them generated from its input type (its `input` and any
 * other argument likewise, or none at all), half of them a valid request (the access matrix's)
 * with one field of its input replaced by any value of that field's type, or left out: every
 * other field being valid, those cases reach the rules.
 */
function mutationVariables(operation: RootOperation, pools: Pools, valid: Record<string, unknown> | undefined): fc.Arbitrary<Record<string, unknown>> {
  const args = fc.record(Object.fromEntries(operation.field.args.map((arg) => [arg.name, inputValue(arg.type, arg.name, pools, 0)])));
  const generated = fc.oneof({ weight: 20, arbitrary: args }, { weight: 1, arbitrary: fc.constant({}) });
  const inputType = inputTypeOf(operation);
  const validInput = valid?.input as Record<string, unknown> | undefined;
  if (!inputType || !validInput) return generated;
  const fields = Object.values(inputType.getFields());
  const oneFieldChanged = fc.constantFrom(...fields).chain((field) =>
    fc.oneof(
      { weight: 6, arbitrary: inputValue(field.type, field.name, pools, 1).map((value) => ({ ...valid, input: { ...validInput, [field.name]: value } })) },
      { weight: 1, arbitrary: fc.constant({ ...valid, input: Object.fromEntries(Object.entries(validInput).filter(([name]) => name !== field.name)) }) },
    ),
  );
  return fc.oneof(generated, oneFieldChanged);
}

/** Cases per REST route (FUZZ_CASES scales them too). */
const REST_CASES = 30;

/** Bodies no JSON client would send: a REST route must refuse them with a code, as it refuses bad fields. */
const rawBody: fc.Arbitrary<string> = fc.constantFrom('not json', '{"count": 1', '[]', '[{"count": 1}]', 'null', '42', '"a string"', '', `{"x": "${TEN_THOUSAND}"}`);

/**
 * A REST call of a route, from its GraphQL twin's cases: a POST's path and body from the twin's
 * mutation variables (the path's ids too, hostile ones included), a GET's query string from the
 * twin query's arguments; now and then a body that is not the JSON object a route reads.
 */
function restCase(route: RestRoute, twin: RootOperation, pools: Pools, valid: Record<string, unknown> | undefined): fc.Arbitrary<{ path: string; body?: unknown }> {
  if (route.method === 'GET') {
    const args = fc.record(Object.fromEntries(twin.field.args.map((arg) => [arg.name, fc.option(inputValue(arg.type, arg.name, pools, 0), { nil: undefined, freq: 4 })])));
    const fromValid = valid ? fc.constant(valid) : args;
    return fc.oneof({ weight: 4, arbitrary: args }, { weight: 1, arbitrary: fromValid }).map((variables) => restRequest(route, variables));
  }
  const fromVariables = mutationVariables(twin, pools, valid).map((variables) => restRequest(route, variables));
  const raw = rawBody.map((body) => ({ path: restRequest(route, valid ?? {}).path, body }));
  return fc.oneof({ weight: 10, arbitrary: fromVariables }, { weight: 1, arbitrary: raw });
}

const CHECKSUM = `
  SELECT md5(string_agg(x, '|' ORDER BY x)) AS checksum FROM (
    SELECT 'c:' || id || ':' || last_event_seq || ':' || seed_epoch || ':' || version || ':' || ruleset_state::text || ':' || settings::text || ':' || encode(rng_seed, 'hex') FROM campaigns WHERE id = ANY($1)
    UNION ALL SELECT 'd:' || id || ':' || version || ':' || array_to_string(draw_pile, ',') || ':' || array_to_string(discard_pile, ',') || ':' || array_to_string(table_cards, ',') || ':' || hands::text FROM decks WHERE campaign_id = ANY($1)
    UNION ALL SELECT 'h:' || id || ':' || version || ':' || name || ':' || sheet::text FROM characters WHERE campaign_id = ANY($1)
    UNION ALL SELECT 'e:' || id || ':' || status || ':' || state::text FROM encounters WHERE campaign_id = ANY($1)
    UNION ALL SELECT 'm:' || id || ':' || name || ':' || role FROM members WHERE campaign_id = ANY($1)
    UNION ALL SELECT 'g:' || campaign_id || ':' || count(*) || ':' || max(seq) FROM game_events WHERE campaign_id = ANY($1) GROUP BY campaign_id
    UNION ALL SELECT 'r:' || campaign_id || ':' || count(*) FROM revealed_seeds WHERE campaign_id = ANY($1) GROUP BY campaign_id
    UNION ALL SELECT 'all:' || (SELECT count(*) FROM campaigns) || ':' || (SELECT count(*) FROM members) || ':' || (SELECT count(*) FROM characters) || ':' || (SELECT count(*) FROM decks) || ':' || (SELECT count(*) FROM encounters)
  ) t(x)`;

describe('fuzzing the variables of every mutation of the schema', () => {
  let arbiter: RunningArbiter;
  let db: DbChecks;
  let schema: GraphQLSchema;
  let world: World;
  let pools: Pools;

  beforeAll(async () => {
    arbiter = await startTestArbiter({ ARBITER_RATE_LIMIT_PER_MINUTE: '0' });
    db = new DbChecks();
    schema = await introspectSchema(arbiter.url, TEST_ADMIN_KEY);
    world = await World.prepare(arbiter.url, db, { label: 'Fuzz' });
    const tables = [...world.tables, world.elsewhere];
    const campaignIds = tables.map((table) => table.campaignId);
    const characters = await db.query<{ id: string }>('SELECT id FROM characters WHERE campaign_id = ANY($1)', [campaignIds]);
    const decks = await db.query<{ id: string; hands: Record<string, string[]>; draw_pile: string[]; discard_pile: string[] }>(
      'SELECT id, hands, draw_pile, discard_pile FROM decks WHERE campaign_id = ANY($1)',
      [campaignIds],
    );
    const cardIds = new Set<string>();
    for (const deck of decks) {
      for (const hand of Object.values(deck.hands)) hand.forEach((id) => cardIds.add(id));
      deck.draw_pile.slice(0, 5).forEach((id) => cardIds.add(id));
      deck.discard_pile.slice(0, 5).forEach((id) => cardIds.add(id));
    }
    const { rulesets } = await world.admin.data('{ rulesets { id } }');
    pools = {
      campaignIds,
      characterIds: characters.map((row) => row.id),
      memberIds: tables.flatMap((table) => [table.gm.memberId, table.ada.memberId, table.bo.memberId]),
      deckIds: decks.map((deck) => deck.id),
      encounterIds: tables.flatMap((table) => [table.tenthRealm?.encounterId, table.enchantedRealmsD20?.encounterId].filter((id): id is string => id !== undefined)),
      combatantIds: tables.flatMap((table) => (table.enchantedRealmsD20 ? [table.enchantedRealmsD20.adaCombatantId, table.enchantedRealmsD20.foeCombatantId] : [])),
      cardIds: [...cardIds],
      rulesets: rulesets.map((ruleset: { id: string }) => ruleset.id),
    };
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await arbiter?.close();
  });

  async function checksum(): Promise<string> {
    const [row] = await db.query<{ checksum: string }>(CHECKSUM, [pools.campaignIds]);
    return row.checksum;
  }

  /** Sends one case as one caller; throws what is wrong with the answer. */
  /** How the refusals were coded, over the whole run. */
  const refusals = new Map<string, number>();

  async function attempt(client: ArbiterClient, who: string, operation: RootOperation, variables: Record<string, unknown>): Promise<'data' | 'refused'> {
    // Every argument is declared, so a case that leaves one out sends a required variable missing.
    const document = operationDocument(operation, Object.fromEntries(operation.field.args.map((arg) => [arg.name, true])), fullSelection(operation.field.type, 3));
    const before = await checksum();
    const response = await client.request(document, variables);
    const problem = (what: string) => new Error(`${operation.name} as ${who}: ${what}\n  variables: ${JSON.stringify(variables).slice(0, 600)}\n  answer (HTTP ${response.status}): ${response.text.slice(0, 600)}`);
    if (response.status >= 500) throw problem('a 5xx answer');
    const errors = response.body.errors;
    if (!errors || errors.length === 0) {
      if (!response.body.data?.[operation.name]) throw problem('neither data nor errors');
      return 'data';
    }
    const codes = errors.map((error) => error.extensions?.code);
    if (codes.some((code) => typeof code !== 'string')) throw problem('an error without a code');
    const unexpected = errors.filter((error) => !ALLOWED_CODES.has(error.extensions?.code));
    if (unexpected.length > 0) throw problem(`unexpected errors ${JSON.stringify(unexpected).slice(0, 600)}`);
    if ((await checksum()) !== before) throw problem('it was refused, yet the database changed');
    refusals.set(codes[0], (refusals.get(codes[0]) ?? 0) + 1);
    return 'refused';
  }

  it('answers every case with data or coded errors, and writes nothing when it refuses', async () => {
    const mutations = rootOperations(schema).filter((operation) => operation.kind === 'mutation');
    const callers: Array<[string, (operation: RootOperation) => ArbiterClient]> = [
      ['GM', (operation) => tableFor(operation).gm.client],
      ['player', (operation) => tableFor(operation).ada.client],
    ];
    // The campaign a mutation is tried in: its ruleset's, or one of them in turn for the platform's.
    const tableFor = (operation: RootOperation): Table => {
      const scope = REQUESTS[operation.name]?.scope ?? 'every';
      return scope === 'every' ? world.tables[mutations.indexOf(operation) % world.tables.length] : world.table(scope);
    };
    const rows: string[] = [];
    const failures: string[] = [];
    let total = 0;
    const started = Date.now();
    for (const operation of mutations) {
      expect(inputTypeOf(operation)).toBeDefined();
      const numRuns = Math.round((FEWER_CASES[operation.name] ?? 50) * (CASES / 50));
      const tally = { cases: 0, data: 0, refused: 0 };
      const table = tableFor(operation);
      const valid = await REQUESTS[operation.name]?.variables({ world, table, role: 'gm' });
      const run = await fc.check(
        fc.asyncProperty(mutationVariables(operation, pools, valid), async (variables) => {
          tally.cases++;
          for (const [who, client] of callers) tally[await attempt(client(operation), who, operation, variables)]++;
        }),
        { numRuns, seed: SEED, endOnFailure: true },
      );
      total += tally.cases;
      rows.push(`${operation.name.padEnd(32)} ${String(tally.cases).padStart(3)} cases, ${String(tally.data).padStart(3)} answered, ${String(tally.refused).padStart(3)} refused`);
      if (run.failed) failures.push(`${operation.name} (seed ${run.seed}, path ${run.counterexamplePath}): ${String((run.errorInstance as Error)?.message ?? run.errorInstance)}`);
    }
    console.log(
      `fuzz (seed ${SEED}): ${mutations.length} mutations, ${total} cases, each sent as the GM and as a player (${total * 2} requests) in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
        `refusals by code: ${[...refusals].map(([code, count]) => `${code} ${count}`).join(', ')}\n  ${rows.join('\n  ')}`,
    );
    expect(failures).toEqual([]);
  }, 900_000);

  it("answers every REST route's cases (/v1/openapi.json) with a 2xx or a coded error of its HTTP status, and writes nothing when it refuses or only reads", async () => {
    const operations = rootOperations(schema);
    const routes = await servedRoutes(arbiter.url);
    const rows: string[] = [];
    const failures: string[] = [];
    const restRefusals = new Map<string, number>();
    let total = 0;
    for (const [index, route] of routes.entries()) {
      const twin = operations.find((operation) => operation.name === REST_TWINS[route.key]);
      if (!twin) {
        failures.push(`${route.key}: no GraphQL twin in REST_TWINS (support/rest-routes.ts)`);
        continue;
      }
      const scope = REQUESTS[twin.name]?.scope ?? 'every';
      const table = scope === 'every' ? world.tables[index % world.tables.length] : world.table(scope);
      const valid = await REQUESTS[twin.name]?.variables({ world, table, role: 'gm' });
      const tally = { cases: 0, ok: 0, refused: 0 };
      const send = async (client: ArbiterClient, who: string, call: { path: string; body?: unknown }) => {
        const before = await checksum();
        const response = await callRest(arbiter.url, client.key, route.method, call.path, call.body);
        const problem = (what: string) => new Error(`${route.key} as ${who}: ${what}\n  ${route.method} ${call.path.slice(0, 300)} ${JSON.stringify(call.body ?? null).slice(0, 600)}\n  answer (HTTP ${response.status}): ${response.text.slice(0, 600)}`);
        if (response.status >= 500) throw problem('a 5xx answer');
        const code = response.body.errors?.[0]?.extensions?.code;
        if (response.status < 300) {
          if (response.body.errors) throw problem('errors with a 2xx');
          if (route.method === 'GET' && (await checksum()) !== before) throw problem('a GET changed the database');
          tally.ok++;
          return;
        }
        if (typeof code !== 'string') throw problem('an error without a code');
        if (!ALLOWED_CODES.has(code)) throw problem(`an unexpected code ${code}`);
        // A query string past the server's header limit is refused before any route: 431, still coded.
        const tooLong = response.status === 431 && code === 'BAD_USER_INPUT' && call.path.length > 15_000;
        if (STATUS_OF_CODE[code] !== response.status && !tooLong) throw problem(`${code} with HTTP ${response.status}, not ${STATUS_OF_CODE[code]}`);
        if ((await checksum()) !== before) throw problem('it was refused, yet the database changed');
        restRefusals.set(code, (restRefusals.get(code) ?? 0) + 1);
        tally.refused++;
      };
      const run = await fc.check(
        fc.asyncProperty(restCase(route, twin, pools, valid), async (call) => {
          tally.cases++;
          await send(table.gm.client, 'GM', call);
          await send(table.ada.client, 'player', call);
        }),
        { numRuns: Math.round(REST_CASES * (CASES / 50)), seed: SEED, endOnFailure: true },
      );
      total += tally.cases;
      rows.push(`${route.key.padEnd(64)} ${String(tally.cases).padStart(3)} cases, ${String(tally.ok).padStart(3)} answered, ${String(tally.refused).padStart(3)} refused`);
      if (run.failed) failures.push(`${route.key} (seed ${run.seed}, path ${run.counterexamplePath}): ${String((run.errorInstance as Error)?.message ?? run.errorInstance)}`);
    }
    console.log(
      `fuzz, REST (seed ${SEED}): ${routes.length} routes, ${total} cases, each sent as the GM and as a player; ` +
        `refusals by code: ${[...restRefusals].map(([code, count]) => `${code} ${count}`).join(', ')}\n  ${rows.join('\n  ')}`,
    );
    expect(failures).toEqual([]);
  }, 900_000);
});
