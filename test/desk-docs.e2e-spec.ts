import { RunningVenue, startVenue } from '@oms/venue';
import { demoAccountEntry } from '../scripts/stack/demo-account';
import { DeskApp, startDeskApp } from './desk-support/desk-app';

interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly properties?: Record<string, Schema>;
  readonly items?: Schema;
}

interface Operation {
  readonly parameters?: ReadonlyArray<{
    readonly name: string;
    readonly in: string;
    readonly required?: boolean;
  }>;
  readonly responses: Record<string, { readonly content?: Record<string, { readonly schema?: Schema }> }>;
}

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly schemas: Record<string, Schema> };
}

/**
 * The success statuses each route answers (desk-api.md; the handlers set them, so the
 * routes' own decorators cannot be relied on to say them).
 */
const SUCCESS_STATUSES: Record<string, readonly number[]> = {
  'GET /health': [200],
  'GET /metrics': [200],
  'GET /v1/orders': [200],
  'GET /v1/orders/{id}': [200],
  'GET /v1/orders/{id}/events': [200],
  'GET /v1/orders/export': [200],
  'GET /v1/fills': [200],
  'GET /v1/fills/export': [200],
  'GET /v1/positions': [200],
  'GET /v1/balances': [200],
  'GET /v1/breaks': [200],
  'POST /v1/breaks/{id}/resolve': [200],
  'GET /v1/reports/pnl': [200],
  'POST /v1/tokens': [201],
  'DELETE /v1/tokens/{name}': [204],
  'POST /v1/spot/orders': [201],
  'POST /v1/futures/orders': [201],
  'POST /v1/spot/orders/batch': [201],
  'POST /v1/futures/orders/batch': [201],
  'DELETE /v1/orders/{id}': [202],
  'POST /v1/spot/orders/cancel-all': [202],
  'POST /v1/futures/orders/cancel-all': [202],
  'POST /v1/spot/orders/cancel-by-ids': [202],
  'POST /v1/futures/orders/cancel-by-ids': [202],
  // Settings and transfers answer 202 UNCERTAIN when the venue's answer is unknown.
  'POST /v1/futures/leverage': [200, 202],
  'POST /v1/futures/margin-type': [200, 202],
  'POST /v1/futures/position-margin': [200, 202],
  'POST /v1/futures/trading-stop': [200, 202],
  'POST /v1/transfers': [201, 202],
};

/** The JSON answers whose schema the document must give: every JSON GET of the contract, and the token. */
const JSON_ANSWERS: ReadonlyArray<readonly [string, string, 'page' | 'list' | 'object']> = [
  ['GET /v1/orders', '200', 'page'],
  ['GET /v1/orders/{id}', '200', 'object'],
  ['GET /v1/orders/{id}/events', '200', 'list'],
  ['GET /v1/orders/export', '200', 'list'],
  ['GET /v1/fills', '200', 'page'],
  ['GET /v1/fills/export', '200', 'list'],
  ['GET /v1/positions', '200', 'list'],
  ['GET /v1/balances', '200', 'list'],
  ['GET /v1/breaks', '200', 'page'],
  ['GET /v1/reports/pnl', '200', 'object'],
  ['POST /v1/tokens', '201', 'object'],
];

const spotLimit = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.001', price: '1000' };
const futuresLimit = {
  symbol: 'BTCUSDT-PERPETUAL',
  side: 'BUY_OPEN',
  type: 'LIMIT',
  priceType: 'INPUT',
  quantity: '3',
  price: '1000',
};

function operationsOf(document: OpenApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods))
      operations.set(`${method.toUpperCase()} ${path}`, operation);
  return operations;
}

function successStatusesOf(operation: Operation): number[] {
  return Object.keys(operation.responses)
    .filter((status) => /^2\d\d$/.test(status))
    .map(Number)
    .sort();
}

/** The schema itself, for a `$ref` to a component. */
function resolved(document: OpenApiDocument, schema: Schema): Schema {
  if (schema.$ref === undefined) return schema;
  return document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {};
}

function jsonSchemaOf(document: OpenApiDocument, operation: Operation | undefined, status: string): Schema {
  const schema = operation?.responses[status]?.content?.['application/json']?.schema;
  return schema === undefined ? {} : resolved(document, schema);
}

