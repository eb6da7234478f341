import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** What a subscription gave: its outcome ('ok', an error code, or how it ended) and every message. */
export interface SubscriptionRun {
  outcome: string;
  messages: string[];
}

/** graphql-ws closes a connection whose key it refused with 4403 (Forbidden). */
const REFUSED_CONNECTION = 4403;

function codeOf(errors: ReadonlyArray<{ extensions?: Record<string, unknown> }>): string {
  const [first] = errors;
  const code = first?.extensions?.code;
  if (code === 'RULE_VIOLATION') return `RULE_VIOLATION:${String(first.extensions?.reason)}`;
  return typeof code === 'string' ? code : 'NO_CODE';
}

/**
 * Subscribes over graphql-ws as a VTT would (the key in `connection_init`) and keeps every message
 * until `enough` says so, an error ends it, or `timeoutMs` passes. A connection refused for its
 * key counts as UNAUTHENTICATED.
 */
export function subscribe(
  url: string,
  key: string | undefined,
  query: string,
  variables: Record<string, unknown>,
  options: { enough?: (data: any[]) => boolean; timeoutMs?: number } = {},
): Promise<SubscriptionRun> {
  const enough = options.enough ?? ((data) => data.length > 0);
  return new Promise((resolve) => {
    const messages: string[] = [];
    const data: any[] = [];
    const client = createClient({
      url: `${url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: key ? { authorization: `Bearer ${key}` } : {},
      retryAttempts: 0,
      lazy: true,
    });
    let settled = false;
    let unsubscribe: () => void = () => undefined;
    const finish = (outcome: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      void client.dispose();
      resolve({ outcome, messages });
    };
    const timer = setTimeout(() => finish('TIMEOUT'), options.timeoutMs ?? 10_000);
    unsubscribe = client.subscribe(
      { query, variables },
      {
        next: (result) => {
          messages.push(JSON.stringify(result));
          if (result.errors?.length) return finish(codeOf(result.errors as never));
          data.push(result.data);
          if (enough(data)) finish('ok');
        },
        error: (error) => {
          if (Array.isArray(error)) {
            messages.push(JSON.stringify(error));
            return finish(codeOf(error));
          }
          const closed = error as { code?: number; reason?: string };
          messages.push(JSON.stringify({ closed: closed.code, reason: closed.reason }));
          finish(closed.code === REFUSED_CONNECTION ? 'UNAUTHENTICATED' : `CLOSED:${closed.code ?? String(error)}`);
        },
        complete: () => finish(data.length > 0 ? 'ok' : 'COMPLETED_EMPTY'),
      },
    );
  });
}
