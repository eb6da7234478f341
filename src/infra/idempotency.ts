import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
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

/**
 * How an Idempotency-Key is kept: its SHA-256. The key itself is what unseals the stored answer
 * (which may hold a new API key, from addMember or createCampaign), so the table alone can give
 * neither: a stored answer is readable only by a retry that presents the key.
 */
function storedKey(key: string): string {
  return createHash('sha256').update(`arbiter idempotency key\n${key}`).digest('hex');
}

/** The AES-256-GCM key of a stored answer: derived from the principal and the Idempotency-Key, never stored. */
function sealingKey(principal: string, key: string): Buffer {
  return createHash('sha256').update(`arbiter idempotent response\n${principal}\n${key}`).digest();
}

function seal(principal: string, key: string, body: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(principal, key), iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

function unseal(principal: string, key: string, stored: string): string {
  if (!stored.startsWith('v1:')) return stored;
  const bytes = Buffer.from(stored.slice('v1:'.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(principal, key), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

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
  const stored = storedKey(key);
  try {
    if (await insertClaim(client, principal, stored, fingerprint)) return claimed(context, client);
    const { rows } = await client.query<{ request_hash: string; response_status: number; response_body: string; expired: boolean }>(
      `SELECT request_hash, response_status, response_body, expires_at < now() AS expired
         FROM idempotency_records WHERE principal = $1 AND key = $2`,
      [principal, stored],
    );
    const record = rows[0];
    if (!record || record.expired) {
      await client.query('DELETE FROM idempotency_records WHERE principal = $1 AND key = $2', [principal, stored]);
      if (await insertClaim(client, principal, stored, fingerprint)) return claimed(context, client);
      return { kind: 'busy' };
    }
    if (record.request_hash !== fingerprint) return { kind: 'reused' };
    return { kind: 'replay', response: { status: record.response_status, body: unseal(principal, key, record.response_body) } };
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

async function insertClaim(client: pg.PoolClient, principal: string, keyHash: string, fingerprint: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO idempotency_records (principal, key, request_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
     ON CONFLICT (principal, key) DO NOTHING`,
    [principal, keyHash, fingerprint],
  );
  return rowCount === 1;
}

/**
 * Stores the first response under its key, sealed with it, in the same transaction as what it
 * acknowledges: a write that goes out with the request's COMMIT.
 */
export async function storeIdempotentResponse(
  db: Database,
  context: RequestContext,
  principal: string,
  key: string,
  response: StoredResponse,
): Promise<void> {
  await db.write(
    'UPDATE idempotency_records SET response_status = $3, response_body = $4 WHERE principal = $1 AND key = $2',
    [principal, storedKey(key), response.status, seal(principal, key, response.body)],
    context,
  );
}
