import { DataSource } from 'typeorm';
import {
  FuturesPositionState,
  initialFuturesPositionState,
  omsClientOrderId,
  PositionFill,
  positionStreamId,
  spotOrderDecider,
  spotOrderStreamId,
  SpotOrderState,
  orderStreamKey,
  SpotFillObservation,
} from '@oms/domain';
import { printBenchResult } from '@oms/platform';
import { appendBatch, NewEvent } from '@oms/persistence';
import { deterministicEventId } from '@oms/kafka';
import { createFoldServices, FoldServices } from '../src/aggregates/fold-services';
import { ContractMultipliers } from '../src/fold/contract-multipliers';
import { decodedEnvelope } from '../src/fold/test-support/fold-fixtures';
import {
  MULTIPLIERS,
  PERPETUAL,
  spotFill,
  spotOrder,
  T0,
} from '../src/fold/test-support/observation-builders';

const SPOT_FILLS = Number(process.env.FOLD_BENCH_SPOT_FILLS ?? 10_000);
const POSITION_FILLS = Number(process.env.FOLD_BENCH_POSITION_FILLS ?? 20_000);
const SAMPLES = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Folds one more ws fill into a spot order through the fold's transaction path. */
function nextSpotFill(fold: FoldServices, orderId: string, clientOrderId: string, ticket: string) {
  const envelope = decodedEnvelope(
    spotFill({ orderId, clientOrderId, ticketId: ticket, source: 'ws', fee: null }),
    T0 + 1,
  );
  return fold.transactions.run((context) => fold.observations.fold(context, envelope));
}

async function spotOrderWithFills(dataSource: DataSource, fold: FoldServices, index: number, fills: number) {
  const clientOrderId = omsClientOrderId(`hist${index}`);
  const orderId = String(900_000 + index);
  const report = spotOrder({ orderId, clientOrderId, origQty: String(fills + SAMPLES + 1), status: 'NEW' });
  await fold.transactions.run((context) => fold.observations.fold(context, decodedEnvelope(report, T0)));
  const streamId = spotOrderStreamId('acc1', orderStreamKey({ orderId, clientOrderId }));
  if (fills === 0) return { streamId, orderId, clientOrderId };
  // History: the fills' events in the store, and the kept state they fold to (evolve only).
  let state = (await fold.transactions.run((context) => context.uow.stateOf(streamId)))
    .result as SpotOrderState;
  let version = 1;
  for (let start = 0; start < fills; start += 2_000) {
    const events: NewEvent[] = [];
    for (let k = start; k < Math.min(fills, start + 2_000); k += 1) {
      const data: SpotFillObservation = {
        ...(spotFill({ orderId, clientOrderId, ticketId: `h-${index}-${k}`, source: 'ws', fee: null })
          .data as SpotFillObservation),
      };
      const event = { type: 'SpotFillObserved' as const, schemaVersion: 2 as const, data };
      state = spotOrderDecider.evolve(state, event);
      events.push({
        eventId: deterministicEventId('bench-history', streamId, k),
        type: event.type,
        schemaVersion: 2,
        payload: data,
        occurredAt: T0 + k,
      });
    }
    await dataSource.transaction((manager) =>
      appendBatch(manager, [{ streamId, streamType: 'spot-order', expectedVersion: version, events }]),
    );
    version += events.length;
  }
  await fold.states.save(dataSource, [{ streamId, version, state }]);
  return { streamId, orderId, clientOrderId };
}

async function positionWithFills(
  dataSource: DataSource,
  fold: FoldServices,
  account: string,
  fills: number,
): Promise<string> {
  const streamId = positionStreamId(account, PERPETUAL, 'LONG');
  const history: PositionFill[] = Array.from({ length: fills }, (_, k) => ({
    fillId: `p-${String(k).padStart(8, '0')}`,
    orderId: `o-${k >> 3}`,
    orderSide: 'BUY_OPEN',
    price: '2500',
    contracts: '1',
    contractMultiplier: MULTIPLIERS[PERPETUAL],
    fee: { asset: 'USDT', amount: '0.1' },
    venueRealizedPnl: '0',
    time: T0 + k,
    inferred: false,
  }));
  const state: FuturesPositionState = {
    ...initialFuturesPositionState,
    accountId: account,
    symbol: PERPETUAL,
    side: 'LONG',
    fills: history,
  };
  // The history's stream version and kept state, without its event rows: the fold never re-reads them.
  await dataSource.query(
    `INSERT INTO event_streams (stream_id, stream_type, version) VALUES ($1, 'position', $2)`,
    [streamId, fills],
  );
  await fold.states.save(dataSource, [{ streamId, version: fills, state }]);
  return streamId;
}

function nextPositionFill(fold: FoldServices, account: string, streamId: string, k: number) {
  const fill = {
    accountId: account,
    symbol: PERPETUAL,
    fillId: `next-${k}`,
    orderId: 'o-next',
    orderSide: 'BUY_OPEN',
    price: '2501',
    contracts: '1',
    fee: { asset: 'USDT', amount: '0.1' },
    venueRealizedPnl: '0',
    time: T0 + 10_000_000 + k,
    inferred: false,
  };
  const origin = {
    inputId: `bench-next-${account}-${k}`,
    actor: null,
    source: 'ws',
    correlationId: 'bench',
    occurredAt: fill.time,
  };
  return fold.transactions.run((context) =>
    context.uow.decide(streamId, { type: 'RecordPositionFill', fill, now: fill.time }, origin),
  );
}

/** The time to fold the next fill into an aggregate with a long history, beside the first fill's. */
export async function measureHistoryCost(dataSource: DataSource): Promise<void> {
  const fold = createFoldServices(dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
  const fresh = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const order = await spotOrderWithFills(dataSource, fold, sample, 0);
    fresh.push(await timed(() => nextSpotFill(fold, order.orderId, order.clientOrderId, `first-${sample}`)));
  }
  const long = await spotOrderWithFills(dataSource, fold, 99, SPOT_FILLS);
  const next = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    next.push(await timed(() => nextSpotFill(fold, long.orderId, long.clientOrderId, `next-${sample}`)));
  }
  console.log(
    `spot order: first fill ${median(fresh).toFixed(2)} ms, next fill with ${SPOT_FILLS} fills ${median(next).toFixed(2)} ms`,
  );
  const freshPositions = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const account = `fresh${sample}`;
    freshPositions.push(
      await timed(() => nextPositionFill(fold, account, positionStreamId(account, PERPETUAL, 'LONG'), 0)),
    );
  }
  const positionStream = await positionWithFills(dataSource, fold, 'long', POSITION_FILLS);
  const nextPositions = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    nextPositions.push(await timed(() => nextPositionFill(fold, 'long', positionStream, sample)));
  }
  console.log(
    `position: first fill ${median(freshPositions).toFixed(2)} ms, next fill with ${POSITION_FILLS} fills ${median(nextPositions).toFixed(2)} ms`,
  );
  printBenchResult([
    { metric: 'spot order: first fill', value: Number(median(fresh).toFixed(2)), unit: 'ms' },
    {
      metric: `spot order: next fill at ${SPOT_FILLS} fills`,
      value: Number(median(next).toFixed(2)),
      unit: 'ms',
      target: '<= 2x first',
    },
    { metric: 'position: first fill', value: Number(median(freshPositions).toFixed(2)), unit: 'ms' },
    {
      metric: `position: next fill at ${POSITION_FILLS} fills`,
      value: Number(median(nextPositions).toFixed(2)),
      unit: 'ms',
      target: '<= 2x first (at 1,000,000)',
    },
  ]);
}
