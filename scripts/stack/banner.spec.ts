import { BannerFacts, stackBanner } from './banner';

const facts: BannerFacts = {
  omsUrl: 'http://127.0.0.1:3000',
  ingestUrl: 'http://127.0.0.1:3001',
  deskToken: 'desk_abc',
  dataDir: '/repo/.data',
  persistent: true,
  postgres: { kind: 'embedded', url: 'postgres://postgres:oms-local@127.0.0.1:41234/oms' },
  kafka: { kind: 'project-broker', brokers: ['127.0.0.1:9092'] },
  exchangeRestUrl: 'http://127.0.0.1:8080',
  simulatedVenue: {
    streamUrl: 'ws://127.0.0.1:8080',
    controlUrl: 'http://127.0.0.1:8081',
    apiKey: 'demo-key',
    keyHeader: 'X-APIKEY',
  },
  accounts: ['demo'],
};

describe('stack banner', () => {
  it('names every URL a desk needs, the demo account, the desk token and the embedded database', () => {
    const banner = stackBanner(facts);
    for (const expected of [
      /Desk REST +http:\/\/127\.0\.0\.1:3000\/v1/,
      /Swagger UI +http:\/\/127\.0\.0\.1:3000\/docs/,
      /GraphiQL +http:\/\/127\.0\.0\.1:3000\/graphql/,
      /Metrics +http:\/\/127\.0\.0\.1:3000\/metrics/,
      /Venue control +http:\/\/127\.0\.0\.1:8081/,
      /Account +demo /,
      /Desk token +desk_abc /,
      /Postgres +embedded PostgreSQL 15 at postgres:\/\/postgres:oms-local@127\.0\.0\.1:41234\/oms \(DATABASE_URL for npm run replay, verify-log\)/,
      /Data +\/repo\/\.data \(kept across restarts; npm start -- --reset wipes it\)/,
    ])
      expect(banner).toMatch(expected);
  });

  it('names the configured exchange and its accounts when the venue is a real one', () => {
    const banner = stackBanner({
      ...facts,
      simulatedVenue: undefined,
      exchangeRestUrl: 'https://api.example',
      accounts: ['desk-a', 'desk-b'],
      kafka: { kind: 'external', brokers: ['kafka-1:9092'] },
      postgres: { kind: 'external' },
    });
    expect(banner).toMatch(/Exchange +https:\/\/api\.example \(EXCHANGE_REST_URL\)/);
    expect(banner).toMatch(/Accounts +desk-a, desk-b/);
    expect(banner).toMatch(/Kafka +kafka-1:9092 \(KAFKA_BROKERS\)/);
    expect(banner).not.toMatch(/Venue control/);
  });
});
