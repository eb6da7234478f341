/**
 * `npm test`: three tiers (pure specs beside the code, integration tests on a real Postgres, e2e
 * over HTTP) and the benchmark's own specs. The browser tests need Chromium: jest.browser.config.js.
 */
const tsJest = [
  'ts-jest',
  { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false },
];
export const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': tsJest },
  testEnvironment: 'node',
};

export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'] },
    // The benchmark's own logic (plain ESM JavaScript, run untransformed): its targets and options.
    { displayName: 'bench', testMatch: ['<rootDir>/bench/**/*.spec.js'], transform: {}, testEnvironment: 'node' },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/test/helpers/global-setup.js',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.js',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/helpers/global-setup.js',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.js',
    },
  ],
};
