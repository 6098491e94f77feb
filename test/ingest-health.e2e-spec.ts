import { INestApplication } from '@nestjs/common';
import { listeningPort } from '@oms/platform/nest';
import { loadIngestConfig } from '../apps/ingest/src/config/ingest.config';
import { startIngest } from '../apps/ingest/src/main';

describe('ingest app (e2e)', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await startIngest(
      loadIngestConfig({ INGEST_HTTP_PORT: '0', INGEST_HTTP_HOST: '127.0.0.1', LOG_LEVEL: 'warn' }),
    );
  });

  afterAll(async () => {
    await app?.close();
  });

  it('boots and answers its health check', async () => {
    const response = await fetch(`http://127.0.0.1:${listeningPort(app)}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
