import { INestApplication } from '@nestjs/common';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { listeningPort } from '@oms/platform/nest';
import { loadOmsConfig } from '../apps/oms/src/config/oms.config';
import { startOms } from '../apps/oms/src/main';

describe('OMS without a reachable Kafka (e2e)', () => {
  let database: TestDatabase;
  let app: INestApplication | undefined;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('starts and serves while the fold keeps trying to join, reports Kafka down on /health with 503 and the desk error body, and stops promptly', async () => {
    const started = Date.now();
    app = await startOms(
      loadOmsConfig({
        DATABASE_URL: database.url,
        KAFKA_BROKERS: '127.0.0.1:1',
        OMS_HTTP_PORT: '0',
        OMS_HTTP_HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      }),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    const response = await fetch(`http://127.0.0.1:${listeningPort(app)}/health`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { message: string } };
    expect(body).toMatchObject({
      status: 'error',
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('kafka is down') },
      info: { postgres: { status: 'up' } },
      details: { postgres: { status: 'up' }, kafka: { status: 'down' }, venueStreams: { status: 'up' } },
    });
    expect(body.error.message).not.toContain('postgres');
    const closing = Date.now();
    await app.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
  });
});
