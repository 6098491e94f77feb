import { ConfigurationError } from '@oms/platform';
import { loadVenueConfig } from './venue-config';

describe('loadVenueConfig', () => {
  it('defaults to the seeds limits, loopback and the demo key', () => {
    const config = loadVenueConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      controlPort: 8081,
      keyHeader: 'X-APIKEY',
      limits: { queryWeightPerSecond: 5, orderWeightPerSecond: 20, suspensionMs: 60_000 },
      stream: { listenKeyTtlMs: 3_600_000, pingIntervalMs: 30_000 },
    });
  });

  it('leaves the funding schedule to the host unless told, on eight-hour settlement times', () => {
    expect(loadVenueConfig({}).funding).toEqual({ scheduled: undefined, intervalMs: 28_800_000 });
    expect(
      loadVenueConfig({ VENUE_FUNDING_SCHEDULE: 'on', VENUE_FUNDING_INTERVAL_MS: '2000' }).funding,
    ).toEqual({ scheduled: true, intervalMs: 2_000 });
    expect(loadVenueConfig({ VENUE_FUNDING_SCHEDULE: 'off' }).funding.scheduled).toBe(false);
  });

  it('refuses a funding setting it cannot follow, naming it', () => {
    expect(() => loadVenueConfig({ VENUE_FUNDING_SCHEDULE: 'yes' })).toThrow('VENUE_FUNDING_SCHEDULE');
    for (const interval of ['999', '1.5', 'hourly'])
      expect(() => loadVenueConfig({ VENUE_FUNDING_INTERVAL_MS: interval })).toThrow(
        'VENUE_FUNDING_INTERVAL_MS',
      );
  });

  it('listens on every interface in a container unless told otherwise', () => {
    expect(loadVenueConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadVenueConfig({ NODE_ENV: 'production', VENUE_HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('names each invalid variable without echoing secrets', () => {
    let error: unknown;
    try {
      loadVenueConfig({
        VENUE_PORT: 'eighty',
        VENUE_KEY_HEADER: 'Authorization',
        VENUE_DEMO_SECRET_KEY: 'short',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    const message = (error as Error).message;
    expect(message).toContain('VENUE_PORT');
    expect(message).toContain('VENUE_KEY_HEADER');
    expect(message).toContain('VENUE_DEMO_SECRET_KEY');
    expect(message).not.toContain('short');
  });
});
