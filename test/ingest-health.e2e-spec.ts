import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import { listeningPort } from '@oms/platform/nest';
import { loadIngestConfig } from '../apps/ingest/src/config/ingest.config';
import { startIngest } from '../apps/ingest/src/main';

describe('ingest app (e2e)', () => {
  let app: INestApplication;
  const journalDir = mkdtempSync(join(tmpdir(), 'oms-ingest-health-'));

  beforeAll(async () => {
    app = await startIngest(
      loadIngestConfig({
        INGEST_HTTP_PORT: '0',
        INGEST_HTTP_HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // No account to serve: nothing is produced, so no broker needs to answer.
        KAFKA_BROKERS: '127.0.0.1:1',
        INGEST_JOURNAL_DIR: journalDir,
      }),
      { handleSignals: false },
    );
  });

  afterAll(async () => {
    await app?.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  it('boots without accounts and answers its health check with an empty journal', async () => {
    const response = await fetch(`http://127.0.0.1:${listeningPort(app)}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      accounts: [],
      delivery: { journalDepth: 0 },
    });
  });

  it('serves Prometheus metrics', async () => {
    const response = await fetch(`http://127.0.0.1:${listeningPort(app)}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const name of [
      'ingest_stream_messages_total',
      'ingest_journal_depth',
      'ingest_dead_letters_total',
      'ingest_produce_latency_seconds',
    ])
      expect(text).toContain(name);
  });
});
