import type { IncomingMessage } from 'node:http';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import { GraphQLError, getOperationAST, parse, type GraphQLFormattedError } from 'graphql';
import type { WebSocket } from 'ws';
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
  subscriptionsConfig(path: string, formatError: ErrorFormatter): { 'graphql-ws': GraphQLWsSubscriptionsConfig } {
    return {
      'graphql-ws': {
        path,
        onConnect: (ctx) => this.admit(ctx),
        onSubscribe: (_ctx, _id, payload) => refuseNonSubscriptions(payload.query, payload.operationName),
        // graphql-ws sends errors as they are thrown: format them as Apollo does over HTTP.
        onNext: (_ctx, _id, _payload, _args, result) =>
          result.errors ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) } : undefined,
      },
    };
  }

  /**
   * The GraphQL context: over a WebSocket, the connection's request context; over HTTP nothing
   * (the request's context travels in AsyncLocalStorage).
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

/** Errors for a document that does not parse or is not a subscription; nothing otherwise (graphql-ws then runs it). */
function refuseNonSubscriptions(query: string, operationName?: string | null): GraphQLError[] | undefined {
  let operation;
  try {
    operation = getOperationAST(parse(query), operationName);
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
