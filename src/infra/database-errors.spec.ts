import { isConnectionFailure, isContentionFailure, sqlStateOf } from './database-errors.js';

/** What Prisma throws for a raw statement that Postgres refused, through @prisma/adapter-pg. */
const prismaRawFailure = (originalCode: string, kind = 'postgres') =>
  Object.assign(new Error('Raw query failed'), {
    code: 'P2010',
    clientVersion: '7.10.1',
    meta: { driverAdapterError: Object.assign(new Error(kind), { cause: { originalCode, originalMessage: 'x', kind } }) },
  });

describe('database errors', () => {
  it.each([
    ['node-postgres', Object.assign(new Error('deadlock'), { code: '40P01' }), '40P01'],
    ['Prisma around its driver adapter', prismaRawFailure('40001', 'TransactionWriteConflict'), '40001'],
    ['PL/pgSQL raise_exception', Object.assign(new Error('raised'), { code: 'P0001' }), 'P0001'],
    ["Prisma's own code alone", Object.assign(new Error('not found'), { code: 'P2025', clientVersion: '7' }), undefined],
  ])('reads the SQLSTATE of %s', (_name, error, state) => {
    expect(sqlStateOf(error)).toBe(state);
  });

  it.each([
    [prismaRawFailure('40P01'), true],
    [prismaRawFailure('40001'), true],
    [prismaRawFailure('55P03'), true],
    [prismaRawFailure('23505'), false],
    [Object.assign(new Error('conflict'), { code: 'P2034' }), true],
  ])('tells contention apart: %#', (error, contention) => {
    expect(isContentionFailure(error)).toBe(contention);
  });

  it.each([
    [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), true],
    [new Error('Connection terminated unexpectedly'), true],
    [prismaRawFailure('57P01'), true],
    [Object.assign(new Error("Can't reach database server"), { code: 'P1001' }), true],
    [prismaRawFailure('40001'), false],
    [new Error('a bug'), false],
  ])('tells a lost database apart: %#', (error, lost) => {
    expect(isConnectionFailure(error)).toBe(lost);
  });
});
