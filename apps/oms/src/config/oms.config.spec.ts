import { ConfigurationError } from '@oms/platform';
import { loadOmsConfig } from './oms.config';

describe('loadOmsConfig', () => {
  const REQUIRED = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/oms', KAFKA_BROKERS: '127.0.0.1:9092' };

  it('applies defaults around a valid DATABASE_URL and KAFKA_BROKERS', () => {
    expect(loadOmsConfig(REQUIRED)).toMatchObject({
      databaseUrl: 'postgres://u:p@127.0.0.1:5432/oms',
      http: { port: 3000, host: '0.0.0.0' },
      runMigrations: true,
      logLevel: 'info',
      fold: {
        kafkaBrokers: ['127.0.0.1:9092'],
        topicPrefix: undefined,
        consumerGroup: 'oms-fold',
        exchangeRestUrl: null,
        checkIntervalMs: 60_000,
      },
    });
  });

  it('reads the fold settings: brokers, topic prefix, consumer group, exchange REST URL', () => {
    const config = loadOmsConfig({
      ...REQUIRED,
      KAFKA_BROKERS: 'k1:9092, k2:9093',
      KAFKA_TOPIC_PREFIX: 'run-7',
      OMS_CONSUMER_GROUP: 'oms-blue',
      EXCHANGE_REST_URL: 'http://127.0.0.1:8080',
      EXCHANGE_ACCOUNTS: JSON.stringify([{ name: 'demo', apiKey: 'k', secretKey: 's' }]),
    });
    expect(config.fold).toMatchObject({
      kafkaBrokers: ['k1:9092', 'k2:9093'],
      topicPrefix: 'run-7',
      consumerGroup: 'oms-blue',
      exchangeRestUrl: 'http://127.0.0.1:8080',
    });
  });

  it('refuses to start without KAFKA_BROKERS, or with brokers that are not host:port', () => {
    expect(() => loadOmsConfig({ DATABASE_URL: REQUIRED.DATABASE_URL })).toThrow(
      /KAFKA_BROKERS: is required/,
    );
    expect(() => loadOmsConfig({ ...REQUIRED, KAFKA_BROKERS: 'kafka' })).toThrow(
      /KAFKA_BROKERS: must be host:port/,
    );
  });

  it('stops with a message naming each missing or wrong variable', () => {
    expect(() => loadOmsConfig({ OMS_HTTP_PORT: 'http' })).toThrow(ConfigurationError);
    expect(() => loadOmsConfig({ OMS_HTTP_PORT: 'http' })).toThrow(/DATABASE_URL[\s\S]*OMS_HTTP_PORT/);
    expect(() => loadOmsConfig({ ...REQUIRED, DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
  });
});