/** The document's route for a request path: `/v1/orders/abc/events` is `/v1/orders/{id}/events`. */
function documentedRoute(document: OpenApiDocument, method: string, path: string): string | undefined {
  const segments = path.split('?')[0].split('/');
  const route = Object.keys(document.paths).find((candidate) => {
    const parts = candidate.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, index) => part === segments[index] || /^\{\w+\}$/.test(part)) &&
      document.paths[candidate][method.toLowerCase()] !== undefined
    );
  });
  return route === undefined ? undefined : `${method} ${route}`;
}

/** Every src/href of a page, resolved against the page's URL. */
function assetUrls(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => new URL(match[1], pageUrl).toString());
}

describe('Desk API documentation pages (e2e)', () => {
  let venue: RunningVenue;
  let desk: DeskApp;

  const documentJson = async (): Promise<OpenApiDocument> =>
    (await (await desk.call('/docs-json', { token: null })).json()) as OpenApiDocument;

  beforeAll(async () => {
    // With a venue the command routes are mounted, so the document has them too.
    venue = await startVenue({ port: 0, controlPort: 0, host: '127.0.0.1' });
    desk = await startDeskApp({
      EXCHANGE_REST_URL: venue.restUrl,
      EXCHANGE_ACCOUNTS: JSON.stringify([await demoAccountEntry(venue, 'demo')]),
    });
  });

  afterAll(async () => {
    await desk?.close();
    await venue?.stop();
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
    // Desk tokens are opaque, not JWTs.
    const schemes = (document.components as unknown as { securitySchemes: Record<string, unknown> })
      .securitySchemes;
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque' });
    // Every field of an order is always there, null or not.
    const order = (document.components.schemas as Record<string, { required?: string[]; properties: object }>)
      .OrderResponse;
    expect([...(order.required ?? [])].sort()).toEqual(Object.keys(order.properties).sort());
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

  it("documents /health's 503 as the desk error body beside each part's state", async () => {
    const document = (await documentJson()) as unknown as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
      >;
    };
    const unavailable = document.paths['/health'].get.responses['503'].content['application/json'].schema;
    expect(unavailable).toMatchObject({
      allOf: [
        { $ref: '#/components/schemas/DeskError' },
        { required: ['status', 'details'], properties: { details: { type: 'object' } } },
      ],
    });
  });

  it('documents the values the server takes and gives: a futures batch of LIMIT orders, an integer limit, the order enums', async () => {
    const document = (await documentJson()) as unknown as {
      paths: Record<string, { get?: { parameters: Array<{ name: string; schema: Schema }> } }>;
      components: { schemas: Record<string, { properties: Record<string, Schema & { enum?: string[] }> }> };
    };
    const schemas = document.components.schemas;
    expect(schemas.FuturesBatchItemRequest.properties.type.enum).toEqual(['LIMIT']);
    expect(schemas.FuturesOrderRequest.properties.type.enum).toEqual(['LIMIT', 'STOP']);
    expect(schemas.FuturesOrderRequest.properties.priceType).toMatchObject({ default: 'INPUT' });
    const limit = document.paths['/v1/orders'].get!.parameters.find(
      (parameter) => parameter.name === 'limit',
    );
    expect(limit?.schema).toMatchObject({ type: 'integer' });
    expect(schemas.OrderResponse.properties.status.enum).toEqual(
      expect.arrayContaining(['NEW', 'ORDER_NEW', 'PENDING_SUBMIT', 'UNCERTAIN', 'NOT_PLACED']),
    );
    expect(schemas.OrderResponse.properties.timeInForce.enum).toEqual(['GTC', 'IOC', 'FOK', 'LIMIT_MAKER']);
    const stop = await desk.call('/v1/futures/orders/batch', {
      method: 'POST',
      body: JSON.stringify({
        account: 'desk-a',
        orders: [
          {
            symbol: 'BTCUSDT-PERPETUAL',
            side: 'SELL_OPEN',
            type: 'STOP',
            quantity: '1',
            priceType: 'MARKET',
            stopPrice: '40000',
          },
        ],
      }),
    });
    expect(stop.status).toBe(400);
    expect(await stop.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        field: 'orders[0].type',
        message: expect.stringMatching(/LIMIT orders only/),
      },
    });
  });

  it('documents every route with exactly the success statuses it answers', async () => {
    const operations = operationsOf(await documentJson());
    expect([...operations.keys()].sort()).toEqual(Object.keys(SUCCESS_STATUSES).sort());
    for (const [route, statuses] of Object.entries(SUCCESS_STATUSES))
      expect({ route, statuses: successStatusesOf(operations.get(route)!) }).toEqual({
        route,
        statuses: [...statuses].sort(),
      });
  });

  it('answers each route it can call here with a documented status and the documented fields', async () => {
    const document = await documentJson();
    const operations = operationsOf(document);
    const answers: Array<{ route: string; status: number; body: unknown }> = [];
    const send = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
      const response = await desk.call(path, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      const route = documentedRoute(document, method, path);
      expect({ path, route }).toEqual({ path, route: expect.any(String) });
      const json = response.headers.get('content-type')?.includes('application/json')
        ? JSON.parse(text)
        : null;
      answers.push({ route: route!, status: response.status, body: json });
      return json as Record<string, unknown>;
    };

    const token = await send('POST', '/v1/tokens', { name: 'docs-viewer', role: 'viewer', accounts: ['*'] });
    await send('DELETE', `/v1/tokens/${String(token.name)}`);
    const spot = await send('POST', '/v1/spot/orders', { account: 'demo', ...spotLimit });
    await send('POST', '/v1/futures/orders', { account: 'demo', ...futuresLimit });
    await send('POST', '/v1/spot/orders/batch', { account: 'demo', orders: [spotLimit] });
    await send('POST', '/v1/futures/orders/batch', { account: 'demo', orders: [futuresLimit] });
    const other = await send('POST', '/v1/spot/orders', { account: 'demo', ...spotLimit });
    const futures = await send('POST', '/v1/futures/orders', { account: 'demo', ...futuresLimit });
    for (const path of [
      '/v1/orders',
      `/v1/orders/${String(spot.id)}`,
      `/v1/orders/${String(spot.id)}/events`,
      '/v1/orders/export?format=json',
      '/v1/fills',
      '/v1/fills/export?format=json',
      '/v1/positions',
      '/v1/balances',
      '/v1/breaks',
      '/v1/reports/pnl?account=demo&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z',
    ])
      await send('GET', path);
    await send('DELETE', `/v1/orders/${String(spot.id)}`);
    await send('POST', '/v1/spot/orders/cancel-by-ids', { account: 'demo', ids: [other.id] });
    await send('POST', '/v1/futures/orders/cancel-by-ids', { account: 'demo', ids: [futures.id] });
    await send('POST', '/v1/spot/orders/cancel-all', { account: 'demo', symbol: 'BTCUSDT' });
    await send('POST', '/v1/futures/orders/cancel-all', { account: 'demo', symbol: 'BTCUSDT-PERPETUAL' });
    await send('POST', '/v1/futures/leverage', { account: 'demo', symbol: 'BTCUSDT-PERPETUAL', leverage: 5 });

    for (const { route, status, body } of answers) {
      const operation = operations.get(route)!;
      expect({ route, status, documented: successStatusesOf(operation) }).toEqual({
        route,
        status,
        documented: expect.arrayContaining([status]),
      });
      if (body === null || typeof body !== 'object') continue;
      const documentedFields = Object.keys(
        jsonSchemaOf(document, operation, String(status)).properties ?? {},
      );
      const undocumented = Object.keys(body).filter((field) => !documentedFields.includes(field));
      expect({ route, undocumented }).toEqual({ route, undocumented: [] });
    }
  });

  it('declares every path parameter of every route', async () => {
    for (const [route, operation] of operationsOf(await documentJson())) {
      const names = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' && parameter.required === true)
        .map((parameter) => parameter.name);
      expect({ route, declared: declared.sort() }).toEqual({ route, declared: names.sort() });
    }
  });

  it('declares the Idempotency-Key header on every command route, and on no other', async () => {
    // The routes that place, cancel or change something at the venue read it (desk-api.md).
    const commandRoute = (route: string) =>
      /^(POST|DELETE) \/v1\/(spot|futures|orders|transfers)\b/.test(route);
    for (const [route, operation] of operationsOf(await documentJson())) {
      const declared = (operation.parameters ?? []).some(
        (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
      );
      expect({ route, declared }).toEqual({ route, declared: commandRoute(route) });
    }
  });

  it.each(JSON_ANSWERS)('gives the JSON schema of %s (%s)', async (route, status, shape) => {
    const document = await documentJson();
    const schema = jsonSchemaOf(document, operationsOf(document).get(route), status);
    const fields = Object.keys(schema.properties ?? {});
    if (shape === 'object') expect(fields.length).toBeGreaterThan(2);
    else {
      expect(fields).toEqual(shape === 'page' ? ['items', 'nextCursor'] : ['items']);
      const item = resolved(document, schema.properties!.items.items ?? {});
      expect(Object.keys(item.properties ?? {}).length).toBeGreaterThan(2);
    }
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
