import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults for a first run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, adminKey: undefined, production: false, logLevel: 'info', databasePoolSize: 10, playground: true });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT must be an integer'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres://'],
    [{ ARBITER_ADMIN_KEY: 'short' }, 'ARBITER_ADMIN_KEY must be at least 24 characters'],
    [{ NODE_ENV: 'production' }, 'ARBITER_ADMIN_KEY is required when NODE_ENV=production'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ ARBITER_DB_POOL_SIZE: '0' }, 'ARBITER_DB_POOL_SIZE must be an integer from 1 to 200'],
    [{ ARBITER_PLAYGROUND: 'yes' }, "ARBITER_PLAYGROUND must be true or false (got 'yes')"],
    [{ ARBITER_INTROSPECTION: 'yes' }, 'ARBITER_INTROSPECTION must be true or false'],
    [{ ARBITER_RATE_LIMIT_PER_MINUTE: '-1' }, 'ARBITER_RATE_LIMIT_PER_MINUTE must be an integer from 0'],
    [{ ARBITER_CORS_ORIGINS: 'vtt.example.com' }, "ARBITER_CORS_ORIGINS must be * or origins such as https://vtt.example.com or http://localhost:30000, separated by commas (got 'vtt.example.com')"],
    [{ ARBITER_CORS_ORIGINS: 'https://vtt.example.com/game' }, "(got 'https://vtt.example.com/game')"],
    [{ ARBITER_CORS_ORIGINS: 'https://a.example,*' }, "(got '*')"],
    [{ ARBITER_CORS_ORIGINS: 'ftp://vtt.example.com' }, "(got 'ftp://vtt.example.com')"],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [{}, true],
    [{ NODE_ENV: 'production', ARBITER_ADMIN_KEY: 'k'.repeat(24) }, false],
    [{ NODE_ENV: 'production', ARBITER_ADMIN_KEY: 'k'.repeat(24), ARBITER_INTROSPECTION: 'true' }, true],
    [{ ARBITER_INTROSPECTION: 'false' }, false],
    [{ NODE_ENV: 'production', ARBITER_ADMIN_KEY: 'k'.repeat(24), ARBITER_PLAYGROUND: 'true' }, true],
    [{ NODE_ENV: 'production', ARBITER_ADMIN_KEY: 'k'.repeat(24), ARBITER_PLAYGROUND: 'true', ARBITER_INTROSPECTION: 'false' }, false],
  ])('introspection with %j: %p', (env, introspection) => {
    expect(loadConfig(env).introspection).toBe(introspection);
  });

  it.each([
    [{}, true],
    [{ ARBITER_PLAYGROUND: 'false' }, false],
    [{ NODE_ENV: 'production', ARBITER_ADMIN_KEY: 'k'.repeat(24) }, false],
    [{ NODE_ENV: 'production', ARBITER_ADMIN_KEY: 'k'.repeat(24), ARBITER_PLAYGROUND: 'true' }, true],
  ])('serves the playground for %j: %s', (env, playground) => {
    expect(loadConfig(env).playground).toBe(playground);
  });

  it.each([
    [{}, []],
    [{ ARBITER_CORS_ORIGINS: ' ' }, []],
    [{ ARBITER_CORS_ORIGINS: '*' }, '*'],
    [{ ARBITER_CORS_ORIGINS: 'https://vtt.example.com, http://localhost:30000' }, ['https://vtt.example.com', 'http://localhost:30000']],
  ])('lets the pages of %j call from a browser: %j', (env, corsOrigins) => {
    expect(loadConfig(env).corsOrigins).toEqual(corsOrigins);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
