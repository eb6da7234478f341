import type { Browser } from 'playwright-core';
import type { RunningArbiter } from '../../src/bootstrap.js';
import { Client, startTestArbiter, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { collectPageErrors, launchChromium, saveScreenshot } from './chromium.js';

describe('the playground at /graphql', () => {
  let arbiter: RunningArbiter;
  let browser: Browser;
  let campaignId: string;
  const campaignName = `Playground ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchChromium();
    arbiter = await startTestArbiter();
    const created = await new Client(arbiter.url, TEST_ADMIN_KEY).data(
      `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } } }`,
      { input: { name: campaignName, ruleset: 'tenth-realm' } },
    );
    campaignId = created.createCampaign.campaign.id;
  }, 60_000);

  // Chromium may take seconds to close on a loaded machine.
  afterAll(async () => {
    await browser?.close();
    await arbiter?.close();
  }, 30_000);

  it('runs a query with the key entered in the page, and shows the schema docs', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    const errors = collectPageErrors(page);
    // Served by Arbiter itself: nothing may come from another host.
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(arbiter.url)) foreign.push(request.url());
    });

    await page.goto(`${arbiter.url}/graphql`);
    await page.locator('.graphiql-container').waitFor();
    await expectText(page.locator('#arbiter-whoami'), 'No key yet');

    await page.fill('#arbiter-key', TEST_ADMIN_KEY);
    await page.click('#arbiter-use-key');
    await expectText(page.locator('#arbiter-whoami'), 'Signed in: ADMIN');

    // A tab of our own, then the query typed into it.
    await page.click('.graphiql-tab-add');
    await page.locator('.graphiql-query-editor .CodeMirror').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    const query = '{ campaigns { id name } }';
    await page.keyboard.insertText(query);
    // GraphiQL takes the editor's text into the tab's state (and its storage) a moment after
    // typing: a click made before then would run the tab's empty query.
    await page.waitForFunction((typed) => (globalThis as any).localStorage.getItem('graphiql:query') === typed, query);
    await page.click('.graphiql-execute-button');
    // Read from the editor, not the screen: CodeMirror draws only the lines in view, and the test
    // database holds the campaigns of every test file.
    const answer = await responseContaining(page, '"campaigns"', 15_000);
    const shown = JSON.parse(answer);
    expect(shown.data.campaigns).toEqual(expect.arrayContaining([{ id: expect.any(String), name: campaignName }]));

    // The docs explorer reads the schema.
    await page.click('[aria-label="Show Documentation Explorer"]');
    await expectText(page.locator('.graphiql-doc-explorer'), 'Root Types');

    await saveScreenshot(page, 'playground.png');
    // The key is kept: a reload does not ask for it again.
    await page.reload();
    await expectText(page.locator('#arbiter-whoami'), 'Signed in: ADMIN');

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('runs the campaignEvents subscription over graphql-ws with the same key', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    const errors = collectPageErrors(page);
    await page.goto(`${arbiter.url}/graphql`);
    await page.fill('#arbiter-key', TEST_ADMIN_KEY);
    await page.click('#arbiter-use-key');
    await expectText(page.locator('#arbiter-whoami'), 'Signed in: ADMIN');

    await page.locator('.graphiql-tab', { hasText: 'CampaignEvents' }).click();
    const variables = JSON.stringify({ campaignId, afterSeq: 0 });
    await page.locator('.graphiql-editor-tool .CodeMirror').first().evaluate((element, text) => {
      (element as any).CodeMirror.setValue(text);
    }, variables);
    // As with the query: GraphiQL takes the variables a moment after they change.
    await page.waitForFunction((typed) => (globalThis as any).localStorage.getItem('graphiql:variables') === typed, variables);
    await page.click('.graphiql-execute-button');
    // The log so far arrives first (campaign.created is seq 1), then the live part waits for more.
    await responseContaining(page, '"campaignEvents"');
    await new Client(arbiter.url, TEST_ADMIN_KEY).data(`mutation ($input: RollDiceInput!) { rollDice(input: $input) { total } }`, {
      input: { campaignId, expression: '1d6', label: 'From the playground test' },
    });
    await responseContaining(page, 'From the playground test');
    await page.click('.graphiql-execute-button'); // stops the subscription
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('serves its listed assets, compressed and cacheable, and nothing else from node_modules', async () => {
    const script = await fetch(`${arbiter.url}/playground/assets/graphiql.min.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-encoding')).toBe('gzip');
    const etag = script.headers.get('etag')!;
    expect((await fetch(`${arbiter.url}/playground/assets/graphiql.min.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    for (const path of ['package.json', 'graphiql.js', '..%2Fpackage.json', '%2E%2E%2F%2E%2E%2Fpackage.json']) {
      expect([path, (await fetch(`${arbiter.url}/playground/assets/${path}`)).status]).toEqual([path, 404]);
    }
  });

  it('opens with the campaign management operations as tabs', async () => {
    const page = await browser.newPage();
    await page.goto(`${arbiter.url}/graphql`);
    const tabs = page.locator('.graphiql-tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual(
      expect.arrayContaining(['Campaigns', 'CreateCampaign', 'AddMember', 'CreateDeck', 'DrawCards', 'RotateSeed', 'CampaignEvents'].map((name) => expect.stringContaining(name))),
    );
    await page.close();
  }, 60_000);
});

describe('the playground switched off (ARBITER_PLAYGROUND=false)', () => {
  let arbiter: RunningArbiter;

  beforeAll(async () => {
    arbiter = await startTestArbiter({ ARBITER_PLAYGROUND: 'false' });
  }, 60_000);

  afterAll(async () => {
    await arbiter?.close();
  });

  it('serves no IDE on GET /graphql, nor its assets', async () => {
    const page = await fetch(`${arbiter.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type') ?? '').not.toContain('text/html');
    expect(await page.text()).not.toMatch(/<html|graphiql/i);
    expect((await fetch(`${arbiter.url}/playground/assets/graphiql.min.js`)).status).toBe(404);
  });
});

async function expectText(locator: import('playwright-core').Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** The text of GraphiQL's response pane, once it contains `text`. */
async function responseContaining(page: import('playwright-core').Page, text: string, timeout = 15_000): Promise<string> {
  const handle = await page.waitForFunction(
    (expected) => {
      // Runs in the page, where `document` exists (the test's own types know no DOM).
      const editor = (globalThis as any).document.querySelector('.graphiql-response .CodeMirror');
      const value: string = editor?.CodeMirror?.getValue() ?? '';
      return value.includes(expected) ? value : false;
    },
    text,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}
