import Fastify, { type FastifyInstance } from 'fastify';
import { GraphQLError, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, type GraphQLFormattedError } from 'graphql';
import { GraphQLFastPath, type ServedGraphQL } from './graphql-fast-path.js';
import { OperationRateLimiter } from './rate-limit.js';
import { newRequestContext } from './request-context.js';

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      hello: { type: GraphQLString, resolve: () => 'world' },
      busy: {
        type: GraphQLString,
        resolve: () => {
          throw new GraphQLError('Busy', { extensions: { code: 'RATE_LIMITED', http: { status: 429, headers: new Map([['retry-after', '7']]) } } });
        },
      },
      typo: {
        type: GraphQLString,
        resolve: () => {
          throw new Error('No field "helo". Did you mean "hello"?');
        },
      },
    },
  }),
});

/** A server whose `/graphql` handler stands in for Apollo: it says so, and counts its calls. */
async function server(fastPath: GraphQLFastPath, served: ServedGraphQL) {
  const app: FastifyInstance = Fastify();
  app.addHook('preHandler', async (request) => {
    request.arbiter = newRequestContext(null);
  });
  fastPath.register(app, () => served);
  const apollo = { calls: 0 };
  app.post('/graphql', async () => {
    apollo.calls += 1;
    return 'apollo';
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = async (query: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });
    return { statusCode: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  };
  return { app, apollo, post };
}

/** What Apollo's plugin hands over once it has validated a document. */
async function accepted(fastPath: GraphQLFastPath, query: string): Promise<void> {
  const listener = await fastPath.plugin.requestDidStart!({} as never);
  await listener!.didResolveOperation!({ source: query, document: parse(query) } as never);
}

describe('GraphQLFastPath', () => {
  it('leaves a document to Apollo until Apollo has accepted it, then answers it itself', async () => {
    const fastPath = new GraphQLFastPath(new OperationRateLimiter(0), false);
    const { app, apollo, post } = await server(fastPath, { schema });
    expect((await post('{ hello }')).body).toBe('apollo');
    await accepted(fastPath, '{ hello }');
    const answer = await post('{ hello }');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toBe('{"data":{"hello":"world"}}\n');
    expect([apollo.calls, fastPath.answered]).toEqual([1, 1]);
    // GraphQL's own JSON when the client prefers it, as Apollo chooses it.
    const graphqlJson = await post('{ hello }', { accept: 'application/graphql-response+json,application/json;q=0.9' });
    expect(graphqlJson.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(graphqlJson.body).toBe('{"data":{"hello":"world"}}\n');
    // Apollo refuses what takes no JSON.
    expect((await post('{ hello }', { accept: 'text/html' })).body).toBe('apollo');
    expect([apollo.calls, fastPath.answered]).toEqual([2, 2]);
    await app.close();
  });

  it("formats execution errors as Apollo does: a code, the http extension's headers taken out, then formatError", async () => {
    const seenByFormatError: GraphQLFormattedError[] = [];
    const formatError = (formatted: GraphQLFormattedError) => {
      seenByFormatError.push(formatted);
      return formatted;
    };
    const fastPath = new GraphQLFastPath(new OperationRateLimiter(0), false);
    const { app, post } = await server(fastPath, { schema, formatError });
    await accepted(fastPath, '{ busy hello }');
    const answer = await post('{ busy hello }');
    // With data, 200: the error's status does not apply; its headers do.
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['retry-after']).toBe('7');
    expect(JSON.parse(answer.body)).toEqual({
      errors: [{ message: 'Busy', locations: [{ line: 1, column: 3 }], path: ['busy'], extensions: { code: 'RATE_LIMITED' } }],
      data: { busy: null, hello: 'world' },
    });
    expect(seenByFormatError).toHaveLength(1);

    await accepted(fastPath, '{ typo }');
    expect(JSON.parse((await post('{ typo }')).body).errors[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    await app.close();
  });

  it('hides field suggestions in production, as graphql-armor does', async () => {
    const fastPath = new GraphQLFastPath(new OperationRateLimiter(0), true);
    const { app, post } = await server(fastPath, { schema });
    await accepted(fastPath, '{ typo }');
    expect(JSON.parse((await post('{ typo }')).body).errors[0].message).toBe('No field "helo". [Suggestion hidden]?');
    await app.close();
  });

  it('answers a failing formatError with a bare internal error, as Apollo does', async () => {
    const fastPath = new GraphQLFastPath(new OperationRateLimiter(0), false);
    const formatError = () => {
      throw new Error('formatting failed');
    };
    const { app, post } = await server(fastPath, { schema, formatError });
    await accepted(fastPath, '{ busy }');
    expect(JSON.parse((await post('{ busy }')).body).errors).toEqual([{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
    await app.close();
  });

  it('keeps at most 1 000 documents, dropping the oldest', async () => {
    const fastPath = new GraphQLFastPath(new OperationRateLimiter(0), false);
    const { app, apollo, post } = await server(fastPath, { schema });
    for (let i = 0; i <= 1000; i++) await accepted(fastPath, `query Q${i} { hello }`);
    expect((await post('query Q0 { hello }')).body).toBe('apollo');
    expect(JSON.parse((await post('query Q1 { hello }')).body)).toEqual({ data: { hello: 'world' } });
    expect(apollo.calls).toBe(1);
    await app.close();
  });
});
