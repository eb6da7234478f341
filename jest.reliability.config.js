/**
 * The reliability suite (`npm run test:reliability`): hardening, access, fuzzing, faults and the
 * benchmark run briefly. Slow on purpose (it injects faults for tens of seconds), so it is not
 * part of `npm test`.
 */
import base from './jest.config.js';

const common = base.projects.find((project) => project.displayName === 'e2e');

export default {
  projects: [
    {
      ...common,
      displayName: 'reliability',
      testMatch: ['<rootDir>/test/reliability/**/*.rel-spec.ts'],
    },
  ],
};
