import { readFileSync } from 'node:fs';
import { buildClientSchema, buildSchema, getIntrospectionQuery, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { Client, createOpenTable, startTestArbiter, testDatabaseUrl, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { ServerProcess } from '../helpers/processes.js';

const sorted = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));

/**
 * The bundled server (dist/server.js, what `npm start` and the image run) against the sources
 * the other suites test: the same API, and everything it reads from disk at run time found.
 */
describe('the bundled server, dist/server.js', () => {
  let bundled: ServerProcess;
  let inProcess: RunningArbiter;
  beforeAll(async () => {
    [bundled, inProcess] = await Promise.all([ServerProcess.start(testDatabaseUrl()), startTestArbiter()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([bundled?.stop(), inProcess?.close()]);
  });

  it('serves the GraphQL schema of schema.gql, type names and all', async () => {
    const introspection = await new Client(bundled.url, TEST_ADMIN_KEY).data(getIntrospectionQuery({ specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }));
    expect(sorted(buildClientSchema(introspection as never))).toBe(sorted(buildSchema(readFileSync('schema.gql', 'utf8'))));
  });

  it('serves the OpenAPI document the sources generate', async () => {
    const [fromBundle, fromSources] = await Promise.all(
      [bundled.url, inProcess.url].map(async (url) => (await (await fetch(`${url}/v1/openapi.json`)).json()) as { components: { schemas: object } }),
    );
    expect(Object.keys(fromBundle.components.schemas)).toContain('DrawCardsBody');
    expect(fromBundle).toEqual(fromSources);
  });

  it('resolves actions on the migrated database and serves the pages built from its dependencies', async () => {
    const table = await createOpenTable(bundled.url);
    const drawn = await table.gm.data(`mutation ($input: DrawCardsInput!) { drawCards(input: $input) { eventSeq cards { code } } }`, {
      input: { deckId: table.deckId, count: 2, to: 'DISCARD' },
    });
    expect(drawn.drawCards.cards).toHaveLength(2);

    for (const path of ['/playground/assets/graphiql.min.js', '/v1/docs/swagger-ui-bundle.js']) {
      const response = await fetch(`${bundled.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    }
    const page = await fetch(`${bundled.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/playground/assets/graphiql.min.js');
  });

  it('writes a quiet server\'s log line though its buffer is far from full', async () => {
    const quiet = await ServerProcess.start(testDatabaseUrl(), { LOG_LEVEL: 'info' }, true);
    try {
      const answered = performance.now();
      expect((await fetch(`${quiet.url}/graphql?quiet=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })).status).toBe(200);
      const logged = () => quiet.log.some((line) => line.includes('"url":"/graphql?quiet=1"'));
      // The line comes from the periodic flush, not from a full buffer; the deadline only guards against a hang.
      while (!logged() && performance.now() - answered < 15_000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logged()).toBe(true);
    } finally {
      await quiet.stop();
    }
  }, 60_000);

  it('writes the log line of every request it answered, those still queued when it was stopped included', async () => {
    const logged = await ServerProcess.start(testDatabaseUrl(), { LOG_LEVEL: 'info' }, true);
    const answered = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const response = await fetch(`${logged.url}/graphql?n=${i}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
        return response.status;
      }),
    );
    expect(answered.every((status) => status === 200)).toBe(true);
    await logged.stop();
    expect(logged.exit).toEqual({ code: 0, signal: null });
    const urls = logged.log
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((entry) => entry.msg === 'request completed' && entry.req?.url?.startsWith('/graphql?n='))
      .map((entry) => entry.req!.url);
    expect(new Set(urls).size).toBe(300);
  }, 60_000);
});
