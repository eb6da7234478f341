/**
 * Everything the example table knows about talking to Arbiter, and all a VTT module needs:
 * GraphQL over fetch with the key in `authorization`, and the live log over graphql-ws with the
 * key in `connectionParams`. No GraphQL client library: a POST with JSON is enough.
 */
import { createClient, type Client as WsClient } from 'graphql-ws';

/** One error of a GraphQL response (README, "Errors"). */
export interface ArbiterErrorDetail {
  message: string;
  extensions?: { code?: string; reason?: string; field?: string };
}

/** A request Arbiter answered with errors: `code` is the first error's `extensions.code`. */
export class ArbiterError extends Error {
  readonly code: string;

  constructor(readonly errors: ArbiterErrorDetail[]) {
    super(errors.map((error) => error.message).join('; '));
    this.name = 'ArbiterError';
    this.code = errors[0]?.extensions?.code ?? 'ERROR';
  }
}

/** An entry of the campaign's log, as `events` and `campaignEvents` return it. */
export interface GameEvent {
  seq: number;
  type: string;
  actorRole: string;
  actorMemberId: string | null;
  createdAt: string;
  payload: Record<string, unknown>;
  secret: Record<string, unknown> | null;
}

export const GAME_EVENT_FIELDS = 'seq type actorRole actorMemberId createdAt payload secret';

const CAMPAIGN_EVENTS = `subscription CampaignEvents($campaignId: ID!, $afterSeq: Int!) {
  campaignEvents(campaignId: $campaignId, afterSeq: $afterSeq) { ${GAME_EVENT_FIELDS} }
}`;

export interface EventHandlers {
  /** Each event once, in seq order. */
  event(event: GameEvent): void;
  /** The connection is up (again): events flow. */
  connected?(): void;
  /** The connection dropped; graphql-ws reconnects by itself. */
  disconnected?(): void;
  /** The subscription was refused or failed for good (a bad key, an unknown campaign). */
  failed(error: Error): void;
}

/** A fresh key for the Idempotency-Key header: a retry of the same click must not roll twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A connection to one Arbiter with one API key. */
export class Arbiter {
  readonly graphqlUrl: string;
  private ws: WsClient | undefined;
  private readonly followers = new Set<EventHandlers>();

  /**
   * @param serverUrl Arbiter's base URL, e.g. `https://arbiter.example.org`; empty for the page's
   *   own origin (the example's Vite server passes /graphql on to Arbiter).
   * @param apiKey an ADMIN, GM or player key.
   */
  constructor(
    serverUrl: string,
    private readonly apiKey: string,
  ) {
    this.graphqlUrl = new URL('/graphql', serverUrl || window.location.href).href;
  }

  /**
   * One query or mutation. Mutations should carry an idempotency key: when the answer is lost
   * and the call is made again with the same key, Arbiter replays the first answer instead of
   * rolling again.
   */
  async request<T>(query: string, variables: Record<string, unknown> = {}, options: { idempotencyKey?: string } = {}): Promise<T> {
    const response = await fetch(this.graphqlUrl, {
      method: 'POST',
      headers: {
        // Always JSON: Arbiter's CSRF protection refuses simple (form-like) requests.
        'content-type': 'application/json',
        authorization: `Bearer ${this.apiKey}`,
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    let body: { data?: T; errors?: ArbiterErrorDetail[] };
    try {
      body = await response.json();
    } catch {
      throw new ArbiterError([{ message: `Arbiter answered ${response.status} ${response.statusText}`, extensions: { code: 'HTTP_ERROR' } }]);
    }
    if (body.errors?.length) throw new ArbiterError(body.errors);
    return body.data as T;
  }

  /**
   * Follows the campaign's log: the events after `afterSeq`, then each new one as it is
   * committed. After a reconnection it asks again from the last event received, so nothing is
   * missed and nothing comes twice. Returns a function that stops following.
   */
  followEvents(campaignId: string, afterSeq: number, handlers: EventHandlers): () => void {
    let lastSeq = afterSeq;
    // graphql-ws sends this same payload again when it reconnects: keeping afterSeq current in
    // it makes the server resume after the last event this page has.
    const payload = { query: CAMPAIGN_EVENTS, variables: { campaignId, afterSeq } };
    this.followers.add(handlers);
    const unsubscribe = this.subscriptions().subscribe<{ campaignEvents: GameEvent }>(payload, {
      next: (result) => {
        if (result.errors?.length) {
          handlers.failed(new ArbiterError(result.errors as ArbiterErrorDetail[]));
          return;
        }
        const event = result.data?.campaignEvents;
        if (!event || event.seq <= lastSeq) return;
        lastSeq = event.seq;
        payload.variables.afterSeq = lastSeq;
        handlers.event(event);
      },
      error: (error) => handlers.failed(asError(error)),
      complete: () => undefined,
    });
    return () => {
      this.followers.delete(handlers);
      unsubscribe();
    };
  }

  /** Closes the WebSocket, if one is open. */
  close(): void {
    void this.ws?.dispose();
    this.ws = undefined;
  }

  private subscriptions(): WsClient {
    this.ws ??= createClient({
      url: this.graphqlUrl.replace(/^http/, 'ws'),
      connectionParams: { authorization: `Bearer ${this.apiKey}` },
      retryAttempts: 20,
      on: {
        connected: () => this.followers.forEach((follower) => follower.connected?.()),
        closed: () => this.followers.forEach((follower) => follower.disconnected?.()),
      },
    });
    return this.ws;
  }
}

function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (Array.isArray(error)) return new ArbiterError(error as ArbiterErrorDetail[]);
  // A WebSocket CloseEvent: 4403 is a key Arbiter refused.
  const close = error as { code?: number; reason?: string };
  if (typeof close?.code === 'number') {
    return new Error(close.code === 4403 ? 'Arbiter refused the key for live events' : `The live connection closed (${close.code} ${close.reason ?? ''})`);
  }
  return new Error(String(error));
}
