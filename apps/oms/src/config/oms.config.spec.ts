import { ConfigurationError } from '@oms/platform';
import { loadOmsConfig } from './oms.config';

describe('loadOmsConfig', () => {
  it('applies defaults around a valid DATABASE_URL', () => {
    expect(loadOmsConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/oms' })).toEqual({
      databaseUrl: 'postgres://u:p@127.0.0.1:5432/oms',
      http: { port: 3000, host: '0.0.0.0' },
      runMigrations: true,
      logLevel: 'info',
    });
  });

  it('stops with a message naming each missing or wrong variable', () => {
    expect(() => loadOmsConfig({ OMS_HTTP_PORT: 'http' })).toThrow(ConfigurationError);
    expect(() => loadOmsConfig({ OMS_HTTP_PORT: 'http' })).toThrow(/DATABASE_URL[\s\S]*OMS_HTTP_PORT/);
    expect(() => loadOmsConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
  });
});
