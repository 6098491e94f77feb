import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logLevel } from 'kafkajs';
import { createKafkaClient } from './kafka-client';
import { loadKafkaEnvironment } from './kafka-connection-config';
import { openKafkaEndpoint } from './kafka-endpoint';

describe('openKafkaEndpoint', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oms-kafka-endpoint-'));

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts the project broker when KAFKA_BROKERS is not set', async () => {
    const endpoint = await openKafkaEndpoint(
      loadKafkaEnvironment({ KAFKA_LOCAL_PORT: '0', KAFKA_LOCAL_DATA_DIR: dataDir }),
    );
    try {
      expect(endpoint.kind).toBe('project-broker');
      const admin = createKafkaClient({
        brokers: endpoint.brokers,
        clientId: 'endpoint-spec',
        logLevel: logLevel.NOTHING,
      }).admin();
      await admin.connect();
      expect(await admin.createTopics({ topics: [{ topic: 'endpoint-check', numPartitions: 1 }] })).toBe(
        true,
      );
      await admin.disconnect();
    } finally {
      await endpoint.close();
    }
  });

  it('uses the cluster KAFKA_BROKERS names and starts nothing', async () => {
    const endpoint = await openKafkaEndpoint(
      loadKafkaEnvironment({ KAFKA_BROKERS: 'kafka-1:9092,kafka-2:9092' }),
    );
    expect(endpoint).toMatchObject({ kind: 'external', brokers: ['kafka-1:9092', 'kafka-2:9092'] });
    await endpoint.close();
  });
});
