import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

/**
 * Prisma Client on the server's one connection pool (`@prisma/adapter-pg`): the data layer. The
 * Nest token the repositories and the transactions (`@nestjs-cls/transactional`) inject.
 */
export class PrismaService extends PrismaClient {}

/** The pool every statement goes through: Prisma's, and the SQL of the moves (sql.ts). */
export class Database {
  readonly pool: pg.Pool;
  readonly prisma: PrismaService;

  constructor(
    readonly url: string,
    poolSize: number,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'arbiter' });
    // A connection the database drops while idle is taken out of the pool; the next query opens another.
    this.pool.on('error', () => undefined);
    this.prisma = new PrismaService({ adapter: new PrismaPg(this.pool) });
  }

  async close(): Promise<void> {
    await this.prisma.$disconnect();
    await this.pool.end();
  }
}

