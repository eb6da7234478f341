import { Injectable } from '@nestjs/common';
import { ClsService, ClsServiceManager } from 'nestjs-cls';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from './database.js';

/** Where the running transaction is kept in the request's context (nestjs-cls). */
const TRANSACTION = 'arbiter.transaction';

/**
 * A transaction's client while it runs. Code that continues in the context it was opened in once
 * it has ended (a GraphQL field of a mutation's answer) must not see it as open.
 */
interface OpenTransaction {
  client: Prisma.TransactionClient;
  open: boolean;
}

/**
 * How long a transaction may wait for a connection, and run: a request's transaction waits up to
 * the Idempotency-Key wait for a claim another request holds.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

/** Prisma Client, inside the running transaction or outside one. */
export type PrismaClientOrTransaction = PrismaService | Prisma.TransactionClient;

/**
 * Transactions declared where a call enters (`@Transactional()` on a service method, or the
 * request's own: request-lifecycle.ts), carried on AsyncLocalStorage by nestjs-cls: repositories
 * read and write through {@link tx}, the running transaction's client when there is one, so a
 * service never passes a transaction around. A transaction opened inside another joins it.
 */
@Injectable()
export class Transactions {
  constructor(
    private readonly prisma: PrismaService,
    private readonly cls: ClsService,
  ) {}

  /** Prisma Client in the running transaction, or outside any. */
  get tx(): PrismaClientOrTransaction {
    return this.running()?.client ?? this.prisma;
  }

  isActive(): boolean {
    return this.running() !== undefined;
  }

  private running(): OpenTransaction | undefined {
    const transaction = this.cls.isActive() ? this.cls.get<OpenTransaction | undefined>(TRANSACTION) : undefined;
    return transaction?.open ? transaction : undefined;
  }

  /**
   * Runs `work` in a transaction, committed when it resolves and rolled back when it throws; in
   * the running one when there is one.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.isActive()) return work();
    let opened: OpenTransaction | undefined;
    return this.prisma
      .$transaction(
        (client) =>
          this.cls.run({ ifNested: 'inherit' }, () => {
            opened = { client, open: true };
            this.cls.set(TRANSACTION, opened);
            return work();
          }),
        TRANSACTION_OPTIONS,
      )
      .finally(() => {
        if (opened) opened.open = false;
      });
  }

  /**
   * Runs `work` in a savepoint of the running transaction: when it throws, what it wrote is
   * undone and the transaction can go on (a move met contention and is worked out again).
   */
  async inSavepoint<T>(work: () => Promise<T>): Promise<T> {
    const tx = this.tx;
    await tx.$executeRawUnsafe(`SAVEPOINT ${MOVE_SAVEPOINT}`);
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${MOVE_SAVEPOINT}`);
      throw error;
    }
    await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${MOVE_SAVEPOINT}`);
    return result;
  }
}

/** The savepoint a move inside a transaction can go back to (GameLedger). */
const MOVE_SAVEPOINT = 'move';

/** Whether the running code is in a transaction. False outside an application (pure unit tests). */
export function inTransaction(): boolean {
  const cls = ClsServiceManager.getClsService();
  return cls.isActive() && cls.get<OpenTransaction | undefined>(TRANSACTION)?.open === true;
}

/**
 * Runs the decorated method in a transaction ({@link Transactions.run}): all its writes, or none.
 * Its class injects {@link Transactions} as `transactions`.
 */
export function Transactional(): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const method = descriptor.value as (...args: unknown[]) => Promise<unknown>;
    descriptor.value = function (this: { transactions: Transactions }, ...args: unknown[]) {
      return this.transactions.run(() => method.apply(this, args));
    };
    return descriptor;
  };
}
