/**
 * Matching throughput of the venue engine: limit orders per second through the
 * facade (validation, reservation, matching, settlement, events), for spot and for
 * futures, plus simulated-market steps per second. Prices come from a seeded
 * generator so runs are comparable.
 */
import { performance } from 'node:perf_hooks';

import { ManualClock } from '../engine-clock';
import { SeededRandom } from '../support/seeded-random';
import { VenueEngine } from '../venue-engine';

const ORDERS = 20_000;

function priceAround(random: SeededRandom, mid: number): string {
  return (mid + random.nextInt(-50, 50) * 0.5).toFixed(2);
}

function benchSpot(): { ordersPerSecond: number; fills: number } {
  const engine = new VenueEngine({
    clock: new ManualClock(1_763_800_000_000),
    seed: 1,
    simulatedMarket: false,
  });
  const users = [engine.createUser({ label: 'a' }), engine.createUser({ label: 'b' })];
  for (const user of users) {
    engine.deposit({ accountId: user.spotAccountId, asset: 'USDT', amount: '100000000000' });
    engine.deposit({ accountId: user.spotAccountId, asset: 'ETH', amount: '100000000' });
  }
  let fills = 0;
  engine.onAnyEvent((event) => {
    if (event.kind === 'trade') fills += 1;
  });
  const random = new SeededRandom(11);
  const started = performance.now();
  for (let index = 0; index < ORDERS; index += 1) {
    const user = users[index % 2];
    engine.placeSpotOrder({
      userId: user.userId,
      symbol: 'ETHUSDT',
      side: random.next() < 0.5 ? 'BUY' : 'SELL',
      type: 'LIMIT',
      quantity: (random.nextInt(1, 100) / 100).toFixed(2),
      price: priceAround(random, 3000),
    });
  }
  const seconds = (performance.now() - started) / 1000;
  return { ordersPerSecond: ORDERS / seconds, fills: fills / 2 };
}

function benchFutures(): { ordersPerSecond: number; fills: number } {
  const engine = new VenueEngine({
    clock: new ManualClock(1_763_800_000_000),
    seed: 2,
    simulatedMarket: false,
    initialMarks: { 'ETHUSDT-PERPETUAL': '3000' },
  });
  const users = [engine.createUser({ label: 'a' }), engine.createUser({ label: 'b' })];
  for (const user of users)
    engine.deposit({ accountId: user.futuresAccountId, asset: 'USDT', amount: '100000000000' });
  let fills = 0;
  engine.onAnyEvent((event) => {
    if (event.kind === 'trade') fills += 1;
  });
  const random = new SeededRandom(12);
  const started = performance.now();
  for (let index = 0; index < ORDERS; index += 1) {
    const user = users[index % 2];
    engine.placeFuturesOrder({
      userId: user.userId,
      symbol: 'ETHUSDT-PERPETUAL',
      side: random.next() < 0.5 ? 'BUY_OPEN' : 'SELL_OPEN',
      type: 'LIMIT',
      quantity: String(random.nextInt(1, 100)),
      price: priceAround(random, 3000),
      clientOrderId: `bench-${index}`,
    });
  }
  const seconds = (performance.now() - started) / 1000;
  return { ordersPerSecond: ORDERS / seconds, fills: fills / 2 };
}

function benchMarketSteps(): number {
  const engine = new VenueEngine({ clock: new ManualClock(1_763_800_000_000), seed: 3 });
  const steps = 500;
  const started = performance.now();
  engine.advanceMarket(steps);
  return steps / ((performance.now() - started) / 1000);
}

const spot = benchSpot();
process.stdout.write(
  `spot limit orders:    ${spot.ordersPerSecond.toFixed(0)} orders/s (${ORDERS} orders, ${spot.fills} matches)\n`,
);
const futures = benchFutures();
process.stdout.write(
  `futures limit orders: ${futures.ordersPerSecond.toFixed(0)} orders/s (${ORDERS} orders, ${futures.fills} matches)\n`,
);
process.stdout.write(
  `simulated market:     ${benchMarketSteps().toFixed(0)} steps/s (4 symbols, 20 levels requoted per symbol and step)\n`,
);
