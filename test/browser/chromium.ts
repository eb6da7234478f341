import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); playwright-core never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Where the browser tests keep their screenshots (git-ignored). */
export const ARTIFACTS_DIR = join(process.cwd(), 'test-artifacts');

/** Headless Chromium, or a failure that says how to get it: a missing browser is not a reason to skip. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Debian's Chromium at ${CHROMIUM_PATH}: install it with ` +
        '`apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH to another Chromium binary).',
    );
  }
  // --no-sandbox: the tests run as root in CI containers, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** Saves a screenshot of the page under test-artifacts/ (and to any extra paths given); returns its path. */
export async function saveScreenshot(page: Page, name: string, ...copies: string[]): Promise<string> {
  const path = join(ARTIFACTS_DIR, name);
  for (const target of [path, ...copies]) {
    mkdirSync(dirname(target), { recursive: true });
    await page.screenshot({ path: target });
  }
  return path;
}

/** Fails a test on any error the page's own scripts throw or log, instead of letting it pass silently. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return errors;
}
