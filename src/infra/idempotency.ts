import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../modules/auth/principal.js';
import { LOCK_NOT_AVAILABLE, sqlStateOf } from './database-errors.js';
import { ADMIN_CAMPAIGN_ID } from './distribution.js';
import { PrismaService } from './database.js';
import { Transactions } from './transactions.js';

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

/** Whose records: the sender's campaign (so they live with the campaign's rows), and the sender. */
const owner = (principal: Principal) => ({ campaignId: principal.campaignId ?? ADMIN_CAMPAIGN_ID, principal: principal.id });

export function requestFingerprint(method: string, url: string, body: unknown): string {
  return hash('sha256', `${method} ${url}\n${JSON.stringify(body ?? null)}`, 'hex');
}

/**
 * The Idempotency-Key records: claimed inside the request's transaction, with the answer kept in
 * the same transaction as what it acknowledges (request-lifecycle.ts).
 */
@Injectable()
export class IdempotencyStore {
  constructor(
    private readonly db: Transactions,
    private readonly prisma: PrismaService,
  ) {}

  /**
   * Claims an Idempotency-Key for this request inside the request's transaction. The claim is a
   * row insert: a concurrent request with the same key waits on it until the first commits (then
   * replays its answer) or rolls back (then goes ahead itself), so a key never runs twice.
   */
  async claim(sender: Principal, key: string, fingerprint: string): Promise<IdempotencyClaim> {
    const tx = this.db.tx;
    const id = { ...owner(sender), key: storedKey(key) };
    try {
      await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${IDEMPOTENCY_WAIT_MS}`);
      if (await this.insertClaim(id, fingerprint)) return { kind: 'claimed' };
      const record = await tx.idempotencyRecord.findUnique({ where: { campaignId_principal_key: id } });
      if (!record || record.expiresAt < new Date()) {
        await tx.idempotencyRecord.deleteMany({ where: id });
        return (await this.insertClaim(id, fingerprint)) ? { kind: 'claimed' } : { kind: 'busy' };
      }
      if (record.requestHash !== fingerprint) return { kind: 'reused' };
      if (record.responseStatus === null || record.responseBody === null) return { kind: 'busy' };
      return { kind: 'replay', response: { status: record.responseStatus, body: unseal(sender.id, key, record.responseBody) } };
    } catch (error) {
      if (sqlStateOf(error) === LOCK_NOT_AVAILABLE) return { kind: 'busy' };
      throw error;
    }
  }

  /** Keeps the first answer under its claimed key, sealed with it, in the request's transaction. */
  async store(sender: Principal, key: string, response: StoredResponse): Promise<void> {
    await this.db.tx.idempotencyRecord.update({
      where: { campaignId_principal_key: { ...owner(sender), key: storedKey(key) } },
      data: { responseStatus: response.status, responseBody: seal(sender.id, key, response.body) },
    });
  }

  /**
   * Keeps the answer of a request that failed — its writes undone with its transaction — on its
   * own, unless another request took the key meanwhile.
   */
  async storeAlone(sender: Principal, key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    await this.prisma.idempotencyRecord.createMany({
      data: [{ ...owner(sender), key: storedKey(key), requestHash: fingerprint, responseStatus: response.status, responseBody: seal(sender.id, key, response.body), expiresAt: expiry() }],
      skipDuplicates: true,
    });
  }

  private async insertClaim(id: { campaignId: string; principal: string; key: string }, fingerprint: string): Promise<boolean> {
    const { count } = await this.db.tx.idempotencyRecord.createMany({
      data: [{ ...id, requestHash: fingerprint, expiresAt: expiry() }],
      skipDuplicates: true,
    });
    return count === 1;
  }
}

const expiry = (): Date => new Date(Date.now() + IDEMPOTENCY_TTL_HOURS * 3_600_000);
