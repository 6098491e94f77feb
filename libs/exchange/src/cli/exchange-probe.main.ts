/**
 * Command-line probe of an exchange: clock offset, exchange info, and with credentials
 * the account, open orders, positions and (with --watch) the private stream.
 *
 *   node -r ./scripts/register.cjs libs/exchange/src/cli/exchange-probe.main.ts \
 *     --base-url http://127.0.0.1:8080 --stream-url ws://127.0.0.1:8080 \
 *     --api-key <key> [--secret <hmac secret> | --ed25519-key <pem file>] \
 *     [--api-key-header X-HK-APIKEY] [--site global] [--watch 30]
 *
 * The secret may come from EXCHANGE_SECRET_KEY instead of the command line.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ExchangeClient } from '../exchange-client';
import { ApiCredentials } from '../signing/credentials';
import { SymbolRulebook } from '../validation/symbol-rules';

const out = (line: string) => process.stdout.write(`${line}\n`);

function credentialsFrom(values: Record<string, string | undefined>): ApiCredentials | undefined {
  const apiKey = values['api-key'];
  if (!apiKey) return undefined;
  if (values['ed25519-key']) {
    return { kind: 'ed25519', apiKey, privateKeyPem: readFileSync(values['ed25519-key'], 'utf8') };
  }
  const secretKey = values.secret ?? process.env.EXCHANGE_SECRET_KEY;
  if (!secretKey)
    throw new Error('--secret (or EXCHANGE_SECRET_KEY) or --ed25519-key is required with --api-key');
  return { kind: 'hmac', apiKey, secretKey };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'stream-url': { type: 'string' },
      'api-key': { type: 'string' },
      secret: { type: 'string' },
      'ed25519-key': { type: 'string' },
      'api-key-header': { type: 'string' },
      site: { type: 'string' },
      watch: { type: 'string' },
    },
  });
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new Error('--base-url is required');
  const site = values.site ?? 'professional';
  if (site !== 'professional' && site !== 'global')
    throw new Error(`--site must be professional or global, got "${site}"`);
  const client = new ExchangeClient({
    baseUrl,
    credentials: credentialsFrom(values),
    apiKeyHeader: values['api-key-header'],
    siteFamily: site,
  });
  try {
    const serverTime = await client.market.getServerTime();
    out(
      `server time      ${new Date(serverTime).toISOString()} (local offset ${serverTime - Date.now()} ms)`,
    );
    const info = await client.market.getExchangeInfo();
    const rules = SymbolRulebook.fromExchangeInfo(info);
    client.useSymbolRules(rules);
    out(
      `exchange info    ${info.symbols.length} spot symbols, ${info.contracts.length} contracts, ${rules.size} rule sets`,
    );
    if (!client.rest.hasCredentials) return;
    const account = await client.account.getAccount();
    for (const balance of account.balances)
      out(`balance          ${balance.asset} free ${balance.free} locked ${balance.locked}`);
    out(`open spot orders ${(await client.spot.getOpenOrders()).length}`);
    for (const position of await client.futures.getPositions()) {
      out(`position         ${position.symbol} ${position.side} ${position.position} @ ${position.avgPrice}`);
    }
    const watchSeconds = values.watch === undefined ? 0 : Number(values.watch);
    if (!(watchSeconds > 0)) return;
    const streamUrl = values['stream-url'];
    if (!streamUrl) throw new Error('--stream-url is required with --watch');
    const stream = client.createUserDataStream({ streamUrl });
    stream.on('connected', ({ listenKey }) =>
      out(`stream           connected (listen key ${listenKey.slice(0, 6)}…)`),
    );
    stream.on('disconnected', ({ reason }) => out(`stream           disconnected: ${reason}`));
    stream.on('event', (event) => out(`event            ${JSON.stringify(event)}`));
    stream.on('unknown', ({ reason }) => out(`unknown message  ${reason}`));
    stream.on('error', (error) => out(`stream error     ${error.message}`));
    stream.start();
    await new Promise((resolve) => setTimeout(resolve, watchSeconds * 1000));
    await stream.stop();
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
