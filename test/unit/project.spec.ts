import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Project = { displayName?: string; testMatch?: string[] };

/** The projects of a Jest config file at the repository's root. */
async function projectsOf(file: string): Promise<Project[]> {
  const config = (await import(pathToFileURL(resolve(file)).href)) as { default: { projects: Project[] } };
  return config.default.projects;
}

/** Every file under `dir` (node_modules and dot-directories left out). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** The README's commands on a clean machine, and the tests that keep them honest. */
describe('the project', () => {
  it('runs no browser test in `npm test`: they need Chromium, and run in `npm run test:browser`', async () => {
    const matches = (projects: Project[]) => projects.flatMap((project) => project.testMatch ?? []);
    expect(matches(await projectsOf('jest.config.js')).some((glob) => glob.includes('browser'))).toBe(false);
    expect(matches(await projectsOf('jest.browser.config.js'))).toEqual(['<rootDir>/test/browser/**/*.browser-spec.ts']);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['test:browser']).toContain('-c jest.browser.config.js');
    // CI installs Chromium, then runs them.
    const ci = readFileSync('.ci/run', 'utf8').split('\n');
    const install = ci.findIndex((line) => line.includes('apt-get install -y chromium'));
    expect(install).toBeGreaterThan(-1);
    expect(ci.findIndex((line) => line.trim() === 'npm run test:browser')).toBeGreaterThan(install);
  });

  it('has no test that asserts how long something took (a busy machine is not a failure; the benchmark measures time)', () => {
    const timed = /(Date\.now\(\)|performance\.now\(\))\s*-\s*\w+\)\.toBeLessThan|expect\(elapsed\)|expect\(\w+At\s*-\s*\w+At\)\.toBeLessThan/;
    const offenders = filesUnder('test').filter((path) => /\.(ts|js)$/.test(path) && timed.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
