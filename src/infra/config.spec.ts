import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults for a first run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, adminKey: undefined, production: false, logLevel: 'info', databasePoolSize: 10 });
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
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
