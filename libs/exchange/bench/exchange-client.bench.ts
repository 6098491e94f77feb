/**
 * Costs of the exchange client on this machine: signing (HMAC, Ed25519), laying out a
 * signed request, parsing stream frames and exchange info, and signed order round
 * trips against a loopback HTTP server (keep-alive). Run: npm run bench -- exchange
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ENDPOINTS } from '../src/api/endpoints';
import { ExchangeClient } from '../src/exchange-client';
import { layOutRequest } from '../src/http/request-layout';
import { createRequestSigner } from '../src/signing/request-signer';
import { parseUserStreamFrame } from '../src/stream/user-stream-message.parser';
import { exchangeInfoSchema } from '../src/wire/exchange-info.wire';

const fixtures = join(__dirname, '..', 'test-fixtures');
const print = (line: string) => process.stdout.write(`${line}\n`);

function measure(label: string, unit: string, iterations: number, work: () => void): void {
  for (let i = 0; i < Math.min(1_000, iterations); i += 1) work();
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  print(
    `${label.padEnd(44)} ${Math.round(iterations / seconds)
      .toLocaleString('en-US')
      .padStart(12)} ${unit}/s  (${((seconds / iterations) * 1e6).toFixed(2)} µs each)`,
  );
}

async function roundTrips(count: number): Promise<void> {
  const ack = readFileSync(join(fixtures, 'rest_POST_api_v1_spot_order_limit_maker.json'), 'utf8');
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        request.url?.startsWith('/api/v1/time') ? JSON.stringify({ serverTime: Date.now() }) : ack,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const unlimited = { weight: 1e9, windowMs: 1_000 };
  const client = new ExchangeClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    credentials: { kind: 'hmac', apiKey: 'bench', secretKey: 'bench-secret' },
    rateBudgets: { query: unlimited, order: unlimited, public: unlimited, transfer: unlimited },
  });
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) {
    const sent = process.hrtime.bigint();
    const outcome = await client.spot.placeOrder({
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT_MAKER',
      quantity: '0.005',
      price: '5000',
      newClientOrderId: `bench-${i}`,
    });
    if (outcome.kind !== 'accepted') throw new Error(`unexpected outcome ${outcome.kind}`);
    latencies.push(Number(process.hrtime.bigint() - sent) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(3);
  print(
    `${'signed order round trip (loopback, 1 in flight)'.padEnd(44)} ${Math.round(count / seconds)
      .toLocaleString('en-US')
      .padStart(12)} orders/s  (p50 ${at(0.5)} ms, p99 ${at(0.99)} ms)`,
  );
  await client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function main(): Promise<void> {
  const totalParams =
    'symbol=ETHUSDT&side=BUY&type=LIMIT&quantity=0.001&price=2500&newClientOrderId=1722865041994&timestamp=1722865041994&recvWindow=5000';
  const hmac = createRequestSigner({ kind: 'hmac', apiKey: 'k', secretKey: 'secret' });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const ed25519 = createRequestSigner({ kind: 'ed25519', apiKey: 'k', privateKeyPem: pem });
  measure('HMAC-SHA256 signature', 'signatures', 200_000, () => hmac.sign(totalParams));
  measure('Ed25519 signature', 'signatures', 20_000, () => ed25519.sign(totalParams));
  const params = {
    symbol: 'ETHUSDT',
    side: 'BUY',
    type: 'LIMIT',
    quantity: '0.001',
    price: '2500',
    newClientOrderId: 'c1',
  };
  const signing = {
    signer: hmac,
    apiKeyHeader: 'X-APIKEY',
    timestamp: 1722865041994,
    recvWindowMs: 5000,
    batchSignatureScope: 'query-and-body' as const,
  };
  measure('signed request layout (encode + HMAC)', 'requests', 100_000, () =>
    layOutRequest(ENDPOINTS.spotOrder, params, undefined, signing),
  );
  const frame = readFileSync(join(fixtures, 'ws_private_contractExecutionReport.json'), 'utf8');
  measure('stream frame parse (contractExecutionReport)', 'frames', 50_000, () =>
    parseUserStreamFrame(frame),
  );
  const info: unknown = JSON.parse(readFileSync(join(fixtures, 'rest_GET_api_v1_exchangeInfo.json'), 'utf8'));
  measure('exchange info validation (1 symbol, 1 contract)', 'answers', 5_000, () =>
    exchangeInfoSchema.parse(info),
  );
  await roundTrips(3_000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
