/** Three tiers: pure specs beside the code, integration tests on a real Postgres, e2e over HTTP; browser tests; and the benchmark's own specs. */
const tsJest = [
  'ts-jest',
  { useESM: true, tsconfig: 'tsconfig.json', diagnostics: false },
];
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': tsJest },
  testEnvironment: 'node',
};

export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
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
    {
      ...common,
      // Pages in Debian's headless Chromium, driven by playwright-core: the playground, the example table.
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/helpers/global-setup.js',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.js',
    },
  ],
};
