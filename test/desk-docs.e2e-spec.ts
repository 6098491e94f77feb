import { DeskApp, startDeskApp } from './desk-support/desk-app';

/** Every src/href of a page, resolved against the page's URL. */
function assetUrls(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => new URL(match[1], pageUrl).toString());
}

describe('Desk API documentation pages (e2e)', () => {
  let desk: DeskApp;

  beforeAll(async () => {
    desk = await startDeskApp();
  });

  afterAll(async () => {
    await desk?.close();
  });

  it('serves the OpenAPI document publicly, with every desk route and every error code', async () => {
    const response = await desk.call('/docs-json', { token: null });
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    for (const path of [
      '/v1/orders',
      '/v1/orders/{id}',
      '/v1/orders/{id}/events',
      '/v1/fills',
      '/v1/positions',
      '/v1/balances',
      '/v1/breaks',
      '/v1/breaks/{id}/resolve',
      '/v1/reports/pnl',
      '/v1/orders/export',
      '/v1/fills/export',
      '/v1/tokens',
      '/v1/tokens/{name}',
    ])
      expect(Object.keys(document.paths)).toContain(path);
    expect(document.paths['/v1/orders'].get.responses.default).toBeDefined();
    const errorSchema = JSON.stringify(document.components.schemas.DeskError);
    for (const code of [
      'MALFORMED_JSON',
      'PAYLOAD_TOO_LARGE',
      'INVALID_CURSOR',
      'ACCOUNT_NOT_FOUND',
      'FORBIDDEN',
    ])
      expect(errorSchema).toContain(code);
  });

  it('serves Swagger UI with every asset from this server', async () => {
    const page = await desk.call('/docs', { token: null });
    expect(page.status).toBe(200);
    const html = await page.text();
    const urls = assetUrls(html, `${desk.baseUrl}/docs`);
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) {
      expect(url.startsWith(desk.baseUrl)).toBe(true);
      expect((await fetch(url)).status).toBe(200);
    }
  });

  it('serves the GraphiQL page on GET /graphql with every asset from this server', async () => {
    const page = await desk.call('/graphql', { token: null, headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('GraphiQL');
    const urls = assetUrls(html, `${desk.baseUrl}/graphql`);
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      expect(url.startsWith(desk.baseUrl)).toBe(true);
      expect((await fetch(url)).status).toBe(200);
    }
    expect((await desk.call('/graphiql-assets/package.json', { token: null })).status).toBe(404);
  });
});
