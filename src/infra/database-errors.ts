/** Postgres error codes a request may hit through no fault of its own. */
export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';
export const LOCK_NOT_AVAILABLE = '55P03';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006']);
/** What node-postgres throws, without a code, for a statement on a connection that is gone. */
const LOST_CONNECTION_MESSAGES = /(Connection terminated|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|Connection ended unexpectedly)/;
/** Prisma's own codes for a database out of reach. */
const PRISMA_CONNECTION_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);

interface CodedError {
  code?: unknown;
  message?: unknown;
  meta?: { code?: unknown; driverAdapterError?: unknown };
  cause?: unknown;
}

/** The errors an error wraps, outermost first: node-postgres's, or Prisma's around its driver adapter's. */
function* chain(error: unknown): Generator<CodedError> {
  for (let depth = 0, current = error; current && typeof current === 'object' && depth < 6; depth += 1) {
    const coded = current as CodedError;
    yield coded;
    current = coded.cause ?? coded.meta?.driverAdapterError;
  }
}

/** A SQLSTATE, and not one of Prisma's own codes (P1000…P6999; Postgres's P0001…P0004 are SQLSTATEs). */
const SQL_STATE = /^(?!P[1-9])[0-9A-Z]{5}$/;

/** The Postgres SQLSTATE of a database error, however it was wrapped; undefined for others. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const coded of chain(error)) {
    for (const code of [coded.code, coded.meta?.code, (coded as { originalCode?: unknown }).originalCode]) {
      if (typeof code === 'string' && SQL_STATE.test(code)) return code;
    }
  }
  return undefined;
}

/** Whether an error means the database could not be reached or the connection to it was lost. */
export function isConnectionFailure(error: unknown): boolean {
  for (const coded of chain(error)) {
    if (typeof coded.code === 'string' && (CONNECTION_CODES.has(coded.code) || PRISMA_CONNECTION_CODES.has(coded.code))) return true;
    if (typeof coded.message === 'string' && LOST_CONNECTION_MESSAGES.test(coded.message)) return true;
    if ((coded as { kind?: unknown }).kind === 'DatabaseNotReachable' || (coded as { kind?: unknown }).kind === 'ConnectionClosed') return true;
  }
  const state = sqlStateOf(error);
  return state !== undefined && CONNECTION_CODES.has(state);
}

/** Postgres contention: the campaign was busy, through no fault of the request. */
export function isContentionFailure(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state === SERIALIZATION_FAILURE || state === DEADLOCK_DETECTED || state === LOCK_NOT_AVAILABLE) return true;
  // Prisma: a transaction that met a write conflict or a deadlock.
  return [...chain(error)].some((coded) => coded.code === 'P2034');
}
