import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExchangeClient, ExchangeClientConfig } from '../src/exchange-client';
import { expectedHmac, RecordingVenue, splitSignature } from './recording-venue';

export const TEST_SECRET = 'test-secret-key';
export const TEST_API_KEY = 'test-api-key';
/** Local clock frozen here; the venue answers 500 ms later, so every timestamp is LOCAL_NOW + 500. */
export const LOCAL_NOW = 1_722_865_041_000;
export const EXPECTED_TIMESTAMP = LOCAL_NOW + 500;

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, '..', 'test-fixtures', name), 'utf8'));
}

export interface EndpointCase {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** The exact query before timestamp/recvWindow/signature (signed) or the whole query (public). */
  readonly query: string;
  readonly body?: unknown;
  readonly signed?: boolean;
  readonly reply: unknown;
  readonly call: (client: ExchangeClient) => Promise<unknown>;
  readonly check?: (result: unknown) => void;
}

export function testClient(
  venue: RecordingVenue,
  overrides: Partial<ExchangeClientConfig> = {},
): ExchangeClient {
  return new ExchangeClient({
    baseUrl: venue.baseUrl,
    credentials: { kind: 'hmac', apiKey: TEST_API_KEY, secretKey: TEST_SECRET },
    localNow: () => LOCAL_NOW,
    rateBudgets: {
      query: { weight: 10_000, windowMs: 1_000 },
      order: { weight: 10_000, windowMs: 1_000 },
      public: { weight: 10_000, windowMs: 1_000 },
      transfer: { weight: 10_000, windowMs: 1_000 },
    },
    ...overrides,
  });
}

/** Runs one case: scripts the reply, calls, and checks the exact request the venue received. */
export async function runEndpointCase(
  venue: RecordingVenue,
  client: ExchangeClient,
  testCase: EndpointCase,
): Promise<void> {
  venue.reply(testCase.method, testCase.path, { body: testCase.reply });
  const seen = () => (testCase.path === '/api/v1/time' ? venue.requests : venue.calls);
  const before = seen().length;
  const result = await testCase.call(client).finally(() => venue.forget(testCase.method, testCase.path));
  const sent = seen().slice(before);
  expect(sent).toHaveLength(1);
  const request = sent[0];
  expect(request.method).toBe(testCase.method);
  expect(request.path).toBe(testCase.path);
  const signed = testCase.signed ?? true;
  if (!signed) {
    expect(request.rawQuery).toBe(testCase.query);
    expect(request.headers['x-apikey']).toBeUndefined();
  } else {
    const { signed: signedQuery, signature } = splitSignature(request.rawQuery);
    const timing = `timestamp=${EXPECTED_TIMESTAMP}&recvWindow=5000`;
    expect(signedQuery).toBe(testCase.query ? `${testCase.query}&${timing}` : timing);
    expect(request.headers['x-apikey']).toBe(TEST_API_KEY);
    expect(signature).toBe(expectedHmac(TEST_SECRET, signedQuery + request.body));
  }
  if (testCase.body === undefined) {
    expect(request.body).toBe('');
  } else {
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual(testCase.body);
  }
  if (result !== undefined && typeof result === 'object' && result !== null && 'kind' in result) {
    expect(result).toMatchObject({ kind: 'accepted' });
  }
  testCase.check?.(result);
}

/** A recording venue and a client on it, started before the specs of a describe block and closed after. */
export function useEndpointVenue(overrides: Partial<ExchangeClientConfig> = {}): {
  readonly venue: RecordingVenue;
  readonly client: ExchangeClient;
} {
  const env = {} as { venue: RecordingVenue; client: ExchangeClient };
  beforeAll(async () => {
    env.venue = await RecordingVenue.start();
    env.client = testClient(env.venue, overrides);
  });
  afterAll(async () => {
    await env.client.close();
    await env.venue.close();
  });
  return env;
}

/** One spec per case, each checking the exact request the venue received. */
export function itSendsEachCase(
  env: { venue: RecordingVenue; client: ExchangeClient },
  cases: EndpointCase[],
) {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await runEndpointCase(env.venue, env.client, testCase);
  });
}
