import { Logger } from '@nestjs/common';
import { ADMIN_TOKEN, DeskApp, graphql, startDeskApp } from './desk-support/desk-app';

describe('Desk API access (e2e)', () => {
  let desk: DeskApp;

  beforeAll(async () => {
    desk = await startDeskApp();
  });

  afterAll(async () => {
    await desk?.close();
  });

  it('refuses a list without a token with 401 UNAUTHORIZED', async () => {
    const response = await desk.call('/v1/orders', { token: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', field: 'authorization' } });
  });

  it('refuses an unknown token with 401', async () => {
    const response = await desk.call('/v1/orders', { token: 'desk_not-a-real-token' });
    expect(response.status).toBe(401);
  });

  it('serves the DESK_ADMIN_TOKEN as the admin token', async () => {
    const response = await desk.call('/v1/orders');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: [], nextCursor: null });
  });

  it('issues a token once, stores only its digest, and refuses a second token of the same name with 409', async () => {
    const response = await desk.call('/v1/tokens', {
      method: 'POST',
      body: JSON.stringify({ name: 'viewer-1', role: 'viewer', accounts: ['desk-a'] }),
    });
    expect(response.status).toBe(201);
    const issued = (await response.json()) as { token: string };
    expect(issued).toMatchObject({ name: 'viewer-1', role: 'viewer', accounts: ['desk-a'] });
    const stored = await desk.database.dataSource.query<Array<{ token_sha256: string }>>(
      `SELECT token_sha256 FROM desk_tokens WHERE name = 'viewer-1'`,
    );
    expect(stored[0].token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].token_sha256).not.toContain(issued.token);
    const again = await desk.call('/v1/tokens', {
      method: 'POST',
      body: JSON.stringify({ name: 'viewer-1', role: 'viewer', accounts: ['desk-a'] }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'TOKEN_NAME_IN_USE', field: 'name' } });
  });

  it('forbids a viewer from an admin or trader route with 403', async () => {
    const viewer = await desk.issueToken('viewer-2', 'viewer', ['desk-a']);
    const response = await desk.call('/v1/tokens', {
      method: 'POST',
      token: viewer,
      body: JSON.stringify({ name: 'sneaky', role: 'admin', accounts: ['*'] }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('forbids a trader an account outside its scope (403) and names an account the OMS does not serve (404)', async () => {
    const trader = await desk.issueToken('trader-a', 'trader', ['desk-a']);
    expect((await desk.call('/v1/orders?account=desk-a', { token: trader })).status).toBe(200);
    const outside = await desk.call('/v1/orders?account=desk-b', { token: trader });
    expect(outside.status).toBe(403);
    expect(await outside.json()).toMatchObject({ error: { code: 'FORBIDDEN', field: 'account' } });
    const unknown = await desk.call('/v1/orders?account=nobody');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'ACCOUNT_NOT_FOUND', field: 'account' } });
  });

  it('refuses a revoked token with 401, and 404 for revoking an unknown name, also one no token could have', async () => {
    const token = await desk.issueToken('short-lived', 'viewer', ['*']);
    expect((await desk.call('/v1/orders', { token })).status).toBe(200);
    expect((await desk.call('/v1/tokens/short-lived', { method: 'DELETE' })).status).toBe(204);
    expect((await desk.call('/v1/orders', { token })).status).toBe(401);
    const unknown = await desk.call('/v1/tokens/short-lived', { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'TOKEN_NOT_FOUND' } });
    for (const impossible of ['bad%20name!', 'x'.repeat(65)]) {
      const none = await desk.call(`/v1/tokens/${impossible}`, { method: 'DELETE' });
      expect({ impossible, status: none.status }).toEqual({ impossible, status: 404 });
    }
  });

  it('limits a token to its requests per minute with 429 and Retry-After', async () => {
    const token = await desk.issueToken('limited', 'viewer', ['*'], 3);
    for (let i = 0; i < 3; i += 1) expect((await desk.call('/v1/orders', { token })).status).toBe(200);
    const limited = await desk.call('/v1/orders', { token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('answers GraphQL without a valid token with HTTP 401, also a GET query or a text/plain body, which the server refuses anyway', async () => {
    const { status, body } = await graphql(desk, '{ orders { nextCursor } }', {}, null);
    expect(status).toBe(401);
    expect(body.errors?.[0].extensions?.code).toBe('UNAUTHORIZED');
    const query = encodeURIComponent('{ orders { nextCursor } }');
    const requests = [
      desk.call(`/graphql?query=${query}`, { token: null }),
      desk.call(`/graphql?query=${query}`, { token: 'not-a-token' }),
      desk.call('/graphql', {
        method: 'POST',
        token: null,
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ query: '{ orders { nextCursor } }' }),
      }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        errors: [expect.objectContaining({ extensions: { code: 'UNAUTHORIZED', field: 'authorization' } })],
      });
    }
    // The same GET with a token is refused as a possible cross-site request forgery.
    expect((await desk.call(`/graphql?query=${query}`)).status).toBe(400);
    // The GraphiQL page itself needs no token.
    expect((await desk.call('/graphql', { token: null, headers: { accept: 'text/html' } })).status).toBe(200);
  });

  it('gives a GraphQL query on an account outside the scope extensions.code FORBIDDEN', async () => {
    const trader = await desk.issueToken('trader-gql', 'trader', ['desk-a']);
    const { status, body } = await graphql(
      desk,
      'query($f: OrderFilter) { orders(filter: $f) { nextCursor } }',
      { f: { account: 'desk-b' } },
      trader,
    );
    expect(status).toBe(200);
    expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('answers a malformed or oversized body sent without a valid token 401, as any request without one', async () => {
    for (const token of [null, 'not-a-token']) {
      const malformed = await desk.call('/v1/spot/orders', { method: 'POST', body: '{"account": ', token });
      expect(malformed.status).toBe(401);
      expect(await malformed.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      const huge = await desk.call('/graphql', { method: 'POST', body: 'x'.repeat(2_000_000), token });
      expect(huge.status).toBe(401);
    }
  });

  it('answers errors as {"error": {...}}: malformed JSON, an oversized body, an unknown route', async () => {
    const malformed = await desk.call('/v1/tokens', { method: 'POST', body: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'MALFORMED_JSON' } });
    const huge = await desk.call('/v1/tokens', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(2_000_000), role: 'viewer', accounts: ['*'] }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    const unknown = await desk.call('/v1/no-such-route');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('names the field of a validation error', async () => {
    const response = await desk.call('/v1/orders?limit=1001');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'limit' } });
    const extra = await desk.call('/v1/orders?colour=red');
    expect(await extra.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'colour' } });
  });

  it('logs every denial with the token name and never the token value', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const viewer = await desk.issueToken('viewer-logged', 'viewer', ['desk-a']);
      await desk.call('/v1/tokens/nobody', { method: 'DELETE', token: viewer });
      await desk.call('/v1/orders?account=desk-b', { token: viewer });
      await desk.call('/v1/orders', { token: `${ADMIN_TOKEN}-wrong` });
      const denials = warn.mock.calls.filter((call) => call[1] === 'desk access denied');
      expect(denials.map((call) => (call[0] as { tokenName: string | null }).tokenName)).toEqual([
        'viewer-logged',
        'viewer-logged',
        null,
      ]);
      const logged = JSON.stringify(warn.mock.calls);
      expect(logged).not.toContain(viewer);
      expect(logged).not.toContain(ADMIN_TOKEN);
    } finally {
      warn.mockRestore();
    }
  });
});
