import { Injectable } from '@nestjs/common';
import { Database } from './database.js';
import { Transactions } from './transactions.js';

/** A statement of a move's hot path, planned once per connection under its name. */
export interface Statement {
  name: string;
  text: string;
}

export const statement = (name: string, text: string): Statement => ({ name, text });

/**
 * The hand-written SQL of the moves (GameLedger, the repositories' move reads): through Prisma's
 * transaction client inside a transaction, so it joins it, and on the pool through node-postgres
 * otherwise, prepared once per connection. Prisma's client costs more CPU per statement than
 * the draw itself; this is its supported escape hatch, on the same pool.
 * Statements return only types both drivers read alike: text, int4, bool, jsonb, text[],
 * timestamptz (bytea comes back as Uint8Array or Buffer: wrap it in Buffer.from).
 */
@Injectable()
export class Sql {
  constructor(
    private readonly db: Database,
    private readonly transactions: Transactions,
  ) {}

  async query<T extends object>(sql: Statement, values: readonly unknown[]): Promise<T[]> {
    if (this.transactions.isActive()) return this.transactions.tx.$queryRawUnsafe<T[]>(sql.text, ...values);
    const result = await this.db.pool.query<T>({ name: sql.name, text: sql.text, values: [...values] });
    return result.rows;
  }
}
