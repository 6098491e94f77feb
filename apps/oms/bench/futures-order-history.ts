import { DataSource } from 'typeorm';
import {
  FuturesFillObservation,
  futuresOrderDecider,
  futuresOrderStreamId,
  FuturesOrderState,
  omsClientOrderId,
  orderStreamKey,
} from '@oms/domain';
import { appendBatch, NewEvent } from '@oms/persistence';
import { deterministicEventId } from '@oms/kafka';
import { FoldServices } from '../src/aggregates/fold-services';
import { decodedEnvelope } from '../src/fold/test-support/fold-fixtures';
import { futuresFill, futuresOrder, T0 } from '../src/fold/test-support/observation-builders';

const FUTURES_FILLS = Number(process.env.FOLD_BENCH_FUTURES_FILLS ?? 10_000);
const HISTORY_CHUNK = 2_000;

export interface FuturesOrderHistoryFigures {
  readonly fills: number;
  /** Milliseconds per sample: a fresh order's first fill, the long order's next fill. */
  readonly first: number[];
  readonly next: number[];
}

interface BenchOrder {
  readonly account: string;
  readonly orderId: string;
  readonly clientOrderId: string;
}

/** The k-th history fill of a futures order: one a second, up to T0; stream report, no fee. */
function historyFill(order: BenchOrder, k: number): FuturesFillObservation {
  return futuresFill({
    accountId: order.account,
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    ticketId: `fh-${order.orderId}-${k}`,
    quantity: '1',
    fee: null,
    realizedPnl: null,
    source: 'ws',
    tradeTime: T0 - (FUTURES_FILLS - k) * 1_000,
  }).data as FuturesFillObservation;
}

/** One more stream fill into the order through the fold's path (its position included). */
function nextFill(fold: FoldServices, order: BenchOrder, ticketId: string) {
  const envelope = decodedEnvelope(
    futuresFill({
      accountId: order.account,
      orderId: order.orderId,
      clientOrderId: order.clientOrderId,
      ticketId,
      quantity: '1',
      source: 'ws',
      fee: null,
      realizedPnl: null,
    }),
    T0 + 1,
  );
  return fold.transactions.run((context) => fold.observations.fold(context, envelope));
}

/**
 * A futures order (folded through the fold, so its position knows its side) and, when
 * `fills` > 0, that many fill events appended to the store with the kept order state
 * they fold to (evolve only).
 */
async function orderWithFills(
  dataSource: DataSource,
  fold: FoldServices,
  order: BenchOrder,
  fills: number,
): Promise<void> {
  const report = futuresOrder({
    accountId: order.account,
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    origQty: String(fills + 100),
    status: 'NEW',
  });
  await fold.transactions.run((context) => fold.observations.fold(context, decodedEnvelope(report, T0)));
  if (fills === 0) return;
  const streamId = futuresOrderStreamId(order.account, orderStreamKey(order));
  let state = (await fold.transactions.run((context) => context.uow.stateOf(streamId)))
    .result as FuturesOrderState;
  let version = 1;
  for (let start = 0; start < fills; start += HISTORY_CHUNK) {
    const events: NewEvent[] = [];
    for (let k = start; k < Math.min(fills, start + HISTORY_CHUNK); k += 1) {
      const data = historyFill(order, k);
      state = futuresOrderDecider.evolve(state, { type: 'FuturesFillObserved', schemaVersion: 1, data });
      events.push({
        eventId: deterministicEventId('bench-futures-history', streamId, k),
        type: 'FuturesFillObserved',
        schemaVersion: 1,
        payload: data,
        occurredAt: data.tradeTime,
      });
    }
    await dataSource.transaction((manager) =>
      appendBatch(manager, [{ streamId, streamType: 'futures-order', expectedVersion: version, events }]),
    );
    version += events.length;
  }
  await fold.states.save(dataSource, [{ streamId, version, state }]);
}

/**
 * The next fill into a futures order holding FUTURES_FILLS fills, interleaved with the
 * first fill of fresh orders (each on an account of its own, so each position is fresh).
 */
export async function measureFuturesOrderHistory(
  dataSource: DataSource,
  fold: FoldServices,
  samples: number,
): Promise<FuturesOrderHistoryFigures> {
  const long: BenchOrder = {
    account: 'futures-long',
    orderId: '800000',
    clientOrderId: omsClientOrderId('futures-long'),
  };
  await orderWithFills(dataSource, fold, long, FUTURES_FILLS);
  const first: number[] = [];
  const next: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const fresh: BenchOrder = {
      account: `futures-fresh${sample}`,
      orderId: String(810_000 + sample),
      clientOrderId: omsClientOrderId(`futures-fresh${sample}`),
    };
    await orderWithFills(dataSource, fold, fresh, 0);
    first.push(await timed(() => nextFill(fold, fresh, `first-${sample}`)));
    next.push(await timed(() => nextFill(fold, long, `next-${sample}`)));
  }
  return { fills: FUTURES_FILLS, first, next };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}
