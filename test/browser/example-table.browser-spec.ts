import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { createOpenTable, createTable, finishedTenthRealmCharacter, startTestArbiter } from '../helpers/arbiter.js';
import { collectPageErrors, launchChromium, saveScreenshot } from './chromium.js';

const VITE = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
const VITE_CONFIG = join(process.cwd(), 'examples', 'table', 'vite.config.js');

/** `npm run example`, as a user runs it: Vite's dev server passing /graphql on to ARBITER_URL. */
async function startExampleServer(arbiterUrl: string): Promise<{ url: string; process: ChildProcess }> {
  // Port 0: the system picks a free port, and Vite prints the address it got.
  const child = spawn(process.execPath, [VITE, '--config', VITE_CONFIG, '--host', '127.0.0.1', '--port', '0', '--strictPort'], {
    env: { ...process.env, ARBITER_URL: arbiterUrl, NODE_ENV: 'development', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Vite exited (${child.exitCode}):\n${output}`);
    const url = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''))?.[1];
    if (url) {
      try {
        if ((await fetch(url)).ok) return { url, process: child };
      } catch {
        // not answering yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`Vite did not answer within 30 s:\n${output}`);
}

/** Runs a Node script to its end: its exit code and everything it printed. */
async function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function openTable(browser: Browser, exampleUrl: string, key: string): Promise<{ page: Page; errors: string[] }> {
  // A context each: two players on two machines, nothing shared (localStorage included).
  const context = await browser.newContext({ viewport: { width: 1360, height: 960 } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${exampleUrl}/#key=${encodeURIComponent(key)}`);
  await page.locator('#live-status.live').waitFor({ timeout: 20_000 });
  return { page, errors };
}

describe('the example table (examples/table, served by `npm run example`)', () => {
  let arbiter: RunningArbiter;
  let browser: Browser;
  let example: { url: string; process: ChildProcess } | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    arbiter = await startTestArbiter();
    example = await startExampleServer(arbiter.url);
  }, 90_000);

  // Chromium may take seconds to close on a loaded machine.
  afterAll(async () => {
    await browser?.close();
    await stop(example?.process);
    await arbiter?.close();
  }, 30_000);

  it('shows a roll made in one page in the live log of another, and draws and trial rolls too', async () => {
    // The Tenth Realm deck is the ruleset's: the generic draw is made from a deck of the table's own.
    const table = await createOpenTable(arbiter.url, 'tenth-realm');
    const [ada, bo] = table.players;
    const sigrun = await finishedTenthRealmCharacter(ada.client, table.campaignId, 'Sigrun', 'OX', 'Axe');

    const adaPage = await openTable(browser, example!.url, ada.client.key!);
    const boPage = await openTable(browser, example!.url, bo.client.key!);
    await expect(adaPage.page.locator('#campaign-name').textContent()).resolves.toBe('Table');

    // Ada rolls in her page; Bo's page hears of it over the subscription.
    await adaPage.page.fill('#dice-form [name=expression]', '2d6+1');
    await adaPage.page.fill('#dice-form [name=label]', 'Sneak past the draugr');
    await adaPage.page.click('#dice-form button');
    await adaPage.page.locator('#dice-result', { hasText: '2d6+1 = ' }).waitFor();
    const boSees = boPage.page.locator('#events li[data-type="dice.rolled"]', { hasText: 'Sneak past the draugr' });
    await boSees.waitFor({ timeout: 10_000 });
    expect(await boSees.textContent()).toMatch(/Ada rolled Sneak past the draugr: 2d6\+1 = \d+/);

    // Bo rolls back; Ada hears of it.
    await boPage.page.fill('#dice-form [name=expression]', '1d20');
    await boPage.page.fill('#dice-form [name=label]', 'Perception');
    await boPage.page.click('#dice-form button');
    await adaPage.page.locator('#events li[data-type="dice.rolled"]', { hasText: 'Bo rolled Perception' }).waitFor({ timeout: 10_000 });

    // Ada draws two cards into Sigrun's hand: she sees them, Bo sees only how many.
    const drawPile = (page: Page) => page.locator(`.deck[data-deck-id="${table.deckId}"] .draw-pile-count`);
    const before = Number(await drawPile(boPage.page).textContent());
    await adaPage.page.selectOption('#draw-deck', table.deckId);
    await adaPage.page.selectOption('#draw-to', `HAND:${sigrun}`);
    await adaPage.page.fill('#draw-form [name=count]', '2');
    await adaPage.page.click('#draw-form button');
    const drawn = ((await adaPage.page.locator('#draw-result', { hasText: 'Drew ' }).textContent()) ?? '').replace('Drew ', '').split(' ');
    await adaPage.page.locator(`.hand[data-character-id="${sigrun}"] .card`).nth(1).waitFor();
    await boPage.page.locator(`.hand[data-character-id="${sigrun}"]`, { hasText: '2 cards (hidden)' }).waitFor({ timeout: 10_000 });
    // The page refreshes the deck on the draw's event, a moment after the hands: wait for it.
    await drawPile(boPage.page).filter({ hasText: new RegExp(`^${before - 2}$`) }).waitFor({ timeout: 10_000 });
    await expect(drawPile(boPage.page).textContent()).resolves.toBe(String(before - 2));
    expect(await boPage.page.locator(`.hand[data-character-id="${sigrun}"] .card`).count()).toBe(0);
    // The log tells Bo that Ada drew, not what: the codes are in the event's secret, for Ada and the GM.
    const adaLogsDraw = adaPage.page.locator('#events li[data-type="cards.drawn"]', { hasText: "Sigrun's hand" });
    await adaLogsDraw.waitFor();
    expect(await adaLogsDraw.textContent()).toContain(drawn.join(' '));
    const boLogsDraw = boPage.page.locator('#events li[data-type="cards.drawn"]', { hasText: "Sigrun's hand" }).locator('span').nth(1);
    expect(await boLogsDraw.textContent()).toBe("Ada drew 2 from Open deck to Sigrun's hand");

    // The Tenth Realm trial: the GM calls it (the DR is the GM's), Ada rolls it in her page.
    const gmPage = await openTable(browser, example!.url, table.gm.key!);
    expect(await adaPage.page.locator('#trial-form [name=dr]').isVisible()).toBe(false);
    await expect(adaPage.page.locator('#trial-roll').isDisabled()).resolves.toBe(true);
    await gmPage.page.selectOption('#trial-character', sigrun);
    await gmPage.page.selectOption('#trial-attribute', 'STRENGTH');
    await gmPage.page.fill('#trial-form [name=dr]', '12');
    await gmPage.page.click('#trial-form button[value=call]');
    await gmPage.page.locator('#trial-result', { hasText: 'Called Sigrun: strength vs DR 12' }).waitFor();
    await adaPage.page.locator('#trial-call option', { hasText: 'Sigrun: strength vs DR 12' }).waitFor({ state: 'attached', timeout: 10_000 });
    await adaPage.page.click('#trial-roll');
    await adaPage.page.locator('#trial-result', { hasText: 'vs DR' }).waitFor();
    await boPage.page.locator('#events li[data-type="tenth-realm.trial-rolled"]', { hasText: 'Ada' }).waitFor({ timeout: 10_000 });
    // The call is answered: Ada has none left to roll.
    await adaPage.page.locator('#trial-call option').waitFor({ state: 'detached', timeout: 10_000 });
    expect(gmPage.errors).toEqual([]);

    // Everything settled (the log and the reloaded table) before the picture.
    await adaPage.page.locator('#events li[data-type="tenth-realm.trial-rolled"]').waitFor();
    await adaPage.page.waitForTimeout(400);
    // The README's copy is refreshed only on request (UPDATE_DOCS=1): every run rolls differently.
    const docsCopies = process.env.UPDATE_DOCS === '1' ? [join(process.cwd(), 'docs', 'example-table.png')] : [];
    await saveScreenshot(adaPage.page, 'example-table.png', ...docsCopies);

    expect(await adaPage.page.locator('#message.error').count()).toBe(0);
    expect(adaPage.errors).toEqual([]);
    expect(boPage.errors).toEqual([]);
    await adaPage.page.context().close();
    await boPage.page.context().close();
  }, 120_000);

  it('shows an error a rule gives in words, and writes nothing', async () => {
    const table = await createTable(arbiter.url, 'tenth-realm');
    const { page } = await openTable(browser, example!.url, table.players[0].client.key!);
    await page.fill('#dice-form [name=expression]', '4d6kh5');
    await page.click('#dice-form button');
    await page.locator('#message.error', { hasText: 'BAD_USER_INPUT' }).waitFor();
    expect(await page.locator('#events li[data-type="dice.rolled"]').count()).toBe(0);
    await page.context().close();
  }, 60_000);
});

describe("the example table's sources", () => {
  it('build to static files with `vite build`', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'arbiter-example-'));
    try {
      expect(await run([VITE, 'build', '--config', VITE_CONFIG, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'])).toEqual({ code: 0, output: '' });
      expect(existsSync(join(outDir, 'index.html'))).toBe(true);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 60_000);

  // Vite strips the types without checking them, and the project's typecheck covers src/ and test/ only.
  it('type-check (examples/table/tsconfig.json, with the DOM types)', async () => {
    const tsc = join(process.cwd(), 'node_modules', 'typescript', 'bin', 'tsc');
    expect(await run([tsc, '-p', join(process.cwd(), 'examples', 'table', 'tsconfig.json')])).toEqual({ code: 0, output: '' });
  }, 60_000);
});
