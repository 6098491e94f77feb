/**
 * How fast the domain folds: deciding venue observations into spot orders (the OMS
 * consumer's hot path), replaying stored events (evolve only), folding a long-lived
 * futures position, and hashing states for replay verification.
 * Run: npm run bench -- domain
 */
import {
  SpotOrderCommand,
  SpotOrderEvent,
  SpotOrderState,
  createFuturesPositionDecider,
  foldEvents,
  futuresPositionPnl,
  runCommands,
  spotOrderDecider,
  stateHash,
  FuturesPositionCommand,
} from '../src';

const ORDERS = 2_000;
const FILLS_PER_ORDER = 5;

function orderHistory(index: number): SpotOrderCommand[] {
  const orderId = String(1_700_000_000_000_000_000n + BigInt(index));
  const base = {
    accountId: 'A1',
    symbol: 'ETHUSDT',
    orderId,
    clientOrderId: `oms-bench${index}`,
    side: 'BUY' as const,
    type: 'LIMIT' as const,
    timeInForce: 'GTC',
    price: '3000',
    origQty: '5',
    requestedAmount: null,
    avgPrice: null,
    createdAt: 1,
    acknowledgedRequest: null,
  };
  const commands: SpotOrderCommand[] = [
    {
      type: 'RecordSpotOrderObservation',
      observation: {
        ...base,
        status: 'NEW',
        executedQty: '0',
        cumulativeQuoteQty: null,
        updateTime: 10,
        source: 'rest-ack',
        acknowledgedRequest: 'create',
      },
      now: 1,
    },
  ];
  for (let fill = 1; fill <= FILLS_PER_ORDER; fill += 1) {
    const report = {
      type: 'RecordSpotOrderObservation' as const,
      observation: {
        ...base,
        status: fill === FILLS_PER_ORDER ? ('FILLED' as const) : ('PARTIALLY_FILLED' as const),
        executedQty: String(fill),
        cumulativeQuoteQty: String(fill * 3000),
        updateTime: 10 + fill,
        source: 'ws' as const,
      },
      now: 1,
    };
    const fillReport = (source: 'ws' | 'rest-poll') => ({
      type: 'RecordSpotFillObservation' as const,
      observation: {
        accountId: 'A1',
        symbol: 'ETHUSDT',
        orderId,
        clientOrderId: base.clientOrderId,
        ticketId: `${orderId}-${fill}`,
        side: 'BUY' as const,
        price: '3000',
        qty: '1',
        fee: source === 'ws' ? null : { asset: 'ETH', amount: '0.001' },
        isMaker: false,
        tradeTime: 10 + fill,
        source,
      },
      now: 1,
    });
    // The stream's status report usually arrives before the fill: an inferred fill
    // is created and then retired, the costly path.
    commands.push(report, fillReport('ws'), fillReport('rest-poll'));
  }
  return commands;
}

function time<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

const histories = Array.from({ length: ORDERS }, (_, index) => orderHistory(index));
const commandCount = histories.reduce((total, history) => total + history.length, 0);

// Warm-up so the figures are not JIT start-up.
histories.slice(0, 100).forEach((history) => runCommands(spotOrderDecider, history));

const decided = time(() => histories.map((history) => runCommands(spotOrderDecider, history)));
const events: SpotOrderEvent[][] = decided.result.map((run) => [...run.events]);
const eventCount = events.reduce((total, list) => total + list.length, 0);
console.log(
  `spot order decide+evolve: ${commandCount} observations of ${ORDERS} orders in ${decided.ms.toFixed(0)} ms = ${(
    (commandCount / decided.ms) *
    1000
  ).toFixed(0)} observations/s (${eventCount} events recorded)`,
);

const replayed = time(() =>
  events.map((list) =>
    foldEvents<SpotOrderEvent, SpotOrderState>(spotOrderDecider.evolve, list, spotOrderDecider.initialState),
  ),
);
console.log(
  `spot order replay (evolve only): ${eventCount} events in ${replayed.ms.toFixed(0)} ms = ${((eventCount / replayed.ms) * 1000).toFixed(0)} events/s`,
);

const hashed = time(() => replayed.result.map((state) => stateHash(state)));
console.log(
  `state hash: ${ORDERS} order states in ${hashed.ms.toFixed(0)} ms = ${((ORDERS / hashed.ms) * 1000).toFixed(0)} hashes/s`,
);

const POSITION_FILLS = 2_000;
const positionDecider = createFuturesPositionDecider({ contractMultiplier: () => '0.001' });
const positionCommands: FuturesPositionCommand[] = Array.from({ length: POSITION_FILLS }, (_, index) => ({
  type: 'RecordPositionFill',
  fill: {
    accountId: 'A1',
    symbol: 'ETHUSDT-PERPETUAL',
    fillId: `T${index}`,
    orderId: `O${index}`,
    orderSide: index % 3 === 2 ? 'SELL_CLOSE' : 'BUY_OPEN',
    price: String(2900 + (index % 200)),
    contracts: '10',
    fee: { asset: 'USDT', amount: '0.0179895' },
    venueRealizedPnl: null,
    time: 1_000 + index,
    inferred: false,
  },
  now: 1,
}));
const position = time(() => runCommands(positionDecider, positionCommands));
console.log(
  `futures position: ${POSITION_FILLS} fills decided and folded in ${position.ms.toFixed(0)} ms = ${(
    (POSITION_FILLS / position.ms) *
    1000
  ).toFixed(0)} fills/s`,
);
const pnl = time(() =>
  futuresPositionPnl(position.result.state, { markPrice: '3000', settlementAsset: 'USDT' }),
);
console.log(`futures position P&L over ${POSITION_FILLS} fills: ${pnl.ms.toFixed(1)} ms per report`);
