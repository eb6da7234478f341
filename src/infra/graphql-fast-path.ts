import type { ApolloServerPlugin } from '@apollo/server';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type DocumentNode,
  type GraphQLError,
  type GraphQLFormattedError,
  type OperationDefinitionNode,
  execute,
  getOperationAST,
} from 'graphql';
import Negotiator from 'negotiator';
import { withProps } from '../rules/plain-data.js';
import { countOperations } from './graphql-limits.js';
import type { OperationRateLimiter } from './rate-limit.js';

/** How many documents Apollo accepted are kept, by their text: a client sends the same few again and again. */
const MAX_DOCUMENTS = 1000;
const JSON_UTF8 = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_JSON_UTF8 = 'application/graphql-response+json; charset=utf-8';
/** The media types Apollo Server chooses among for one result, in its order of preference. */
const RESULT_MEDIA_TYPES = [JSON_UTF8, GRAPHQL_RESPONSE_JSON_UTF8, 'application/json; callbackSpec=1.0; charset=utf-8'];
/** How many Accept headers' choices are kept: a client sends the same one every time. */
const MAX_ACCEPT_HEADERS = 100;
/** What graphql-armor's field-suggestion blocking puts in place of graphql-js's "Did you mean …" (production). */
const SUGGESTION_MASK = '[Suggestion hidden]';

interface PlainRequest {
  contentType: string;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** What the fast path needs of the GraphQL module's final options: the schema Apollo serves and its error formatting. */
export type ServedGraphQL = Pick<ApolloDriverConfig, 'schema' | 'formatError'>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Answers the plain GraphQL request — a POST of one JSON operation whose document Apollo Server
 * has already parsed and validated — with graphql-js directly, as Apollo would: the same schema
 * (mutations atomic), context, rate limit, error formatting, status and body. Apollo's request
 * pipeline (its plugin hooks, document hash, content negotiation and HTTP conversion) cost ~12 %
 * of the server's CPU for a card draw, and adds nothing to a request like this one.
 *
 * Everything else goes to Apollo as before: a document it has not accepted yet (so every parse,
 * validation, depth, cost and token limit is Apollo's and graphql-armor's), GET, batches,
 * persisted queries, other content types (CSRF prevention), an Accept header that takes neither
 * JSON nor GraphQL's JSON, subscriptions, variables that do not fit the operation and a refused rate
 * limit (Apollo reports those; nothing has run). An operation is never run twice: the fast path
 * hands over only before it executes.
 */
export class GraphQLFastPath {
  private readonly documents = new Map<string, DocumentNode>();
  private readonly contentTypes = new Map<string, string | undefined>();
  private served?: ServedGraphQL;
  /** Requests answered here rather than by Apollo. */
  answered = 0;

  constructor(
    private readonly limiter: OperationRateLimiter,
    private readonly maskSuggestions: boolean,
  ) {}

  /** The Apollo plugin that hands over each document Apollo has parsed and validated, by its text. */
  readonly plugin: ApolloServerPlugin = {
    requestDidStart: async () => ({
      didResolveOperation: async ({ source, document }) => {
        if (this.documents.has(source)) return;
        // The oldest out first: a document that is still in use comes back at its next request.
        if (this.documents.size >= MAX_DOCUMENTS) this.documents.delete(this.documents.keys().next().value!);
        this.documents.set(source, document);
      },
    }),
  };

  /**
   * Puts the fast path in front of Apollo's handler of `/graphql`: it answers what it can and hands
   * the rest to Apollo. The handler runs after the request lifecycle's hooks (the key, the
   * Idempotency-Key claim, the request context), and its answer leaves through them (the commit).
   * Call before the GraphQL module starts: `served` then gives its final options.
   */
  register(fastify: FastifyInstance, served: () => ServedGraphQL | undefined): void {
    fastify.addHook('onRoute', (route) => {
      if (route.url !== '/graphql') return;
      const apollo = route.handler;
      const answer = (request: FastifyRequest) => this.answer(request, (this.served ??= served()));
      route.handler = async function (request, reply) {
        const answered = await answer(request);
        if (!answered) return apollo.call(this, request, reply);
        for (const [name, value] of answered.headers) void reply.header(name, value);
        // A result with data is 200, whatever its errors say (as @nestjs/apollo answers).
        void reply.code(200).type(answered.contentType);
        return answered.body;
      };
    });
  }

