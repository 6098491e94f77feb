import { ConfigurationError } from '@oms/platform';
import { loadCommandsConfig } from './commands.config';

const accounts = JSON.stringify([
  { name: 'desk-a', apiKey: 'key-a', secretKey: 'secret-a' },
  {
    name: 'desk-b',
    apiKey: 'key-b',
    secretKey: 'secret-b',
    readOnlyKey: { apiKey: 'ro-b', secretKey: 'ro-s' },
  },
]);

describe('loadCommandsConfig', () => {
  it('leaves the command side off without the venue address', () => {
    expect(loadCommandsConfig({ EXCHANGE_ACCOUNTS: accounts })).toBeNull();
  });

  it('applies the documented defaults', () => {
    const config = loadCommandsConfig({
      EXCHANGE_ACCOUNTS: accounts,
      EXCHANGE_REST_URL: 'http://127.0.0.1:8080',
    });
    expect(config).toMatchObject({
      restUrl: 'http://127.0.0.1:8080',
      ingestShareOfSharedKey: 0.25,
      omsProcessesPerKey: 1,
      venueTimeoutMs: 10_000,
      resolutionWindowMs: 30_000,
      limits: { defaults: { maxOrderNotional: null, maxOrderQty: null }, byAccount: {} },
    });
    expect(config?.accounts.map((account) => account.ingestSharesTradingKey)).toEqual([true, false]);
  });

  it('reads per-account limits over the global ones', () => {
    const config = loadCommandsConfig({
      EXCHANGE_ACCOUNTS: accounts,
      EXCHANGE_REST_URL: 'http://127.0.0.1:8080',
      OMS_MAX_ORDER_NOTIONAL: '100000',
      OMS_MAX_ORDER_QTY: '10',
      OMS_ORDER_LIMITS: '{"desk-b": {"maxOrderQty": "2"}}',
    });
    expect(config?.limits.byAccount['desk-b']).toEqual({ maxOrderNotional: '100000', maxOrderQty: '2' });
    expect(config?.limits.defaults).toEqual({ maxOrderNotional: '100000', maxOrderQty: '10' });
  });

  it.each([
    [{ EXCHANGE_REST_URL: 'http://127.0.0.1:8080' }, /EXCHANGE_ACCOUNTS/],
    [
      { EXCHANGE_ACCOUNTS: accounts, EXCHANGE_REST_URL: 'http://x', OMS_ORDER_LIMITS: '{"nobody": {}}' },
      /OMS_ORDER_LIMITS.nobody/,
    ],
    [
      { EXCHANGE_ACCOUNTS: accounts, EXCHANGE_REST_URL: 'http://x', OMS_MAX_ORDER_QTY: '1e3' },
      /OMS_MAX_ORDER_QTY/,
    ],
    [
      { EXCHANGE_ACCOUNTS: accounts, EXCHANGE_REST_URL: 'http://x', EXCHANGE_SHARED_KEY_INGEST_SHARE: '1' },
      /EXCHANGE_SHARED_KEY_INGEST_SHARE/,
    ],
    [
      { EXCHANGE_ACCOUNTS: accounts, EXCHANGE_REST_URL: 'http://x', EXCHANGE_OMS_PROCESSES_PER_KEY: '4' },
      /EXCHANGE_OMS_PROCESSES_PER_KEY: 4 processes leave each less than one weight per second of EXCHANGE_QUERY_WEIGHT_PER_SECOND/,
    ],
  ])('stops at start naming the wrong variable (%#)', (env, message) => {
    expect(() => loadCommandsConfig(env)).toThrow(ConfigurationError);
    expect(() => loadCommandsConfig(env)).toThrow(message);
  });
});
