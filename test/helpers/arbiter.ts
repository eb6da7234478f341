import { startArbiter, type RunningArbiter } from '../../src/bootstrap.js';
import { loadConfig } from '../../src/infra/config.js';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789abcdef';

export function testDatabaseUrl(): string {
  const url = process.env.ARBITER_TEST_DATABASE_URL;
  if (!url) throw new Error('ARBITER_TEST_DATABASE_URL is not set: run the tests through jest (global setup)');
  return url;
}

/** A real Arbiter on a free port, on the test run's database. */
export async function startTestArbiter(env: Record<string, string> = {}): Promise<RunningArbiter> {
  const config = loadConfig({
    DATABASE_URL: testDatabaseUrl(),
    PORT: '0',
    HOST: '127.0.0.1',
    ARBITER_ADMIN_KEY: TEST_ADMIN_KEY,
    LOG_LEVEL: 'silent',
    ...env,
  });
  return startArbiter(config);
}

export interface GraphQLResponse<T = Record<string, any>> {
  status: number;
  body: { data?: T; errors?: Array<{ message: string; extensions?: Record<string, any>; path?: string[] }> };
  text: string;
  headers: Headers;
}

/** A GraphQL client for one key. */
export class Client {
  constructor(
    readonly url: string,
    readonly key?: string,
  ) {}

  async request<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    /** More of the request body: `operationName`, `extensions`. */
    more: Record<string, unknown> = {},
  ): Promise<GraphQLResponse<T>> {
    const response = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.key ? { authorization: `Bearer ${this.key}` } : {}),
        ...headers,
      },
      body: JSON.stringify({ query, variables, ...more }),
    });
    const text = await response.text();
    let body: GraphQLResponse<T>['body'];
    try {
      body = JSON.parse(text);
    } catch {
      // An answer that is not JSON is a failure to report, not a crash of the test.
      body = { errors: [{ message: `not JSON (HTTP ${response.status}): ${text.slice(0, 200)}` }] };
    }
    return { status: response.status, body, text, headers: response.headers };
  }

  /** The data of a request that must succeed. */
  async data<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<T> {
    const response = await this.request<T>(query, variables, headers);
    if (response.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(response.body.errors)}`);
    return response.body.data as T;
  }

  /** The first error's code of a request that must fail. */
  async errorCode(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<string> {
    const response = await this.request(query, variables, headers);
    if (!response.body.errors) throw new Error(`Expected an error, got ${response.text}`);
    return response.body.errors[0].extensions?.code;
  }
}

/** A campaign with a GM, two players with a character each, and a standard-52 deck (the ruleset's own, if it sets one up). */
export async function createTable(url: string, ruleset = 'tenth-realm', settings?: Record<string, unknown>) {
  const admin = new Client(url, TEST_ADMIN_KEY);
  const created = await admin.data(
    `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id rngCommitment } gmKey gm { id } } }`,
    { input: { name: 'Table', ruleset, ...(settings ? { settings } : {}) } },
  );
  const campaignId: string = created.createCampaign.campaign.id;
  const gm = new Client(url, created.createCampaign.gmKey);
  const players: Array<{ client: Client; memberId: string; characterId: string }> = [];
  for (const name of ['Ada', 'Bo']) {
    const added = await gm.data(
      `mutation ($input: AddMemberInput!) { addMember(input: $input) { member { id } apiKey } }`,
      { input: { campaignId, name, role: 'PLAYER' } },
    );
    const client = new Client(url, added.addMember.apiKey);
    const character = await client.data(
      `mutation ($input: CreateCharacterInput!) { createCharacter(input: $input) { id } }`,
      { input: { campaignId, name: `${name}'s hero` } },
    );
    players.push({ client, memberId: added.addMember.member.id, characterId: character.createCharacter.id });
  }
  const deckId = await firstDeckOrNew(gm, campaignId);
  return { admin, gm, campaignId, rngCommitment: created.createCampaign.campaign.rngCommitment as string, players, deckId };
}

/**
 * A table (createTable) whose `deckId` is a standard-52 deck no ruleset owns, made with createDeck:
 * the generic card moves are everyone's rules there. A ruleset's own deck (the Tenth Realm's, the
 * Adventure Deck) is moved by its rules, and by the GM only with `override: true`.
 */
export async function createOpenTable(url: string, ruleset = 'tenth-realm', settings?: Record<string, unknown>) {
  const table = await createTable(url, ruleset, settings);
  const deck = await table.gm.data(`mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id } }`, {
    input: { campaignId: table.campaignId, name: 'Open deck', preset: 'standard-52' },
  });
  return { ...table, rulesetDeckId: table.deckId, deckId: deck.createDeck.id as string };
}

/** The deck the campaign's ruleset set up (the Tenth Realm's shared deck), or a new standard-52 one. */
async function firstDeckOrNew(gm: Client, campaignId: string): Promise<string> {
  const { campaign } = await gm.data(`query ($id: ID!) { campaign(id: $id) { decks { id } } }`, { id: campaignId });
  if (campaign.decks.length > 0) return campaign.decks[0].id;
  const deck = await gm.data(
    `mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id } }`,
    { input: { campaignId, name: 'Deck', preset: 'standard-52' } },
  );
  return deck.createDeck.id;
}

/** A finished Tenth Realm character of `client`'s (created, its Vanori chosen, a weapon named): its id. */
export async function finishedTenthRealmCharacter(client: Client, campaignId: string, name: string, vanori = 'OX', weaponName = 'Spear'): Promise<string> {
  const created = await client.data(
    `mutation ($input: TenthRealmCreateCharacterInput!) { tenthRealmCreateCharacter(input: $input) { character { id } } }`,
    { input: { campaignId, name } },
  );
  const characterId: string = created.tenthRealmCreateCharacter.character.id;
  await client.data(`mutation ($input: TenthRealmChooseVanoriInput!) { tenthRealmChooseVanori(input: $input) { eventSeq } }`, { input: { characterId, vanori } });
  await client.data(`mutation ($input: TenthRealmFinishCharacterInput!) { tenthRealmFinishCharacter(input: $input) { eventSeq } }`, { input: { characterId, weaponName } });
  return characterId;
}
