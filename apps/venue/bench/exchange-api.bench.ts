/**
 * Throughput and latency of the venue's exchange API over loopback HTTP and WebSocket:
 * signed order placement and cancel round trips (sequential and with 16 in flight), and
 * the delay from a REST acknowledgement to the matching executionReport on the stream.
 * `npm run bench -- venue/bench`
 */
import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { startVenue } from '../src';

const SEQUENTIAL_ROUND_TRIPS = 1000;
const CONCURRENT_ROUND_TRIPS = 4000;
const IN_FLIGHT = 16;
const STREAM_SAMPLES = 300;

type Credentials = { apiKey: string; secretKey: string };

async function signed(
  restUrl: string,
  key: Credentials,
  method: string,
  path: string,
  params: Record<string, string>,
) {
  const query = new URLSearchParams({ timestamp: String(Date.now()), ...params }).toString();
  const signature = createHmac('sha256', key.secretKey).update(query).digest('hex');
  const response = await fetch(`${restUrl}${path}?${query}&signature=${signature}`, {
    method,
    headers: { 'X-HK-APIKEY': key.apiKey },
  });
  const body = (await response.json()) as Record<string, string>;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function placeAndCancel(restUrl: string, key: Credentials, index: number): Promise<void> {
  const order = await signed(restUrl, key, 'POST', '/api/v1.1/spot/order', {
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'LIMIT',
    quantity: '0.001',
    price: (10000 + (index % 100)).toFixed(2),
  });
  await signed(restUrl, key, 'DELETE', '/api/v1/spot/order', { orderId: order.orderId });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function main(): Promise<void> {
  const venue = await startVenue({
    port: 0,
    controlPort: 0,
    seed: 1,
    simulatedMarket: false,
    environment: {
      ...process.env,
      LOG_LEVEL: 'warn',
      VENUE_QUERY_WEIGHT_PER_SECOND: '1000000',
      VENUE_ORDER_WEIGHT_PER_SECOND: '1000000',
    },
  });
  try {
    const key = venue.demo;
    for (let index = 0; index < 500; index += 1) await placeAndCancel(venue.restUrl, key, index);

    let started = process.hrtime.bigint();
    for (let index = 0; index < SEQUENTIAL_ROUND_TRIPS; index += 1)
      await placeAndCancel(venue.restUrl, key, index);
    let seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      `sequential place+cancel: ${(SEQUENTIAL_ROUND_TRIPS / seconds).toFixed(0)} round trips/s (${((seconds / SEQUENTIAL_ROUND_TRIPS) * 1000).toFixed(2)} ms each, 2 signed requests)`,
    );

    started = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < CONCURRENT_ROUND_TRIPS) {
          next += 1;
          await placeAndCancel(venue.restUrl, key, next);
        }
      }),
    );
    seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      `${IN_FLIGHT} in flight place+cancel: ${(CONCURRENT_ROUND_TRIPS / seconds).toFixed(0)} round trips/s, ${((2 * CONCURRENT_ROUND_TRIPS) / seconds).toFixed(0)} requests/s`,
    );

    started = process.hrtime.bigint();
    for (let index = 0; index < SEQUENTIAL_ROUND_TRIPS; index += 1)
      await placeAndCancel(venue.restUrl, key, index);
    seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // Same measure again, with the history of the runs above in the engine.
    console.log(
      `sequential place+cancel after ${SEQUENTIAL_ROUND_TRIPS + CONCURRENT_ROUND_TRIPS + 500} orders: ${(SEQUENTIAL_ROUND_TRIPS / seconds).toFixed(0)} round trips/s`,
    );

    const { listenKey } = await signed(venue.restUrl, key, 'POST', '/api/v1/userDataStream', {});
    const socket = new WebSocket(`${venue.streamUrl}/api/v1/ws/${listenKey}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const arrivals = new Map<string, bigint>();
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as unknown;
      if (!Array.isArray(message)) return;
      for (const event of message as Array<Record<string, string>>) {
        if (event.e === 'executionReport' && event.X === 'NEW')
          arrivals.set(event.i, process.hrtime.bigint());
      }
    });
    const latencies: number[] = [];
    for (let index = 0; index < STREAM_SAMPLES; index += 1) {
      const sent = process.hrtime.bigint();
      const order = await signed(venue.restUrl, key, 'POST', '/api/v1.1/spot/order', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.001',
        price: '9000',
      });
      while (!arrivals.has(order.orderId)) await new Promise((resolve) => setImmediate(resolve));
      latencies.push(Number((arrivals.get(order.orderId) ?? sent) - sent) / 1e6);
      await signed(venue.restUrl, key, 'DELETE', '/api/v1/spot/order', { orderId: order.orderId });
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `request sent -> executionReport received: p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms (${STREAM_SAMPLES} samples)`,
    );
    socket.close();
  } finally {
    await venue.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
