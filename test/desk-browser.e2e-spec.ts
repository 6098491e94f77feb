import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserContext, chromium } from 'playwright-core';
import { DeskApp, startDeskApp } from './desk-support/desk-app';
import { seedOrder } from './desk-support/read-model-seeds';

const CHROMIUM = '/usr/bin/chromium';
const describeWithChromium = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM))
  process.stderr.write(`desk-browser spec skipped: ${CHROMIUM} is absent (apt-get install -y chromium)\n`);

describeWithChromium('Desk API pages in a browser (e2e, Debian Chromium)', () => {
  let desk: DeskApp;
  let browser: BrowserContext;
  let profile: string;
  const requestedHosts = new Set<string>();

  beforeAll(async () => {
    desk = await startDeskApp();
    await seedOrder(desk.database.dataSource, {
      key: 'browser-1',
      account: 'desk-a',
      createdAt: '2026-11-01T10:00:00Z',
      clientOrderId: 'seen-in-graphiql',
    });
    profile = mkdtempSync(join(tmpdir(), 'desk-chromium-'));
    // A fresh profile per run: the persistent-context API is how playwright takes --user-data-dir.
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await desk?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  const newPage = async () => {
    const page = await browser.newPage();
    page.on('request', (request) => requestedHosts.add(new URL(request.url()).host));
    return page;
  };

  it('opens Swagger UI at /docs and shows the desk routes', async () => {
    const page = await newPage();
    await page.goto(`${desk.baseUrl}/docs`);
    await page.getByText('/v1/orders/{id}/events').first().waitFor({ timeout: 20_000 });
    expect(await page.title()).toContain('OMS desk API');
    await page.close();
  });

  it('runs a query through GraphiQL at /graphql with a token and shows the result', async () => {
    const page = await newPage();
    const query = '{ orders(limit: 5) { items { clientOrderId status } } }';
    await page.goto(`${desk.baseUrl}/graphql?query=${encodeURIComponent(query)}`);
    await page.locator('#desk-token').fill(process.env.DESK_BROWSER_TOKEN ?? (await adminToken()));
    await page.locator('#use-token').click();
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.result-window');
    await result.getByText('seen-in-graphiql').waitFor({ timeout: 20_000 });
    expect(await result.innerText()).toContain('"status": "NEW"');
    await page.close();
  });

  it('loaded every page asset from the OMS itself (no CDN)', () => {
    expect([...requestedHosts]).toEqual([new URL(desk.baseUrl).host]);
  });

  async function adminToken(): Promise<string> {
    return desk.issueToken('browser-viewer', 'viewer', ['*']);
  }
});
