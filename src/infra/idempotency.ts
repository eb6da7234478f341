import { createHash } from 'node:crypto';
import type pg from 'pg';
import { CLAIM_SAVEPOINT, LOCK_NOT_AVAILABLE, type Database } from './database.js';
import type { RequestContext } from './request-context.js';

/** How long a stored response answers retries (DESIGN.md: 24 h). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long a retry waits for the first request of its key before it gets CONFLICT. */
export const IDEMPOTENCY_WAIT_MS = 15_000;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface StoredResponse {
  status: number;
  body: string;
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'reused' }
  | { kind: 'busy' };

export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${url}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

/**
 * Claims an Idempotency-Key for this request inside the request's transaction. The claim is a
 * row insert: a concurrent request with the same key blocks on it until the first commits (then
 * replays its response) or rolls back (then goes ahead itself), so a key never runs twice.
 */
export async function claimIdempotencyKey(
  db: Database,
  context: RequestContext,
  principal: string,
  key: string,
  fingerprint: string,
): Promise<IdempotencyClaim> {
  const client = await db.transactionClient(context);
  await client.query(`SET LOCAL lock_timeout = ${IDEMPOTENCY_WAIT_MS}`);
  try {
    if (await insertClaim(client, principal, key, fingerprint)) return claimed(context, client);
    const { rows } = await client.query<{ request_hash: string; response_status: number; response_body: string; expired: boolean }>(
      `SELECT request_hash, response_status, response_body, expires_at < now() AS expired
         FROM idempotency_records WHERE principal = $1 AND key = $2`,
      [principal, key],
    );
    const record = rows[0];
    if (!record || record.expired) {
      await client.query('DELETE FROM idempotency_records WHERE principal = $1 AND key = $2', [principal, key]);
      if (await insertClaim(client, principal, key, fingerprint)) return claimed(context, client);
      return { kind: 'busy' };
    }
    if (record.request_hash !== fingerprint) return { kind: 'reused' };
    return { kind: 'replay', response: { status: record.response_status, body: record.response_body } };
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return { kind: 'busy' };
    throw error;
  }
}

async function claimed(context: RequestContext, client: pg.PoolClient): Promise<IdempotencyClaim> {
  await client.query(`SAVEPOINT ${CLAIM_SAVEPOINT}`);
  context.claimSavepoint = true;
  return { kind: 'claimed' };
}

async function insertClaim(client: pg.PoolClient, principal: string, key: string, fingerprint: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO idempotency_records (principal, key, request_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
     ON CONFLICT (principal, key) DO NOTHING`,
    [principal, key, fingerprint],
  );
  return rowCount === 1;
}

/** Stores the first response under its key, in the same transaction as what it acknowledges. */
export async function storeIdempotentResponse(
  client: pg.PoolClient,
  principal: string,
  key: string,
  response: StoredResponse,
): Promise<void> {
  await client.query(
    'UPDATE idempotency_records SET response_status = $3, response_body = $4 WHERE principal = $1 AND key = $2',
    [principal, key, response.status, response.body],
  );
}
