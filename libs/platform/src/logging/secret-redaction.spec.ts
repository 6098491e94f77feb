import pino from 'pino';
import { z } from 'zod';
import { ConfigurationError, loadConfig } from '../config/load-config';
import { capturedLog } from '../test-support/captured-log';
import { rootLoggerOptions } from './logger';
import { redactLogLine, registerSecretsFromEnvironment, registerSecretValue } from './secret-redaction';

describe('secrets in logs and configuration errors', () => {
  it('redacts a secret nested at any depth, in the object, the bindings and an error', () => {
    const { stream, text, lines } = capturedLog();
    const logger = pino(rootLoggerOptions('info'), stream).child({
      venue: { session: { auth: { apiKey: 'AK-in-binding-77' } } },
    });
    const error = Object.assign(new Error('venue refused'), {
      request: { headers: { Authorization: 'Bearer desk-token-in-error-55' } },
    });
    logger.info(
      {
        exchange: {
          accounts: [
            {
              name: 'desk-a',
              credentials: {
                kind: 'hmac',
                apiKey: 'AK-deep-1',
                secretKey: 'S3CRET-deep-value',
                privateKeyPem: '-----BEGIN PRIVATE KEY-----MC4CAQ',
              },
            },
          ],
        },
        env: { DESK_ADMIN_TOKEN: 'admin-token-in-env-99', EXCHANGE_ACCOUNTS: '[{"apiKey":"AK-env-3"}]' },
        'x-hk-apikey': 'AK-header-4',
        err: error,
        symbol: 'ETHUSDT',
      },
      'signed request',
    );
    const output = text();
    for (const secret of [
      'AK-in-binding-77',
      'desk-token-in-error-55',
      'AK-deep-1',
      'S3CRET-deep-value',
      'BEGIN PRIVATE KEY',
      'admin-token-in-env-99',
      'AK-env-3',
      'AK-header-4',
    ])
      expect(output).not.toContain(secret);
    const [line] = lines();
    expect(line).toMatchObject({
      symbol: 'ETHUSDT',
      msg: 'signed request',
      exchange: { accounts: [{ name: 'desk-a', credentials: { kind: 'hmac', secretKey: '[redacted]' } }] },
    });
  });

  it('removes known secret values, URL passwords and signed query parameters from message text', () => {
    registerSecretsFromEnvironment({
      DESK_ADMIN_TOKEN: 'desk-admin-token-0123456789',
      EXCHANGE_ACCOUNTS: JSON.stringify([
        { name: 'demo', apiKey: 'AK-known-1', secretKey: 'SK-known-secret-1' },
      ]),
    });
    registerSecretValue('session-secret-42');
    const { stream, text } = capturedLog();
    const logger = pino(rootLoggerOptions('info'), stream);
    logger.warn(
      'token desk-admin-token-0123456789 with key SK-known-secret-1 and session-secret-42 ' +
        'on postgres://oms:db-password-7@db:5432/oms via /api/v1/spot/order?symbol=BTCUSDT&signature=abc123def',
    );
    const output = text();
    for (const secret of [
      'desk-admin-token-0123456789',
      'SK-known-secret-1',
      'session-secret-42',
      'db-password-7',
      'abc123def',
    ])
      expect(output).not.toContain(secret);
    expect(output).toContain('symbol=BTCUSDT');
    expect(output).toContain('postgres://oms:[redacted]@db:5432/oms');
  });

  it('leaves a line without secrets byte for byte as pino wrote it', () => {
    const line = '{"level":30,"time":"2026-01-01T00:00:00.000Z","partitionKey":"demo:BTCUSDT","msg":"ok"}\n';
    expect(redactLogLine(line)).toBe(line);
  });

  it('never echoes a refused secret-bearing variable, in the error or in the log line of it', () => {
    const schema = z.object({
      DESK_ADMIN_TOKEN: z.string().min(32),
      EXCHANGE_ACCOUNTS: z.string().transform((value) => JSON.parse(value) as unknown),
      EXCHANGE_KEY_KIND: z.enum(['hmac', 'ed25519']),
      VENUE_SECRET: z.string().refine(
        (value) => value.startsWith('vs-'),
        (value) => ({
          message: `"${value}" does not start with vs-`,
        }),
      ),
    });
    const env = {
      DESK_ADMIN_TOKEN: 'short-admin-secret',
      EXCHANGE_ACCOUNTS: '[{"name":"desk-a","secretKey":"SK-not-json-abc"',
      EXCHANGE_KEY_KIND: 'hmac-SK-kind-secret',
      VENUE_SECRET: 'refused-venue-secret-8',
    };
    const refusals: ConfigurationError[] = [];
    for (const attempt of [env, { ...env, EXCHANGE_ACCOUNTS: '[]' }]) {
      try {
        loadConfig('desk', schema, attempt);
      } catch (error) {
        refusals.push(error as ConfigurationError);
      }
    }
    expect(refusals).toHaveLength(2);
    expect(refusals[0].message).toMatch(/EXCHANGE_ACCOUNTS|SyntaxError/);
    expect(refusals[1].problems).toEqual([
      'DESK_ADMIN_TOKEN: String must contain at least 32 character(s)',
      'EXCHANGE_KEY_KIND: must be one of hmac, ed25519',
      'VENUE_SECRET: "[value hidden]" does not start with vs-',
    ]);
    const { stream, text } = capturedLog();
    const logger = pino(rootLoggerOptions('info'), stream);
    for (const refusal of refusals) logger.fatal({ err: refusal }, 'configuration is invalid');
    const output = `${refusals.map((refusal) => refusal.message).join('\n')}\n${text()}`;
    for (const secret of [
      'short-admin-secret',
      'SK-not-json-abc',
      'SK-kind-secret',
      'refused-venue-secret-8',
    ])
      expect(output).not.toContain(secret);
  });
});
