import { loadIngestConfig } from './ingest.config';

describe('loadIngestConfig', () => {
  it('defaults the HTTP listener', () => {
    expect(loadIngestConfig({})).toEqual({ http: { port: 3001, host: '0.0.0.0' }, logLevel: 'info' });
  });

  it('names a wrong variable', () => {
    expect(() => loadIngestConfig({ INGEST_HTTP_PORT: '70000' })).toThrow(/INGEST_HTTP_PORT/);
    expect(() => loadIngestConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
