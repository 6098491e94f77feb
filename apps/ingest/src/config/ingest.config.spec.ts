import { loadIngestConfig } from './ingest.config';

const BROKERS = { KAFKA_BROKERS: '127.0.0.1:9092' };
const ACCOUNTS = JSON.stringify([{ name: 'desk-1', apiKey: 'k1', secretKey: 's1' }]);

describe('loadIngestConfig', () => {
  it('needs KAFKA_BROKERS and defaults the rest; without accounts it serves none', () => {
    expect(() => loadIngestConfig({})).toThrow(/KAFKA_BROKERS/);
    const config = loadIngestConfig(BROKERS);
    expect(config.http).toEqual({ port: 3001, host: '0.0.0.0' });
    expect(config.kafka).toEqual({
      brokers: ['127.0.0.1:9092'],
      topics: {
        venueObservations: 'oms.venue-observations.v1',
        omsEvents: 'oms.events.v1',
        deadLetter: 'oms.dead-letter.v1',
      },
    });
    expect(config.exchange.accounts).toEqual([]);
    expect(config.exchange.sharedKeyIngestShare).toBe(0.25);
  });

  it('bounds the in-memory buffer in records and in bytes (2 MiB unless INGEST_BUFFER_MAX_BYTES says otherwise)', () => {
    expect(loadIngestConfig(BROKERS).journal).toMatchObject({
      bufferMaxRecords: 10_000,
      bufferMaxBytes: 2 * 1024 * 1024,
    });
    expect(loadIngestConfig({ ...BROKERS, INGEST_BUFFER_MAX_BYTES: '65536' }).journal.bufferMaxBytes).toBe(
      65_536,
    );
    expect(() => loadIngestConfig({ ...BROKERS, INGEST_BUFFER_MAX_BYTES: '100' })).toThrow(
      /INGEST_BUFFER_MAX_BYTES/,
    );
  });

  it('prefixes the topics with KAFKA_TOPIC_PREFIX', () => {
    expect(loadIngestConfig({ ...BROKERS, KAFKA_TOPIC_PREFIX: 'run7' }).kafka.topics.deadLetter).toBe(
      'run7.oms.dead-letter.v1',
    );
  });

  it('with EXCHANGE_ACCOUNTS, the venue URLs are required', () => {
    expect(() => loadIngestConfig({ ...BROKERS, EXCHANGE_ACCOUNTS: ACCOUNTS })).toThrow(
      /EXCHANGE_REST_URL.*\n.*EXCHANGE_WS_URL/,
    );
    const config = loadIngestConfig({
      ...BROKERS,
      EXCHANGE_ACCOUNTS: ACCOUNTS,
      EXCHANGE_REST_URL: 'http://127.0.0.1:8080',
      EXCHANGE_WS_URL: 'ws://127.0.0.1:8080',
    });
    expect(config.exchange.accounts.map((account) => account.name)).toEqual(['desk-1']);
  });

  it('names a wrong variable without echoing its value', () => {
    expect(() => loadIngestConfig({ ...BROKERS, INGEST_HTTP_PORT: '70000' })).toThrow(/INGEST_HTTP_PORT/);
    expect(() => loadIngestConfig({ ...BROKERS, EXCHANGE_SHARED_KEY_INGEST_SHARE: '1.5' })).toThrow(
      /EXCHANGE_SHARED_KEY_INGEST_SHARE/,
    );
    expect(() =>
      loadIngestConfig({
        ...BROKERS,
        EXCHANGE_ACCOUNTS: '[{"name":"x","apiKey":"secret-key-1"}]',
        EXCHANGE_REST_URL: 'http://a',
        EXCHANGE_WS_URL: 'ws://a',
      }),
    ).not.toThrow(/secret-key-1/);
  });
});
