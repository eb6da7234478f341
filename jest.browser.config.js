/**
 * The browser tests (`npm run test:browser`): the playground and the example table in a headless
 * Chromium driven by playwright-core. Apart from `npm test` because they need Chromium installed
 * (`apt-get install chromium`; .ci/run does it).
 */
import { common } from './jest.config.js';

export default {
  projects: [
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/helpers/global-setup.js',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.js',
    },
  ],
};
