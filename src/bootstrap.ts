import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { LogController } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { AppModule } from './app.module.js';
import { resolveAdminKey } from './infra/admin-key.js';
import type { ArbiterConfig } from './infra/config.js';
import { Database } from './infra/database.js';
import { EmbeddedDatabase } from './infra/embedded-database.js';
import { applyMigrations } from './infra/migrations.js';
import { PinoNestLogger } from './infra/nest-logger.js';
import { clientErrorHandler, registerHttpErrorShapes } from './infra/http-errors.js';
import { IdempotencyStore } from './infra/idempotency.js';
import { Transactions } from './infra/transactions.js';
import { registerRequestLifecycle } from './infra/request-lifecycle.js';
import { AuthService } from './modules/auth/auth.service.js';
import { GameLedger } from './modules/events/game-ledger.service.js';
import { LiveEventsConnections } from './modules/live-events/live-events.connections.js';
import { registerPlaygroundAssets } from './modules/playground/playground-assets.js';
import { registerOpenApi } from './modules/rest/openapi.js';

/** Request bodies larger than this are refused (413) before they are parsed. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Log lines are written in pieces of this size (about 14 request lines)… */
const LOG_BUFFER_BYTES = 4096;
/** …or this often, whichever comes first. */
const LOG_FLUSH_MS = 1000;

export interface RunningArbiter {
  app: NestFastifyApplication;
  database: Database;
  databaseUrl: string;
  adminKey: string;
  url: string;
  close(): Promise<void>;
}

/**
 * Where the log goes: standard output, gathered LOG_BUFFER_BYTES at a time off the request's path
 * and written at least every LOG_FLUSH_MS (pino writes what is still gathered when the process
 * exits). When standard output's `write` has been replaced — a host or a test reading the
 * output — the lines go through it one by one instead, as pino's default destination does.
 */
function openLog(): { stream: pino.DestinationStream; close(): void } {
  if (process.stdout.write !== Object.getPrototypeOf(process.stdout).write) return { stream: process.stdout, close: () => undefined };
  const stream = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  const flusher = setInterval(() => stream.flush(), LOG_FLUSH_MS).unref();
  return {
    stream,
    close: () => {
      clearInterval(flusher);
      stream.flush();
    },
  };
}

/**
 * Lets the pages of these origins call the API from a browser: the preflight is answered before
 * anything else runs, and every answer to them (refusals included) carries the CORS headers, so
 * a VTT module reads Arbiter's coded errors. Keys travel in the Authorization header, never in
 * cookies: there are no credentials for a browser to send on its own.
 */
function enableCors(app: NestFastifyApplication, origins: string[] | '*'): void {
  app.enableCors({
    origin: origins,
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Idempotent-Replay', 'Retry-After'],
    maxAge: 600,
  });
}

/**
 * Starts Arbiter: the database (embedded unless DATABASE_URL is set), its migrations, and the
 * HTTP server. `close` drains requests, then stops the pool and the embedded database.
 */
export async function startArbiter(config: ArbiterConfig): Promise<RunningArbiter> {
  const log = openLog();
  const logger = pino(
    {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers["idempotency-key"]'], censor: '[redacted]' },
    },
    log.stream,
  );
  const embedded = config.databaseUrl
    ? undefined
    : await EmbeddedDatabase.start(config.dataDir, (line) => logger.debug({ postgres: line }));
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const database = new Database(databaseUrl, config.databasePoolSize);
  try {
    const client = await database.pool.connect();
    try {
      const applied = await applyMigrations(client);
      if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    } finally {
      client.release();
    }

    const admin = resolveAdminKey(config.adminKey, config.dataDir);
    if (admin.generated) {
      logger.warn({ adminKey: admin.key, keptIn: admin.path }, 'generated the ADMIN key; it is shown only this once');
    }

    // One log line per request, written when it is done (registerRequestLifecycle), instead of
    // Fastify's two ("incoming request" and "request completed"): half the logging cost.
    const adapter = new FastifyAdapter({
      loggerInstance: logger,
      logController: new LogController({ disableRequestLogging: true }),
      bodyLimit: BODY_LIMIT_BYTES,
      return503OnClosing: true,
      clientErrorHandler,
    });
    // Before Nest installs its exception layer as the error handler.
    registerHttpErrorShapes(adapter);
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot({ database, adminKey: admin.key, logger, config }),
      adapter,
      // One logger: Nest's lines go through pino, in the same JSON shape as the rest.
      { logger: new PinoNestLogger(logger) },
    );
    if (config.corsOrigins.length > 0) enableCors(app, config.corsOrigins);
    registerRequestLifecycle(adapter.getInstance(), app.get(AuthService), app.get(Transactions), app.get(IdempotencyStore), app.get(GameLedger));
    registerOpenApi(app);
    if (config.playground) registerPlaygroundAssets(adapter.getInstance());
    await app.listen(config.port, config.host);
    const address = adapter.getInstance().server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://127.0.0.1:${port}`;
    logger.info({ url: `${url}/graphql`, database: embedded ? 'embedded' : 'DATABASE_URL' }, 'Arbiter is serving');

    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      databaseUrl,
      adminKey: admin.key,
      url,
      close: () =>
        (closing ??= (async () => {
          // WebSocket clients first: one that stopped reading would hold the HTTP server open.
          await app.get(LiveEventsConnections).closeAll();
          await app.close();
          await database.close();
          await embedded?.stop();
          log.close();
        })()),
    };
  } catch (error) {
    await database.close();
    await embedded?.stop();
    log.close();
    throw error;
  }
}
