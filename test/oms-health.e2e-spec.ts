import { INestApplication } from '@nestjs/common';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { listeningPort } from '@oms/platform/nest';
import { openSpecBrokers } from '@oms/kafka/test-support/test-kafka-cluster';
import { TemporaryBroker } from '@oms/kafka-broker/test-support/temporary-broker';
import { loadOmsConfig } from '../apps/oms/src/config/oms.config';
import { startOms } from '../apps/oms/src/main';

describe('OMS app (e2e)', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let baseUrl: string;
  let broker: TemporaryBroker | undefined;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const { brokers, local } = await openSpecBrokers();
    broker = local;
    const config = loadOmsConfig({
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers.join(','),
      KAFKA_TOPIC_PREFIX: `oms-health-${process.pid}`,
      OMS_HTTP_PORT: '0',
      OMS_HTTP_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    app = await startOms(config);
    baseUrl = `http://127.0.0.1:${listeningPort(app)}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await broker?.dispose();
  });

  it('applies the migrations at start', async () => {
    const applied = await database.dataSource.query<Array<{ name: string }>>(
      'SELECT name FROM schema_migrations ORDER BY id',
    );
    expect(applied.map((row) => row.name)).toContain('CreateEventStore1763800000000');
  });

  it('reports healthy when Postgres answers, echoing the caller correlation id', async () => {
    const response = await fetch(`${baseUrl}/health`, { headers: { 'x-correlation-id': 'desk-req-42' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-correlation-id')).toBe('desk-req-42');
    expect(await response.json()).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' } } });
  });

  it('answers 404 for an unknown route instead of failing', async () => {
    const response = await fetch(`${baseUrl}/no-such-route`);
    expect(response.status).toBe(404);
  });
});
