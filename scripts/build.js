/**
 * `npm run build`: Prisma Client, tsc (type-checked, decorator metadata emitted), then the bundle
 * (scripts/bundle.js). `node scripts/build.js --if-changed` (what `npm start` and `npm run verify`
 * run first) skips all of it when dist/ was built from the same inputs, so a second start costs no
 * build at all: the inputs' contents are hashed and the hash kept in dist/.build-inputs.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What dist/ is made from: the sources (not the generated client, made from the schema), the configs, the lockfile, the build's own scripts. */
const INPUTS = ['src', 'prisma/schema.prisma', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', 'scripts/build.js', 'scripts/bundle.js', 'scripts/prisma-generate.js'];
const SKIPPED = new Set([join('src', 'generated')]);
const STAMP = join('dist', '.build-inputs');
const OUTPUT = join('dist', 'server.js');

function filesOf(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (SKIPPED.has(path)) return [];
  try {
    return readdirSync(full, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => filesOf(root, join(path, entry.name)));
  } catch {
    return [path];
  }
}

/** A hash of every input's path and contents under `root`. */
export function inputsFingerprint(root = '.') {
  const hash = createHash('sha256');
  for (const path of INPUTS.flatMap((input) => filesOf(root, input))) {
    hash.update(relative('.', path)).update('\0').update(readFileSync(join(root, path))).update('\0');
  }
  return hash.digest('hex');
}

/** Whether `root`'s dist/ was built from its current inputs. */
export function isUpToDate(root = '.') {
  const stamp = join(root, STAMP);
  return existsSync(join(root, OUTPUT)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputsFingerprint(root);
}

function run(command, args) {
  execFileSync(process.execPath, [command, ...args], { stdio: 'inherit' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.chdir(root);
  if (process.argv.includes('--if-changed') && isUpToDate()) process.exit(0);
  const fingerprint = inputsFingerprint();
  run('scripts/prisma-generate.js', []);
  run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.build.json']);
  run('scripts/bundle.js', []);
  writeFileSync(STAMP, fingerprint);
}
