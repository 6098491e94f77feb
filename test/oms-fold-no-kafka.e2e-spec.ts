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

  it('starts and serves while the fold keeps trying to join, and stops promptly', async () => {
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
    expect([200, 503]).toContain(response.status);
    const closing = Date.now();
    await app.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
  });
});
