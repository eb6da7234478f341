import type { IncomingMessage } from 'node:http';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import {
  GraphQLError,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { WebSocket } from 'ws';
import { RateLimitedError, type OperationRateLimiter } from '../../infra/rate-limit.js';
import { newRequestContext, type RequestContext } from '../../infra/request-context.js';
import type { ConnectionGraphQLContext } from '../auth/auth.guard.js';
import { AuthService } from '../auth/auth.service.js';

type ConnectionContext = Parameters<NonNullable<GraphQLWsSubscriptionsConfig['onConnect']>>[0];

/** What graphql-ws keeps per connection ('ws' server): its socket and upgrade request, and our request context. */
interface ConnectionExtra {
  socket: WebSocket;
  request: IncomingMessage;
  arbiter?: RequestContext;
}

/** How `graphql-ws` connection parameters carry the key, like the HTTP header. */
interface ConnectionParams {
  authorization?: unknown;
  Authorization?: unknown;
}

/** What an error formatter does (the same one Apollo uses over HTTP). */
export type ErrorFormatter = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

/** The limits a subscription document meets, as a request over HTTP does (graphql-limits.ts). */
export interface SubscriptionLimits {
  /** graphql-armor's rules: depth, aliases, directives, cost. */
  validationRules: readonly ValidationRule[];
  maxTokens: number;
  /** Each subscription counts one operation against its key. */
  rateLimiter: OperationRateLimiter;
}

/** How long sockets get to close by themselves at shutdown before they are cut. */
const SHUTDOWN_GRACE_MS = 1_000;

/**
 * The WebSocket side of GraphQL (graphql-ws, on the same port and path as HTTP). A connection
 * authenticates once, in `connection_init`, with `{ "authorization": "Bearer <key>" }`; without a
 * valid key it is closed (4403). It serves subscriptions only: queries and mutations go over
 * HTTP, where idempotency, transactions and the request limits apply.
 */
@Injectable()
export class LiveEventsConnections implements OnModuleDestroy {
  private readonly sockets = new Set<WebSocket>();

  constructor(private readonly auth: AuthService) {}

  /** The `subscriptions` option of GraphQLModule. */
  subscriptionsConfig(path: string, formatError: ErrorFormatter, limits: SubscriptionLimits): { 'graphql-ws': GraphQLWsSubscriptionsConfig } {
    const rules = [...specifiedRules, ...limits.validationRules];
    return {
      'graphql-ws': {
        path,
        onConnect: (ctx: ConnectionContext) => this.admit(ctx),
        onSubscribe: async (ctx: ConnectionContext, _id: string, payload: { query: string; operationName?: string | null }) =>
          refuseNonSubscriptions(payload.query, payload.operationName, limits.maxTokens) ??
          (await refuseOverRateLimit(limits.rateLimiter, (ctx.extra as ConnectionExtra).arbiter)),
        // The rules Apollo runs over HTTP, and its code for what they refuse. (graphql-ws's own
        // option: Nest hands every option to graphql-ws's useServer, though its type omits this one.)
        validate: (schema: GraphQLSchema, document: DocumentNode) =>
          validate(schema, document, rules).map(
            (error) => new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code: 'GRAPHQL_VALIDATION_FAILED' } }),
          ),
        // graphql-ws sends errors as they are thrown: format them as Apollo does over HTTP.
        onNext: (_ctx: unknown, _id: string, _payload: unknown, _args: unknown, result: { errors?: readonly GraphQLError[] }) =>
          result.errors ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) } : undefined,
      } as GraphQLWsSubscriptionsConfig,
    };
  }

  /**
   * The GraphQL context: over a WebSocket, the connection's request context; over HTTP nothing
   * (the request's context travels with its promises, request-context.ts).
   */
  graphqlContext(source: unknown): ConnectionGraphQLContext {
    const extra = (source as { extra?: Partial<ConnectionExtra> } | undefined)?.extra;
    return extra?.socket ? { arbiter: extra.arbiter } : {};
  }

  /**
   * Closes every connection (1001, going away) and cuts those that do not finish the close
   * handshake within a second: a client that stopped reading would otherwise hold the HTTP
   * server open for ws's 30 s close timeout. Called before Nest's shutdown, which stops graphql-ws.
   */
  async closeAll(): Promise<void> {
    const open = [...this.sockets];
    for (const socket of open) socket.close(1001, 'Going away');
    const closed = Promise.all(open.map((socket) => new Promise((resolve) => socket.once('close', resolve))));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)))]);
    clearTimeout(timer);
    for (const socket of this.sockets) socket.terminate();
  }

  async onModuleDestroy(): Promise<void> {
    await this.closeAll();
  }

  private async admit(ctx: ConnectionContext): Promise<boolean> {
    const params = (ctx.connectionParams ?? {}) as ConnectionParams;
    const header = params.authorization ?? params.Authorization;
    if (typeof header !== 'string' || header === '') return false;
    let principal;
    try {
      ({ principal } = await this.auth.authenticate(header));
    } catch {
      // graphql-ws closes the socket (4500) with this as the reason.
      throw new Error('The database is unavailable; connect again shortly');
    }
    const extra = ctx.extra as ConnectionExtra;
    // The client may have left while its key was checked.
    if (!principal || extra.socket.readyState !== extra.socket.OPEN) return false;
    extra.arbiter = newRequestContext(principal);
    this.sockets.add(extra.socket);
    extra.socket.once('close', () => this.sockets.delete(extra.socket));
    return true;
  }
}

/** RATE_LIMITED when the connection's key has used its operations for now; nothing otherwise. */
async function refuseOverRateLimit(limiter: OperationRateLimiter, context: RequestContext | undefined): Promise<GraphQLError[] | undefined> {
  if (!context?.principal) return undefined;
  try {
    await limiter.consumeForKey(context.principal.id, 1);
    return undefined;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return [new GraphQLError(error.message, { extensions: { code: 'RATE_LIMITED', retryAfterSeconds: error.retryAfterSeconds } })];
  }
}

/**
 * Errors for a document that does not parse (or has more tokens than a request may) or is not a
 * subscription; nothing otherwise (graphql-ws then validates and runs it).
 */
function refuseNonSubscriptions(query: string, operationName: string | null | undefined, maxTokens: number): GraphQLError[] | undefined {
  let operation;
  try {
    operation = getOperationAST(parse(query, { maxTokens }), operationName);
  } catch (error) {
    if (error instanceof GraphQLError) {
      return [new GraphQLError(error.message, { source: error.source, positions: error.positions, extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
    }
    throw error;
  }
  if (!operation || operation.operation === 'subscription') return undefined;
  return [
    new GraphQLError('Only subscriptions are served over WebSocket: send queries and mutations to POST /graphql', {
      extensions: { code: 'BAD_USER_INPUT' },
    }),
  ];
}
