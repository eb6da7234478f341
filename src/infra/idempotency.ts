import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import { CLAIM_SAVEPOINT, LOCK_NOT_AVAILABLE, prepared, type Database } from './database.js';
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
  return hash('sha256', `arbiter idempotency key\n${key}`, 'hex');
}

/** The AES-256-GCM key of a stored answer: derived from the principal and the Idempotency-Key, never stored. */
function sealingKey(principal: string, key: string): Buffer {
  return hash('sha256', `arbiter idempotent response\n${principal}\n${key}`, 'buffer');
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
  return hash('sha256', `${method} ${url}\n${JSON.stringify(body ?? null)}`, 'hex');
}

const INSERT_CLAIM = prepared(
  'idempotency.insert-claim',
  `INSERT INTO idempotency_records (principal, key, request_hash, expires_at)
   VALUES ($1, $2, $3, now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
   ON CONFLICT (principal, key) DO NOTHING RETURNING true AS claimed`,
);

/**
 * Claims an Idempotency-Key for this request inside the request's transaction. The claim is a
 * row insert: a concurrent request with the same key blocks on it until the first commits (then
 * replays its response) or rolls back (then goes ahead itself), so a key never runs twice. A
 * first use of a key costs one round trip: BEGIN, the lock timeout, the insert and the savepoint
 * the request's failure goes back to, sent together.
 */
export async function claimIdempotencyKey(
  db: Database,
  context: RequestContext,
  principal: string,
  key: string,
  fingerprint: string,
): Promise<IdempotencyClaim> {
  await db.begin(context);
  await db.write(`SET LOCAL lock_timeout = ${IDEMPOTENCY_WAIT_MS}`, undefined, context);
  const stored = storedKey(key);
  try {
    if (await insertClaim(db, context, principal, stored, fingerprint)) return claimed(context);
    const [record] = await db.query<{ request_hash: string; response_status: number; response_body: string; expired: boolean }>(
      `SELECT request_hash, response_status, response_body, expires_at < now() AS expired
         FROM idempotency_records WHERE principal = $1 AND key = $2`,
      [principal, stored],
      context,
    );
    if (!record || record.expired) {
      await db.write('DELETE FROM idempotency_records WHERE principal = $1 AND key = $2', [principal, stored], context);
      if (await insertClaim(db, context, principal, stored, fingerprint)) return claimed(context);
      return { kind: 'busy' };
    }
    if (record.request_hash !== fingerprint) return { kind: 'reused' };
    return { kind: 'replay', response: { status: record.response_status, body: unseal(principal, key, record.response_body) } };
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return { kind: 'busy' };
    throw error;
  }
}

function claimed(context: RequestContext): IdempotencyClaim {
  context.claimSavepoint = true;
  return { kind: 'claimed' };
}

/**
 * Inserts the claim, and sets the savepoint after it in the same round trip: used only when the
 * claim is the request's (a savepoint after an insert that found the key taken is never rolled
 * back to, and a later one of the same name replaces it).
 */
async function insertClaim(db: Database, context: RequestContext, principal: string, keyHash: string, fingerprint: string): Promise<boolean> {
  const [rows] = await Promise.all([
    db.query(INSERT_CLAIM, [principal, keyHash, fingerprint], context),
    db.query(`SAVEPOINT ${CLAIM_SAVEPOINT}`, undefined, context),
  ]);
  return rows.length === 1;
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
