/** The REST surface (/v1) as the reliability suite drives it: every route the server describes. */

/** A route as the served OpenAPI document names it, e.g. `POST /v1/decks/{deckId}/draw`. */
export interface RestRoute {
  key: string;
  method: 'GET' | 'POST';
  /** The OpenAPI path, with `{param}` placeholders. */
  path: string;
  params: string[];
}

/**
 * The GraphQL operation each REST route is (its controller calls the same service with the same
 * arguments): the route shares its access row and its valid request. A route the server serves
 * that is missing here fails the access matrix.
 */
export const REST_TWINS: Record<string, string> = {
  'GET /v1/odds/roll': 'rollOdds',
  'POST /v1/campaigns/{campaignId}/dice': 'rollDice',
  'GET /v1/campaigns/{campaignId}/events': 'events',
  'POST /v1/decks/{deckId}/draw': 'drawCards',
  'POST /v1/tenth-realm/characters/{characterId}/trial-roll': 'tenthRealmTrialRoll',
  'POST /v1/enchanted-realms/campaigns/{campaignId}/draw': 'enchantedRealmsDraw',
  'POST /v1/ytterdorren/campaigns/{campaignId}/skirmishes': 'ytterdorrenStartSkirmish',
  'POST /v1/ytterdorren/skirmishes/{skirmishId}/stance': 'ytterdorrenChooseStance',
  'POST /v1/ytterdorren/skirmishes/{skirmishId}/resolve-round': 'ytterdorrenResolveRound',
  'POST /v1/ytterdorren/encounters/{encounterId}/foe-attack': 'ytterdorrenFoeAttack',
  'POST /v1/ytterdorren/encounters/{encounterId}/character-attack': 'ytterdorrenCharacterAttack',
  'POST /v1/yummell/characters/{characterId}/move': 'yummellMove',
  'POST /v1/yummell/characters/{characterId}/resolve-challenge': 'yummellResolveChallenge',
  'POST /v1/yummell/characters/{characterId}/rest': 'yummellRest',
  'POST /v1/yummell/characters/{characterId}/end-turn': 'yummellEndTurn',
  'POST /v1/enchanted-realms-d20/combatants/{attackerId}/attack': 'enchantedRealmsD20Attack',
  'POST /v1/enchanted-realms-d20/combatants/{combatantId}/check': 'enchantedRealmsD20Check',
  'POST /v1/enchanted-realms-d20/combats/{encounterId}/next-turn': 'enchantedRealmsD20NextTurn',
  'GET /v1/tenth-realm/characters/{characterId}/trial-odds': 'tenthRealmTrialOdds',
  'GET /v1/enchanted-realms/campaigns/{campaignId}/draw-odds': 'enchantedRealmsDrawOdds',
  'GET /v1/enchanted-realms-d20/combatants/{attackerId}/attack-odds': 'enchantedRealmsD20AttackOdds',
  'GET /v1/ytterdorren/skirmishes/{skirmishId}/odds': 'ytterdorrenSkirmishOdds',
  'GET /v1/yummell/characters/{characterId}/challenge-odds': 'yummellChallengeOdds',
};

/** The HTTP status of each error code on the REST surface (README, "REST"). */
export const STATUS_OF_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RULE_VIOLATION: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
};

/** Every route of the served OpenAPI document: what a new controller adds is found without a list to update. */
export async function servedRoutes(url: string): Promise<RestRoute[]> {
  const response = await fetch(`${url}/v1/openapi.json`);
  if (response.status !== 200) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
  const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as RestRoute['method'],
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
      })),
  );
}

/**
 * A REST request from its GraphQL twin's variables: the path takes its parameters from the
 * input (or the arguments), a POST sends the rest as its JSON body, a GET as its query string.
 */
export function restRequest(route: RestRoute, variables: Record<string, unknown>): { path: string; body?: unknown } {
  const source = (variables.input !== undefined && variables.input !== null && typeof variables.input === 'object' && !Array.isArray(variables.input) ? variables.input : variables) as Record<
    string,
    unknown
  >;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathSegment(String(source[name] ?? '')));
  const rest = Object.fromEntries(Object.entries(source).filter(([name, value]) => !route.params.includes(name) && value !== undefined));
  if (route.method === 'POST') return { path, body: rest };
  const query = new URLSearchParams(
    Object.entries(rest)
      .filter(([, value]) => value !== null)
      .map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  ).toString();
  return { path: query ? `${path}?${query}` : path };
}

/** A path segment as an HTTP client sends it: UTF-8, percent-encoded (a lone surrogate as U+FFFD, which encodeURIComponent refuses). */
function pathSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

export interface RestResponse {
  status: number;
  text: string;
  body: { errors?: Array<{ message?: string; extensions?: Record<string, any> }> } & Record<string, unknown>;
}

export async function callRest(url: string, key: string | undefined, method: RestRoute['method'], path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RestResponse> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: RestResponse['body'];
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = {};
  }
  return { status: response.status, text, body: parsed ?? {} };
}

/**
 * What a REST answer shows, in the access matrix's words: 'ok' for a 2xx, the error's code (with
 * a RULE_VIOLATION's reason) otherwise; or what is wrong with it: a 5xx, an error with no code,
 * or a status that is not its code's.
 */
export function restOutcome(response: RestResponse): string {
  if (response.status >= 500) return `HTTP ${response.status}`;
  if (response.status >= 200 && response.status < 300) return response.body.errors ? 'ERRORS_WITH_2XX' : 'ok';
  const code = response.body.errors?.[0]?.extensions?.code;
  if (typeof code !== 'string') return `HTTP ${response.status} without a code`;
  if (STATUS_OF_CODE[code] !== response.status) return `${code} with HTTP ${response.status}`;
  return code === 'RULE_VIOLATION' ? `RULE_VIOLATION:${response.body.errors![0].extensions!.reason}` : code;
}
