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

  it('answers 503 naming Kafka when the broker is gone', async () => {
    if (!(await desk.stopBroker())) return; // an external cluster is not ours to stop
    const response = await desk.call('/health', { token: null });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'error', error: { kafka: { status: 'down' } } });
  });
});
