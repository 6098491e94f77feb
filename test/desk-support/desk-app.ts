import { INestApplication } from '@nestjs/common';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { listeningPort } from '@oms/platform/nest';
import { openSpecBrokers } from '@oms/kafka/test-support/test-kafka-cluster';
import { loadOmsConfig } from '../../apps/oms/src/config/oms.config';
import { startOms } from '../../apps/oms/src/main';

export const ADMIN_TOKEN = 'desk-admin-token-for-e2e-0123456789';

export const SERVED_ACCOUNTS = ['desk-a', 'desk-b'];

export interface DeskApp {
  readonly database: TestDatabase;
  readonly app: INestApplication;
  readonly baseUrl: string;
  /** fetch with the admin token unless another token (or null) is given. */
  call(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  /** POST /v1/tokens as admin; returns the token value. */
  issueToken(name: string, role: string, accounts: string[], requestsPerMinute?: number): Promise<string>;
  close(): Promise<void>;
}

/** An OMS with its own database, an admin token and two served accounts. */
export async function startDeskApp(env: Record<string, string> = {}): Promise<DeskApp> {
  const database = await createTestDatabase({ migrate: false });
  const { brokers, local } = await openSpecBrokers();
  const config = loadOmsConfig({
    DATABASE_URL: database.url,
    KAFKA_BROKERS: brokers.join(','),
    KAFKA_TOPIC_PREFIX: `desk-${process.pid}-${Date.now()}`,
    OMS_FOLD_CHECK_INTERVAL_MS: '0',
    OMS_HTTP_PORT: '0',
    OMS_HTTP_HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DESK_ADMIN_TOKEN: ADMIN_TOKEN,
    DESK_REQUESTS_PER_MINUTE: '100000',
    EXCHANGE_ACCOUNTS: JSON.stringify(
      SERVED_ACCOUNTS.map((name) => ({ name, apiKey: `k-${name}`, secretKey: 's' })),
    ),
    ...env,
  });
  const app = await startOms(config, { handleSignals: false });
  const baseUrl = `http://127.0.0.1:${listeningPort(app)}`;
  const call = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const { token = ADMIN_TOKEN, headers, ...rest } = init;
    return fetch(`${baseUrl}${path}`, {
      ...rest,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(rest.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(headers as Record<string, string> | undefined),
      },
    });
  };
  return {
    database,
    app,
    baseUrl,
    call,
    async issueToken(name, role, accounts, requestsPerMinute) {
      const response = await call('/v1/tokens', {
        method: 'POST',
        body: JSON.stringify({ name, role, accounts, ...(requestsPerMinute ? { requestsPerMinute } : {}) }),
      });
      if (response.status !== 201)
        throw new Error(`token ${name}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    },
    async close() {
      await app.close();
      await database.drop();
      await local?.dispose();
    },
  };
}

/** POST /graphql with a token; returns status and body. */
export async function graphql(
  desk: DeskApp,
  query: string,
  variables: Record<string, unknown> = {},
  token: string | null = ADMIN_TOKEN,
): Promise<{
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}> {
  const response = await desk.call('/graphql', {
    method: 'POST',
    token,
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as never };
}
