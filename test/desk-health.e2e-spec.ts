import { HealthIndicatorService } from '@nestjs/terminus';
import { KafkaReachability } from '../apps/oms/src/health/kafka-reachability';
import { DeskApp, startDeskApp } from './desk-support/desk-app';

describe('OMS health for the desk (e2e)', () => {
  let desk: DeskApp;

  beforeAll(async () => {
    desk = await startDeskApp();
    await desk.database.dataSource.query(
      `INSERT INTO rm_venue_streams (account, connected, since, gaps, updated_at)
       VALUES ('desk-a', true, '2026-11-01T00:00:00Z', 2, now())`,
    );
  });

  afterAll(async () => {
    await desk?.close();
  });

  it('answers 200 without a token, showing Postgres, Kafka and each served account venue stream', async () => {
    const response = await desk.call('/health', { token: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      info: {
        postgres: { status: 'up' },
        kafka: { status: 'up' },
        venueStreams: {
          status: 'up',
          accounts: {
            'desk-a': { connected: true, since: '2026-11-01T00:00:00.000Z', gaps: 2 },
            'desk-b': { connected: false, since: null },
          },
        },
      },
    });
  });

  it('reports Kafka down, with the reason, when no broker answers', async () => {
    // Stopping the spec's broker under a running OMS would leave the fold consumer
    // reconnecting after the app closes; a broker address nothing listens on shows the same.
    const reachability = new KafkaReachability(['127.0.0.1:1'], new HealthIndicatorService());
    try {
      expect(await reachability.check('kafka')).toMatchObject({ kafka: { status: 'down' } });
    } finally {
      await reachability.close();
    }
  });
});
