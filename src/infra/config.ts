import { isAbsolute, resolve } from 'node:path';

/** Settings read from the environment once, at start-up. */
export interface ArbiterConfig {
  port: number;
  host: string;
  /** A Postgres server to use; when absent an embedded Postgres runs under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The bootstrap ADMIN key; when absent outside production one is generated and kept in `dataDir`. */
  adminKey: string | undefined;
  production: boolean;
  logLevel: string;
  databasePoolSize: number;
  /** Schema introspection: on outside production unless turned off; in production only when turned on (or the playground is). */
  introspection: boolean;
  /** Operations (root fields) one API key may run per minute, on each server process; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Whether GET /graphql in a browser serves the GraphQL IDE (the playground). */
  playground: boolean;
  /** Web origins whose pages may call the API from a browser (CORS), or '*' for any; none when empty. */
  corsOrigins: string[] | '*';
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integerSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got '${raw}')`);
    return fallback;
  }
  return value;
}

function booleanSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  problems.push(`${name} must be true or false (got '${raw}')`);
  return fallback;
}

/**
 * `ARBITER_CORS_ORIGINS`: `*`, or origins separated by commas, each a scheme and host with an
 * optional port and nothing after it — what a browser sends as `Origin`.
 */
function corsOriginsSetting(env: NodeJS.ProcessEnv, problems: string[]): string[] | '*' {
  const raw = (env.ARBITER_CORS_ORIGINS ?? '').trim();
  if (raw === '') return [];
  if (raw === '*') return '*';
  const origins = raw.split(',').map((origin) => origin.trim());
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      problems.push(`ARBITER_CORS_ORIGINS must be * or origins such as https://vtt.example.com or http://localhost:30000, separated by commas (got '${origin}')`);
    }
  }
  return origins;
}

/** Reads and validates the settings; throws a {@link ConfigError} listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ArbiterConfig {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';

  const port = integerSetting(env, 'PORT', 3000, 0, 65535, problems);
  const databasePoolSize = integerSetting(env, 'ARBITER_DB_POOL_SIZE', 10, 1, 200, problems);
  const rateLimitPerMinute = integerSetting(env, 'ARBITER_RATE_LIMIT_PER_MINUTE', 1200, 0, 1_000_000, problems);

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be a postgres:// or postgresql:// URL`);
  }

  const dataDirSetting = env.ARBITER_DATA_DIR || '.data';
  const dataDir = isAbsolute(dataDirSetting) ? dataDirSetting : resolve(process.cwd(), dataDirSetting);

  const adminKey = env.ARBITER_ADMIN_KEY || undefined;
  if (adminKey !== undefined && adminKey.length < 24) {
    problems.push('ARBITER_ADMIN_KEY must be at least 24 characters long');
  }
  if (production && adminKey === undefined) {
    problems.push('ARBITER_ADMIN_KEY is required when NODE_ENV=production');
  }

  // An IDE that invites anyone to try keys is a development tool: production opts in.
  const playground = booleanSetting(env, 'ARBITER_PLAYGROUND', !production, problems);
  // The playground's docs come from introspection: enabling the playground enables it too, unless set.
  const introspection = booleanSetting(env, 'ARBITER_INTROSPECTION', !production || playground, problems);

  const corsOrigins = corsOriginsSetting(env, problems);

  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    adminKey,
    production,
    logLevel,
    databasePoolSize,
    introspection,
    rateLimitPerMinute,
    playground,
    corsOrigins,
  };
}
