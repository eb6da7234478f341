import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { GraphQLSchema } from 'graphql';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { hashApiKey, sameDigest, sameKey, keyDigest } from '../../src/modules/auth/api-keys.js';
import { Client, TEST_ADMIN_KEY, startTestArbiter } from '../helpers/arbiter.js';
import { DbChecks } from '../helpers/db-checks.js';
import { REQUESTS } from './support/requests.js';
import { REST_TWINS, callRest, restOutcome, restRequest, servedRoutes } from './support/rest-routes.js';
import { introspectSchema, operationDocument, rootOperations, shallowSelection, type RootOperation } from './support/schema-operations.js';
import { subscribe } from './support/subscriptions.js';
import { ROLES, World, oneCharacterOff } from './support/world.js';

/**
 * What a role gets from an operation:
 * - 'ok': past every access check. The answer has data and no error, or a RULE_VIOLATION whose
 *   reason is not an access reason (see ACCESS_REASONS): rules run only inside the campaign's
 *   action, after the access checks, so a rule's refusal proves the caller got through them.
 *   BAD_USER_INPUT does not count: input is validated before access is checked.
 * - 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND': refused with that code (another campaign is
 *   NOT_FOUND, so ids cannot be probed; a member without the rights is FORBIDDEN).
 * - 'RULE_VIOLATION:<reason>': refused by the rules for a reason that is itself an access check
 *   (a player may move only cards of their own hands: CARD_NOT_IN_YOUR_HAND).
 * A subscription is tried over graphql-ws, where a connection without a valid key is closed
 * (4403): that counts as UNAUTHENTICATED.
 */
type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | `RULE_VIOLATION:${string}`;

/** Rule refusals that are access checks: never accepted as 'ok'. */
const ACCESS_REASONS = new Set(['CARD_NOT_IN_YOUR_HAND', 'CARD_NOT_THEIRS']);

const ok = 'ok';
const U = 'UNAUTHENTICATED';
const F = 'FORBIDDEN';
const N = 'NOT_FOUND';
const NOT_YOUR_CARD = 'RULE_VIOLATION:CARD_NOT_IN_YOUR_HAND';

/**
 * Who may call what: one row per operation of the schema, one column per role (ROLES). The
 * "player" column is the player whose character (or member id) the request names; "otherPlayer"
 * is another player of the same campaign. An operation of the schema missing here fails the test.
 */
