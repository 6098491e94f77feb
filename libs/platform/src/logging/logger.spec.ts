import pino from 'pino';
import { capturedLog as capture } from '../test-support/captured-log';
import { rootLoggerOptions } from './logger';
import { runAsService } from './service-scope';

describe('root logger options', () => {
  it('redacts key material wherever it travels', () => {
    const { stream, lines } = capture();
    const logger = pino(rootLoggerOptions('info'), stream);
    logger.info(
      {
        credentials: { apiKey: 'AK-1', secret: 'S3CRET', privateKeyPem: '-----BEGIN PRIVATE KEY-----' },
        signature: 'abcdef',
        req: { headers: { 'x-hk-apikey': 'AK-2', 'x-apikey': 'AK-3' } },
        symbol: 'ETHUSDT',
      },
      'signed request',
    );
    const [line] = lines();
    const text = JSON.stringify(line);
    for (const secret of ['AK-1', 'S3CRET', 'BEGIN PRIVATE KEY', 'abcdef', 'AK-2', 'AK-3']) {
      expect(text).not.toContain(secret);
    }
    expect(line.symbol).toBe('ETHUSDT');
  });

  it('names the service of the scope the line is written in, else its own', async () => {
    const { stream, lines } = capture();
    // One logger shared by two apps, as nestjs-pino shares its out-of-request logger.
    const shared = pino(rootLoggerOptions('info', 'oms'), stream);
    shared.info('outside any scope');
    await runAsService('ingest', async () => {
      await Promise.resolve();
      shared.info('inside the ingest scope, after an await');
    });
    runAsService('oms', () => shared.info('inside the oms scope'));
    expect(lines().map((line) => [line.msg, line.service])).toEqual([
      ['outside any scope', 'oms'],
      ['inside the ingest scope, after an await', 'ingest'],
      ['inside the oms scope', 'oms'],
    ]);
    expect(lines()[0]).not.toHaveProperty('pid');
  });
});
