import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExchangeAccountsError, parseExchangeAccounts } from './exchange-accounts';

describe('parseExchangeAccounts', () => {
  it('reads inline JSON with HMAC and Ed25519 keys and a separate read-only key for ingest', () => {
    const accounts = parseExchangeAccounts(
      JSON.stringify([
        { name: 'desk-a', apiKey: 'ka', secretKey: 'sa' },
        {
          name: 'desk-b',
          apiKey: 'kb',
          privateKeyPem: 'PEM',
          readOnlyKey: { apiKey: 'kb-ro', secretKey: 'sb-ro' },
        },
      ]),
    );
    expect(accounts).toEqual([
      {
        name: 'desk-a',
        credentials: { kind: 'hmac', apiKey: 'ka', secretKey: 'sa' },
        ingestCredentials: { kind: 'hmac', apiKey: 'ka', secretKey: 'sa' },
        ingestSharesTradingKey: true,
      },
      {
        name: 'desk-b',
        credentials: { kind: 'ed25519', apiKey: 'kb', privateKeyPem: 'PEM' },
        ingestCredentials: { kind: 'hmac', apiKey: 'kb-ro', secretKey: 'sb-ro' },
        ingestSharesTradingKey: false,
      },
    ]);
  });

  it('reads a JSON file named by path', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'accounts-')), 'accounts.json');
    writeFileSync(file, JSON.stringify([{ name: 'demo', apiKey: 'k', secretKey: 's' }]));
    expect(parseExchangeAccounts(file).map((account) => account.name)).toEqual(['demo']);
  });

  it('names the entry and field of each problem and never echoes key material', () => {
    const attempt = () =>
      parseExchangeAccounts(
        JSON.stringify([
          { name: 'a', apiKey: 'k1', secretKey: 'TOP-SECRET-1', privateKeyPem: 'TOP-SECRET-2' },
          { name: 'a', apiKey: 'k2' },
          { name: 'bad name', apiKey: 'k3', secretKey: 'TOP-SECRET-3' },
        ]),
      );
    expect(attempt).toThrow(ExchangeAccountsError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/accounts\.2\.name/);
    expect(message).not.toMatch(/TOP-SECRET/);
  });

  it('refuses text that is neither JSON nor a file, without echoing it', () => {
    expect(() => parseExchangeAccounts('apiKey=SECRET')).toThrow(/neither inline JSON/);
    expect(() => parseExchangeAccounts('[{"name":')).toThrow(/not valid JSON/);
    expect(() => parseExchangeAccounts('[{"name":')).not.toThrow(/name/);
  });
});