// prettier-ignore
const ACCESS: Record<string, readonly [anonymous: Outcome, wrongKey: Outcome, otherGm: Outcome, player: Outcome, otherPlayer: Outcome, gm: Outcome, admin: Outcome]> = {
  //                               anonymous wrongKey otherGm player otherPlayer gm  admin
  // Queries
  rulesets:                        [ok,       U,       ok,     ok,    ok,         ok, ok],
  cardPreset:                      [ok,       U,       ok,     ok,    ok,         ok, ok],
  rollOdds:                        [ok,       U,       ok,     ok,    ok,         ok, ok],
  me:                              [U,        U,       ok,     ok,    ok,         ok, ok],
  campaigns:                       [U,        U,       ok,     ok,    ok,         ok, ok],
  campaign:                        [U,        U,       N,      ok,    ok,         ok, ok],
  character:                       [U,        U,       N,      ok,    ok,         ok, ok],
  deck:                            [U,        U,       N,      ok,    ok,         ok, ok],
  events:                          [U,        U,       N,      ok,    ok,         ok, ok],
  verifyEvents:                    [U,        U,       N,      ok,    ok,         ok, ok],
  encounter:                       [U,        U,       N,      ok,    ok,         ok, ok],
  skirmish:                        [U,        U,       N,      ok,    ok,         ok, ok],
  ytterdorrenEncounter:            [U,        U,       N,      ok,    ok,         ok, ok],
  enchantedRealmsD20Combat:        [U,        U,       N,      ok,    ok,         ok, ok],
  // Odds: read only; the asker's own character (any member for a skirmish, where nothing is hidden).
  tenthRealmTrialOdds:             [U,        U,       N,      ok,    F,          ok, ok],
  enchantedRealmsDrawOdds:         [U,        U,       N,      ok,    F,          ok, ok],
  enchantedRealmsD20AttackOdds:    [U,        U,       N,      ok,    F,          ok, ok],
  ytterdorrenSkirmishOdds:         [U,        U,       N,      ok,    ok,         ok, ok],
  yummellChallengeOdds:            [U,        U,       N,      ok,    F,          ok, ok],
  // Subscriptions (graphql-ws)
  campaignEvents:                  [U,        U,       N,      ok,    ok,         ok, ok],
  // The platform's mutations
  createCampaign:                  [U,        U,       F,      F,     F,          F,  ok],
  addMember:                       [U,        U,       N,      F,     F,          ok, ok],
  createCharacter:                 [U,        U,       N,      ok,    F,          ok, ok],
  createDeck:                      [U,        U,       N,      F,     F,          ok, ok],
  shuffleDeck:                     [U,        U,       N,      F,     F,          ok, ok],
  drawCards:                       [U,        U,       N,      ok,    F,          ok, ok],
  moveCards:                       [U,        U,       N,      ok,    NOT_YOUR_CARD, ok, ok],
  endScene:                        [U,        U,       N,      F,     F,          ok, ok],
  rollDice:                        [U,        U,       N,      ok,    ok,         ok, ok],
  rotateSeed:                      [U,        U,       N,      F,     F,          ok, ok],
  setClientSeed:                   [U,        U,       N,      ok,    ok,         ok, F],
  // The Tenth Realm
  tenthRealmCreateCharacter:       [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmRedrawAttribute:       [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmChooseVanori:          [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmRerollResilience:      [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmFinishCharacter:       [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmRollStartingRegion:    [U,        U,       N,      ok,    ok,         ok, ok],
  tenthRealmEnterRegion:           [U,        U,       N,      ok,    ok,         ok, ok],
  tenthRealmTravel:                [U,        U,       N,      ok,    ok,         ok, ok],
  tenthRealmSetRiskRating:         [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmCallTrial:             [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmRevealRisk:            [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmTrialRoll:             [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmBurnCard:              [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmEndConjuring:          [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmRest:                  [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmResilienceCheck:       [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmLoseResilience:        [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmTendWounds:            [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmAddCondition:          [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmClearCondition:        [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmGainItem:              [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmDropItem:              [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmDamageGear:            [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmRepairGear:            [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmGainGear:              [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmEquipGear:             [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmDropGear:              [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmReaction:              [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmOracle:                [U,        U,       N,      ok,    ok,         ok, ok],
  tenthRealmBlessing:              [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmStartSession:          [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmStartCombat:           [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmAttack:                [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmDamageEnemyGear:       [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmDefend:                [U,        U,       N,      ok,    F,          ok, ok],
  tenthRealmMorale:                [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmEndCombat:             [U,        U,       N,      F,     F,          ok, ok],
  tenthRealmWithdraw:              [U,        U,       N,      ok,    F,          ok, ok],
  // Enchanted Realms (card edition)
  enchantedRealmsCreateCharacter:  [U,        U,       N,      ok,    F,          ok, ok],
  enchantedRealmsCallDraw:         [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsDraw:             [U,        U,       N,      ok,    F,          ok, ok],
  enchantedRealmsCountCreatures:   [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsAddFoes:          [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsAward:            [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsCompleteQuest:    [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsBarter:           [U,        U,       N,      ok,    F,          ok, ok],
  enchantedRealmsReconcile:        [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsLayWorld:         [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsMoveToWorld:      [U,        U,       N,      F,     F,          ok, ok],
  // Ytterdörren
  ytterdorrenCreateCharacter:      [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenLoadCreatures:        [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenDamageCharacter:      [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenHealCharacter:        [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenGainItem:             [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenUseItem:              [U,        U,       N,      ok,    F,          ok, ok],
  ytterdorrenEquipWeapon:          [U,        U,       N,      ok,    F,          ok, ok],
  ytterdorrenTrade:                [U,        U,       N,      ok,    F,          ok, ok],
  ytterdorrenStartSkirmish:        [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenChooseStance:         [U,        U,       N,      ok,    F,          ok, ok],
  ytterdorrenResolveRound:         [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenStartEncounter:       [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenFoeAttack:            [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenCharacterAttack:      [U,        U,       N,      ok,    F,          ok, ok],
  ytterdorrenDamageFoe:            [U,        U,       N,      F,     F,          ok, ok],
  ytterdorrenEndEncounter:         [U,        U,       N,      F,     F,          ok, ok],
  // Yummell: the GM sets up the race and prints the characters; a turn is its player's (or the GM's for them)
  yummellPresets:                  [ok,       U,       ok,     ok,    ok,         ok, ok],
  yummellSetUp:                    [U,        U,       N,      F,     F,          ok, ok],
  yummellCreateCharacter:          [U,        U,       N,      F,     F,          ok, ok],
  yummellMove:                     [U,        U,       N,      ok,    F,          ok, ok],
  yummellResolveChallenge:         [U,        U,       N,      ok,    F,          ok, ok],
  yummellRest:                     [U,        U,       N,      ok,    F,          ok, ok],
  yummellUseAbility:               [U,        U,       N,      ok,    F,          ok, ok],
  yummellEndTurn:                  [U,        U,       N,      ok,    F,          ok, ok],
  // Enchanted Realms (d20 edition): "player" is the player of the combatant's character
  enchantedRealmsD20CreateCombatant: [U,      U,       N,      ok,    F,          ok, ok],
  enchantedRealmsD20Attack:        [U,        U,       N,      ok,    F,          ok, ok],
  enchantedRealmsD20CallCheck:     [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsD20Check:         [U,        U,       N,      ok,    F,          ok, ok],
  enchantedRealmsD20StartCombat:   [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsD20NextTurn:      [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsD20EndCombat:     [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsD20ShortRest:     [U,        U,       N,      F,     F,          ok, ok],
  enchantedRealmsD20Treat:         [U,        U,       N,      ok,    F,          ok, ok],
};

/** The outcome an answer shows, in the vocabulary of {@link Outcome} (or what went wrong). */
function observed(status: number, body: { data?: unknown; errors?: Array<{ extensions?: Record<string, any> }> }): string {
  if (status >= 500) return `HTTP ${status}`;
  const [error] = body.errors ?? [];
  if (!error) return body.data ? 'ok' : 'NO_DATA';
  const code = error.extensions?.code;
  if (code === 'RULE_VIOLATION') return `RULE_VIOLATION:${error.extensions?.reason}`;
  return typeof code === 'string' ? code : 'NO_CODE';
}

function matches(expected: Outcome, seen: string): 'strict' | 'by-rule' | false {
  if (seen === expected) return 'strict';
  if (expected === 'ok' && seen.startsWith('RULE_VIOLATION:') && !ACCESS_REASONS.has(seen.slice('RULE_VIOLATION:'.length))) return 'by-rule';
  return false;
}

describe('the authorization matrix: every operation of the schema × every role', () => {
  let arbiter: RunningArbiter;
  let db: DbChecks;
  let schema: GraphQLSchema;
  let operations: RootOperation[];
  let world: World;

  beforeAll(async () => {
    arbiter = await startTestArbiter({ ARBITER_RATE_LIMIT_PER_MINUTE: '0' });
    db = new DbChecks();
    schema = await introspectSchema(arbiter.url, TEST_ADMIN_KEY);
    operations = rootOperations(schema);
    world = await World.prepare(arbiter.url, db, { label: 'Matrix' });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await arbiter?.close();
  });

  it('declares the access of every operation of the schema, and a valid request for it', () => {
    const names = operations.map((operation) => operation.name);
    const problems = [
      ...names.filter((name) => !(name in ACCESS)).map((name) => `${name}: in the schema but not in ACCESS — declare who may call it`),
      ...names.filter((name) => !(name in REQUESTS)).map((name) => `${name}: in the schema but not in REQUESTS — give a valid request for it`),
      ...Object.keys(ACCESS).filter((name) => !names.includes(name)).map((name) => `${name}: in ACCESS but no longer in the schema`),
      ...Object.keys(REQUESTS).filter((name) => !names.includes(name)).map((name) => `${name}: in REQUESTS but no longer in the schema`),
    ];
    if (problems.length > 0) throw new Error(`The access matrix does not match the schema:\n  ${problems.join('\n  ')}`);
  });

  it('answers every operation as declared, for every role, in every campaign it applies to', async () => {
    const mismatches: string[] = [];
    const tally = { pairs: 0, attempts: 0, strict: 0, byRule: new Map<string, number>(), denied: 0 };
    const started = Date.now();
    for (const operation of operations) {
      const access = ACCESS[operation.name];
      const request = REQUESTS[operation.name];
      if (!access || !request) {
        mismatches.push(`${operation.name}: not declared (see the other test)`);
        continue;
      }
      const tables = request.scope === 'every' ? world.tables : [world.table(request.scope)];
      tally.pairs += ROLES.length;
      for (const table of tables) {
        for (const [index, role] of ROLES.entries()) {
          const expected = access[index];
          const variables = await request.variables({ world, table, role });
          const client = world.client(table, role);
          let seen: string;
          let detail: string;
          if (operation.kind === 'subscription') {
            const run = await subscribe(arbiter.url, client.key, operationDocument(operation, variables, shallowSelection(operation.field.type)), variables);
            seen = run.outcome;
            detail = run.messages.join(' ').slice(0, 300);
          } else {
            const response = await client.request(operationDocument(operation, variables, shallowSelection(operation.field.type)), variables);
            seen = observed(response.status, response.body);
            detail = response.text.slice(0, 300);
          }
          tally.attempts++;
          const match = matches(expected, seen);
          if (!match) mismatches.push(`${operation.name} in ${table.ruleset} as ${role}: expected ${expected}, got ${seen} — ${detail}`);
          else if (match === 'by-rule') tally.byRule.set(`${operation.name} (${seen.slice('RULE_VIOLATION:'.length)})`, (tally.byRule.get(`${operation.name} (${seen.slice('RULE_VIOLATION:'.length)})`) ?? 0) + 1);
          else if (expected === 'ok') tally.strict++;
          else tally.denied++;
        }
      }
    }
    const kinds = ['query', 'mutation', 'subscription'].map((kind) => `${operations.filter((operation) => operation.kind === kind).length} ${kind}`);
    console.log(
      [
        `access matrix: ${operations.length} operations (${kinds.join(', ')}) × ${ROLES.length} roles = ${tally.pairs} declared pairs, ` +
          `checked in ${world.tables.length} campaigns (${world.tables.map((table) => table.ruleset).join(', ')}) with ${tally.attempts} attempts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `  allowed and answered: ${tally.strict}; allowed, refused by a rule after the access checks: ${[...tally.byRule.values()].reduce((a, b) => a + b, 0)}` +
          (tally.byRule.size > 0 ? ` (${[...tally.byRule].map(([what, count]) => `${what} ×${count}`).join(', ')})` : ''),
        `  denied as declared: ${tally.denied}; mismatches: ${mismatches.length}`,
      ].join('\n'),
    );
    expect(mismatches).toEqual([]);
  }, 600_000);

  it('declares every REST route the server describes (/v1/openapi.json): the operation it is, whose access row it shares', async () => {
    const routes = await servedRoutes(arbiter.url);
    const names = new Set(operations.map((operation) => operation.name));
    const problems = [
      ...routes.filter((route) => !(route.key in REST_TWINS)).map((route) => `${route.key}: served but not in REST_TWINS — name the operation it is, or give it an access row`),
      ...Object.keys(REST_TWINS).filter((key) => !routes.some((route) => route.key === key)).map((key) => `${key}: in REST_TWINS but no longer served`),
      ...Object.entries(REST_TWINS)
        .filter(([, operation]) => !(operation in ACCESS) || !names.has(operation))
        .map(([key, operation]) => `${key}: ${operation} has no access row or is not in the schema`),
    ];
    expect(routes.length).toBeGreaterThan(0);
    if (problems.length > 0) throw new Error(`The access matrix does not cover the REST routes:\n  ${problems.join('\n  ')}`);
  });

  it('answers every REST route as its access row declares, for every role, in every campaign it applies to, with the HTTP status of each code', async () => {
    const routes = await servedRoutes(arbiter.url);
    const mismatches: string[] = [];
    const tally = { attempts: 0, strict: 0, byRule: 0, denied: 0 };
    for (const route of routes) {
      const twin = REST_TWINS[route.key];
      const access = twin === undefined ? undefined : ACCESS[twin];
      const request = twin === undefined ? undefined : REQUESTS[twin];
      if (!access || !request) {
        mismatches.push(`${route.key}: not declared (see the other test)`);
        continue;
      }
      const tables = request.scope === 'every' ? world.tables : [world.table(request.scope)];
      for (const table of tables) {
        for (const [index, role] of ROLES.entries()) {
          const expected = access[index];
          const { path, body } = restRequest(route, await request.variables({ world, table, role }));
          const response = await callRest(arbiter.url, world.client(table, role).key, route.method, path, body);
          const seen = restOutcome(response);
          tally.attempts++;
          const match = matches(expected, seen);
          if (!match) mismatches.push(`${route.key} in ${table.ruleset} as ${role}: expected ${expected}, got ${seen} — ${response.text.slice(0, 300)}`);
          else if (match === 'by-rule') tally.byRule++;
          else if (expected === 'ok') tally.strict++;
          else tally.denied++;
        }
      }
    }
    console.log(
      `access matrix, REST: ${routes.length} routes × ${ROLES.length} roles in ${tally.attempts} attempts; allowed and answered: ${tally.strict}; ` +
        `allowed, refused by a rule: ${tally.byRule}; denied as declared: ${tally.denied}; mismatches: ${mismatches.length}`,
    );
    expect(mismatches).toEqual([]);
  }, 600_000);

  it('refuses a subscription sent over HTTP to every role, with a code', async () => {
    const subscriptions = operations.filter((operation) => operation.kind === 'subscription');
    const table = world.tables[0];
    for (const operation of subscriptions) {
      for (const role of ROLES) {
        const variables = await REQUESTS[operation.name].variables({ world, table, role });
        const response = await world.client(table, role).request(operationDocument(operation, variables, shallowSelection(operation.field.type)), variables);
        expect(response.status).toBeLessThan(500);
        expect(response.body.data?.[operation.name] ?? null).toBeNull();
        expect(response.body.errors?.[0]?.extensions?.code).toEqual(expect.any(String));
      }
    }
    console.log(`subscriptions over HTTP: ${subscriptions.length} × ${ROLES.length} roles refused with a code`);
  });

  it.each(['enchanted-realms-cards', 'tenth-realm'] as const)("keeps a deck a ruleset owns (%s: the Adventure Deck, the Tenth Realm deck) from the generic card moves but the GM's override, over GraphQL and REST", async (ruleset) => {
    const table = world.table(ruleset);
    const characterId = ruleset === 'tenth-realm' ? table.adaCharacterId : table.enchantedRealms!.adaCharacterId;
    const draw = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { eventSeq } }`;
    const asked = (override?: boolean) => ({ input: { deckId: table.deckId, count: 1, to: 'HAND', characterId, ...(override === undefined ? {} : { override }) } });
    const seen = async (role: (typeof ROLES)[number], override?: boolean) => {
      const response = await world.client(table, role).request(draw, asked(override));
      return observed(response.status, response.body);
    };
    expect(await seen('player')).toBe('FORBIDDEN');
    expect(await seen('player', true)).toBe('FORBIDDEN');
    expect(await seen('gm')).toBe('RULE_VIOLATION:OWNED_DECK');
    expect(await seen('gm', true)).toBe('ok');
    const rest = async (role: (typeof ROLES)[number], override?: boolean) => {
      const response = await fetch(`${arbiter.url}/v1/decks/${table.deckId}/draw`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.client(table, role).key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ count: 1, to: 'DISCARD', ...(override === undefined ? {} : { override }) }),
      });
      const body = (await response.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
      return [response.status, body.errors?.[0]?.extensions?.code ?? 'ok', body.errors?.[0]?.extensions?.reason ?? null];
    };
    expect(await rest('player')).toEqual([403, 'FORBIDDEN', null]);
    expect(await rest('gm')).toEqual([422, 'RULE_VIOLATION', 'OWNED_DECK']);
    expect(await rest('gm', true)).toEqual([200, 'ok', null]);
  });
});

describe('API keys', () => {
  let arbiter: RunningArbiter;
  let db: DbChecks;
  beforeAll(async () => {
    arbiter = await startTestArbiter({ ARBITER_RATE_LIMIT_PER_MINUTE: '0' });
    db = new DbChecks();
  });
  afterAll(async () => {
    await db?.close();
    await arbiter?.close();
  });

  it('are stored only as their SHA-256: no row of any table holds a key', async () => {
    const world = await World.prepare(arbiter.url, db, { label: 'Keys' });
    // Keys handed out in answers that are kept for retries (Idempotency-Key) must not be kept readable either.
    const table = world.tables[0];
    const idempotent = { 'idempotency-key': `keys-${table.campaignId}` };
    const addMember = `mutation ($input: AddMemberInput!) { addMember(input: $input) { member { id } apiKey } }`;
    const input = { input: { campaignId: table.campaignId, name: 'Cy', role: 'PLAYER' } };
    const first = await table.gm.client.request(addMember, input, idempotent);
    const retry = await table.gm.client.request(addMember, input, idempotent);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replay')).toBe('true');
    const created = await world.admin.request(`mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { gmKey } }`, { input: { name: 'Keys', ruleset: 'enchanted-realms-cards' } }, idempotent);
    expect(created.body.data?.createCampaign.gmKey).toMatch(/^arb_/);
    const rows = await db.query<{ id: string; row: string; api_key_hash: string }>(
      'SELECT m.id, k.key_hash AS api_key_hash, row_to_json(m)::text AS row FROM members m LEFT JOIN api_keys k ON k.campaign_id = m.campaign_id AND k.member_id = m.id',
    );
    expect(rows.length).toBeGreaterThan(0);
    // An API key: arb_ and 43 characters of base64url (a name may well contain "arb_").
    const KEY = /arb_[A-Za-z0-9_-]{43}/;
    for (const row of rows) {
      expect(row.row).not.toMatch(KEY);
      expect(row.api_key_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const members = world.tables.flatMap((table) => [table.gm, table.ada, table.bo]);
    const byId = new Map(rows.map((row) => [row.id, row.api_key_hash]));
    for (const member of members) {
      expect(member.key).toMatch(/^arb_/);
      expect(byId.get(member.memberId)).toBe(createHash('sha256').update(member.key).digest('hex'));
    }
    // Nowhere else either: no table of the database holds a key in the clear.
    const tables = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    for (const { table_name } of tables) {
      const [{ found }] = await db.query(`SELECT count(*)::int AS found FROM "${table_name}" t WHERE row_to_json(t)::text ~ 'arb_[A-Za-z0-9_-]{43}'`);
      expect({ table: table_name, found }).toEqual({ table: table_name, found: 0 });
    }
    console.log(`API keys: ${members.length} member keys checked against ${rows.length} member rows; ${tables.length} tables hold no key`);
  }, 60_000);

  it('refuses a key that differs from a real one in a single character', async () => {
    const world = await World.prepare(arbiter.url, db, { label: 'Keys' });
    const { gm, ada } = world.tables[0];
    const keys = [gm.key, ada.key, TEST_ADMIN_KEY];
    let tried = 0;
    for (const key of keys) {
      expect((await new Client(arbiter.url, key).data('{ me { role } }')).me.role).toEqual(expect.any(String));
      const variants = [oneCharacterOff(key), key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'), (key[0] === 'a' ? 'b' : 'a') + key.slice(1), key.slice(0, -1), `${key}A`];
      for (const variant of variants) {
        expect(await new Client(arbiter.url, variant).errorCode('{ me { role } }')).toBe('UNAUTHENTICATED');
        tried++;
      }
    }
    console.log(`API keys: ${tried} near-miss keys (one character changed, cut or added) refused`);
  });

  it('are compared in constant time, by digest', () => {
    // The helper: equal digests match, and a one-character change does not.
    const key = 'arb_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
    expect(sameKey(key, key)).toBe(true);
    expect(sameKey(key, oneCharacterOff(key))).toBe(false);
    expect(sameDigest(keyDigest(key), Buffer.from(hashApiKey(key), 'hex'))).toBe(true);
    // The code: comparisons go through timingSafeEqual on fixed-length digests, and members are
    // found by the hash of the key (an index probe), never by comparing keys as strings.
    const apiKeys = readFileSync(new URL('../../src/modules/auth/api-keys.ts', import.meta.url), 'utf8');
    const auth = readFileSync(new URL('../../src/modules/auth/auth.service.ts', import.meta.url), 'utf8');
    const repository = readFileSync(new URL('../../src/modules/auth/auth.repository.ts', import.meta.url), 'utf8');
    expect(apiKeys).toMatch(/import \{[^}]*timingSafeEqual[^}]*\} from 'node:crypto'/);
    expect(apiKeys).toMatch(/return timingSafeEqual\(presented, expected\)/);
    expect(auth).toMatch(/sameDigest\(digest, this\.adminDigest\)/);
    expect(auth).not.toMatch(/\b(key|adminKey)\s*[!=]==?\s*(?!null\b|undefined\b)[\w.]|[!=]==?\s*(key|adminKey)\b/);
    expect(repository).toMatch(/apiKey\.findUnique\(\{ where: \{ keyHash: apiKeyHash \}/);
    // And the Authorization header is redacted from the request logs (canary.rel-spec.ts reads them).
    const bootstrap = readFileSync(new URL('../../src/bootstrap.ts', import.meta.url), 'utf8');
    expect(bootstrap).toMatch(/redact:[^\n]*'req\.headers\.authorization'/);
  });
});