  /** The answer to a plain request, or undefined when Apollo is to answer (and nothing has run). */
  private async answer(
    request: FastifyRequest,
    served: ServedGraphQL | undefined,
  ): Promise<{ contentType: string; headers: Map<string, string>; body: string } | undefined> {
    const plain = this.plainRequest(request);
    if (!plain || !served?.schema || !request.arbiter) return undefined;
    // Counted once: Apollo, when it takes over below, reports this same outcome.
    const counted = countOperations(this.limiter, request.arbiter.principal, plain.operation, request.headers['x-forwarded-for']);
    request.arbiter.operationsCounted = counted;
    try {
      await counted;
    } catch {
      return undefined;
    }
    const result = await execute({
      schema: served.schema,
      document: plain.document,
      variableValues: plain.variables,
      operationName: plain.operationName,
      contextValue: { req: request },
    });
    // No data: the variables did not fit the operation and nothing ran.
    if (!('data' in result)) return undefined;
    this.answered += 1;
    const headers = new Map<string, string>();
    const errors = result.errors?.map((error) => this.formatted(error, headers, served.formatError));
    return { contentType: plain.contentType, headers, body: `${JSON.stringify({ errors, data: result.data, extensions: result.extensions })}\n` };
  }

  /** The request's operation when it is one the fast path answers; undefined for Apollo. */
  private plainRequest(request: FastifyRequest): PlainRequest | undefined {
    if (request.method !== 'POST' || request.routeOptions.url !== '/graphql') return undefined;
    const sent = request.headers['content-type'];
    if (!sent || sent.split(';', 1)[0].trim().toLowerCase() !== 'application/json') return undefined;
    const contentType = this.contentTypeFor(request.headers.accept);
    if (!contentType) return undefined;
    const body = request.body;
    if (!isRecord(body) || typeof body.query !== 'string') return undefined;
    const { variables, operationName, extensions } = body;
    if (extensions !== undefined && extensions !== null) return undefined;
    if (variables !== undefined && variables !== null && !isRecord(variables)) return undefined;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
    const document = this.documents.get(body.query);
    if (!document) return undefined;
    const operation = getOperationAST(document, operationName ?? undefined);
    if (!operation || operation.operation === 'subscription') return undefined;
    return { contentType, document, operation, variables: variables ?? undefined, operationName: operationName ?? undefined };
  }

  /**
   * The media type of the answer, chosen as Apollo Server chooses it (by its Accept header, with
   * `negotiator`), when it is JSON or GraphQL's JSON; undefined leaves the request to Apollo (which
   * refuses an Accept header it cannot meet, or answers for a subscription callback).
   */
  private contentTypeFor(accept: string | undefined): string | undefined {
    if (!accept) return JSON_UTF8;
    if (this.contentTypes.has(accept)) return this.contentTypes.get(accept);
    const chosen = new Negotiator({ headers: { accept } }).mediaType(RESULT_MEDIA_TYPES);
    const contentType = chosen === JSON_UTF8 || chosen === GRAPHQL_RESPONSE_JSON_UTF8 ? chosen : undefined;
    if (this.contentTypes.size >= MAX_ACCEPT_HEADERS) this.contentTypes.clear();
    this.contentTypes.set(accept, contentType);
    return contentType;
  }

  /**
   * An execution error as Apollo Server sends it: graphql-armor's suggestion mask (production),
   * then a code (INTERNAL_SERVER_ERROR when it has none), its `http` extension taken out into
   * the response's headers, then the module's `formatError`.
   */
  private formatted(error: GraphQLError, headers: Map<string, string>, formatError: ServedGraphQL['formatError']): GraphQLFormattedError {
    if (this.maskSuggestions) error.message = error.message.replace(/Did you mean ".+"/g, SUGGESTION_MASK);
    const extensions: Record<string, unknown> = withProps(error.extensions, { code: error.extensions.code ?? 'INTERNAL_SERVER_ERROR' });
    const http = extensions.http as { status?: unknown; headers?: unknown } | undefined;
    if (http && typeof http === 'object' && (!('status' in http) || typeof http.status === 'number') && (!('headers' in http) || http.headers instanceof Map)) {
      if (http.headers instanceof Map) for (const [name, value] of http.headers) headers.set(String(name), String(value));
      delete extensions.http;
    }
    const enriched: GraphQLFormattedError = withProps(error.toJSON(), { extensions });
    try {
      return formatError ? formatError(enriched, error) : enriched;
    } catch {
      return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
  }
}
