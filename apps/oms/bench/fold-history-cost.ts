import { DataSource } from 'typeorm';
import {
  createFuturesPositionDecider,
  omsClientOrderId,
  PositionFill,
  PositionFillInput,
  PositionFillRecorded,
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
import { withRecordedPositionReport } from '../src/aggregates/recorded-position-reports';
import { decodedEnvelope } from '../src/fold/test-support/fold-fixtures';
import { measureFuturesOrderHistory } from './futures-order-history';
import { measureBusyPositionPnlReport, measurePositionPnlReport } from './position-pnl-report';
import { measureSpotPnlReport } from './spot-pnl-report';
import { ReadModelProjector } from '../src/projections/read-model.projector';
import {
  MULTIPLIERS,
  PERPETUAL,
  spotFill,
  spotOrder,
  T0,
} from '../src/fold/test-support/observation-builders';

const SPOT_FILLS = Number(process.env.FOLD_BENCH_SPOT_FILLS ?? 10_000);
const POSITION_FILLS = Number(process.env.FOLD_BENCH_POSITION_FILLS ?? 1_000_000);
/**
 * Time between the bench position's fills: 1,000,000 of them span about 116 days, so a
 * report of its last day has the rest of its history before the period, as a desk's
 * daily report of a long-lived account does.
 */
const POSITION_FILL_SPACING_MS = 10_000;
/** How often the fold writes a new fill into the position while the busy report runs. */
const BUSY_WRITE_EVERY_MS = 200;
/** Just after the bench position's last fill. */
const POSITION_HISTORY_END = T0 + POSITION_FILLS * POSITION_FILL_SPACING_MS;
const HISTORY_CHUNK = 10_000;
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

/** The history's k-th fill of a spot order: one a second, up to T0; reported by the stream (no fee). */
function spotHistoryFill(index: number, orderId: string, clientOrderId: string, k: number) {
  return spotFill({
    orderId,
    clientOrderId,
    ticketId: `h-${index}-${k}`,
    source: 'ws',
    fee: null,
    tradeTime: T0 - (SPOT_FILLS - k) * 1_000,
  }).data as SpotFillObservation;
}

/** The poll's report (with the fee) of an early fill of the spot order: settled long ago. */
function pollReportOfSettledSpotFill(fold: FoldServices, orderId: string, clientOrderId: string, k: number) {
  const fill = spotHistoryFill(99, orderId, clientOrderId, k);
  const envelope = decodedEnvelope(spotFill({ ...fill, source: 'rest-poll' }), T0 + 1);
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
      const data = spotHistoryFill(index, orderId, clientOrderId, k);
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

/** The n-th fill of the bench position: three opens to a close; even ones seen by the stream only (no fee yet). */
function historyFill(k: number): PositionFill {
  return {
    fillId: `p-${String(k).padStart(8, '0')}`,
    orderId: `o-${k >> 3}`,
    orderSide: k % 4 === 3 ? 'SELL_CLOSE' : 'BUY_OPEN',
    price: String(2500 + (k % 50)),
    contracts: '1',
    contractMultiplier: MULTIPLIERS[PERPETUAL],
    fee: k % 2 === 0 ? null : { asset: 'USDT', amount: '0.1' },
    venueRealizedPnl: null,
    time: T0 + k * POSITION_FILL_SPACING_MS,
    inferred: false,
  };
}

/**
 * A position with `fills` fills: their events appended to the store (so the fill-id
 * index a late report is looked up in holds them all) and the kept state they fold to
 * (evolve only, no decisions).
 */
async function positionWithFills(
  dataSource: DataSource,
  fold: FoldServices,
  account: string,
  fills: number,
): Promise<string> {
  const streamId = positionStreamId(account, PERPETUAL, 'LONG');
  const decider = createFuturesPositionDecider({
    contractMultiplier: new ContractMultipliers(MULTIPLIERS).lookup,
  });
  let state = decider.initialState;
  let version = 0;
  for (let start = 0; start < fills; start += HISTORY_CHUNK) {
    const events: NewEvent[] = [];
    for (let k = start; k < Math.min(fills, start + HISTORY_CHUNK); k += 1) {
      const fill = historyFill(k);
      const event: PositionFillRecorded = {
        type: 'PositionFillRecorded',
        schemaVersion: 2,
        data: { accountId: account, symbol: PERPETUAL, side: 'LONG', fill, replaces: null },
      };
      state = decider.evolve(state, event);
      events.push({
        eventId: deterministicEventId('bench-position-history', streamId, k),
        type: event.type,
        schemaVersion: event.schemaVersion,
        payload: event.data,
        occurredAt: fill.time,
      });
    }
    await dataSource.transaction(async (manager) => {
      await appendBatch(manager, [{ streamId, streamType: 'position', expectedVersion: version, events }]);
      // Its read models as the fold writes them (rm_positions, rm_position_fills).
      await new ReadModelProjector().project(
        manager,
        [{ streamId, version: version + events.length, state, events: events.map(projectedEvent) }],
        [],
      );
    });
    version += events.length;
  }
  await fold.states.save(dataSource, [{ streamId, version, state }]);
  return streamId;
}

function projectedEvent(event: NewEvent) {
  return { type: event.type, payload: event.payload, occurredAt: event.occurredAt };
}

/** Folds one fill into the position through the fold's transaction path (lookup of a settled fill's report included). */
function foldPositionFill(fold: FoldServices, account: string, streamId: string, fill: PositionFillInput) {
  const origin = {
    inputId: `bench-${account}-${fill.fillId}-${fill.fee === null ? 'ws' : 'poll'}`,
    actor: null,
    source: fill.fee === null ? 'ws' : 'rest-poll',
    correlationId: 'bench',
    occurredAt: fill.time,
  };
  return fold.transactions.run(async (context) =>
    context.uow.decide(
      streamId,
      await withRecordedPositionReport(context.uow, streamId, {
        type: 'RecordPositionFill',
        fill,
        now: fill.time,
      }),
      origin,
    ),
  );
}

function nextPositionFill(fold: FoldServices, account: string, streamId: string, k: number) {
  return foldPositionFill(fold, account, streamId, {
    accountId: account,
    symbol: PERPETUAL,
    fillId: `next-${k}`,
    orderId: 'o-next',
    orderSide: 'BUY_OPEN',
    price: '2501',
    contracts: '1',
    fee: { asset: 'USDT', amount: '0.1' },
    venueRealizedPnl: null,
    time: POSITION_HISTORY_END + k,
    inferred: false,
  });
}

/** The poll's report (with the fee) of an early fill the stream reported: settled long ago. */
function pollReportOfSettledFill(fold: FoldServices, account: string, streamId: string, k: number) {
  const fill = historyFill(k);
  return foldPositionFill(fold, account, streamId, {
    accountId: account,
    symbol: PERPETUAL,
    fillId: fill.fillId,
    orderId: fill.orderId,
    orderSide: fill.orderSide,
    price: fill.price,
    contracts: fill.contracts,
    fee: { asset: 'USDT', amount: '0.1' },
    venueRealizedPnl: null,
    time: fill.time,
    inferred: false,
  });
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
  const settledSpotReports = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    next.push(await timed(() => nextSpotFill(fold, long.orderId, long.clientOrderId, `next-${sample}`)));
    settledSpotReports.push(
      await timed(() => pollReportOfSettledSpotFill(fold, long.orderId, long.clientOrderId, 2 * sample)),
    );
  }
  console.log(
    `spot order: first fill ${median(fresh).toFixed(2)} ms, next fill with ${SPOT_FILLS} fills ${median(next).toFixed(2)} ms, ` +
      `poll report of a settled fill ${median(settledSpotReports).toFixed(2)} ms`,
  );
  const futures = await measureFuturesOrderHistory(dataSource, fold, SAMPLES);
  console.log(
    `futures order: first fill ${median(futures.first).toFixed(2)} ms, next fill with ${futures.fills} fills ${median(futures.next).toFixed(2)} ms`,
  );
  const seeding = process.hrtime.bigint();
  const positionStream = await positionWithFills(dataSource, fold, 'long', POSITION_FILLS);
  console.log(
    `position history of ${POSITION_FILLS} fills seeded in ${(Number(process.hrtime.bigint() - seeding) / 1e9).toFixed(1)} s`,
  );
  // Interleaved on the same database, after the seeding: the log's size and whatever
  // Postgres does after a large load weigh on the first fill as on the next one, so the
  // difference is the aggregate's own history.
  const freshPositions = [];
  const nextPositions = [];
  const settledReports = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const account = `fresh${sample}`;
    freshPositions.push(
      await timed(() => nextPositionFill(fold, account, positionStreamId(account, PERPETUAL, 'LONG'), 0)),
    );
    nextPositions.push(await timed(() => nextPositionFill(fold, 'long', positionStream, sample)));
    settledReports.push(await timed(() => pollReportOfSettledFill(fold, 'long', positionStream, 2 * sample)));
  }
  console.log(
    `position: first fill ${median(freshPositions).toFixed(2)} ms, next fill with ${POSITION_FILLS} fills ${median(nextPositions).toFixed(2)} ms, ` +
      `poll report of a settled fill ${median(settledReports).toFixed(2)} ms`,
  );
  const pnl = await measurePositionPnlReport(dataSource, 'long', POSITION_HISTORY_END);
  const pnlDetail = `average entry over every fill, the last second's day; live heap grew ${pnl.liveHeapGrowthMb.toFixed(1)} MB at most (realized ${pnl.realizedPnl})`;
  console.log(`position P&L report at ${POSITION_FILLS} fills: ${pnl.ms.toFixed(0)} ms; ${pnlDetail}`);
  console.log(
    `the next P&L report of that period, from the checkpoint the first kept: ${pnl.resumedMs.toFixed(0)} ms`,
  );
  const busy = await measureBusyPositionPnlReport(
    dataSource,
    'long',
    POSITION_HISTORY_END,
    (k) => nextPositionFill(fold, 'long', positionStream, k),
    BUSY_WRITE_EVERY_MS,
  );
  const busyDetail =
    `the fold wrote ${busy.fillsWritten} new fills into the position meanwhile, one every ${BUSY_WRITE_EVERY_MS} ms; ` +
    `checkpoint ${busy.checkpointKept ? 'kept' : 'not kept'}`;
  console.log(
    `the same report while the fold writes the position: ${busy.ms.toFixed(0)} ms (${busyDetail}); the next: ${busy.nextMs.toFixed(0)} ms`,
  );
  const spotPnl = await measureSpotPnlReport(
    dataSource,
    'spot-history',
    POSITION_FILLS,
    T0,
    POSITION_FILL_SPACING_MS,
  );
  console.log(
    `spot P&L report (FIFO) over ${spotPnl.fills} fills of one symbol (seeded in rm_fills in ${(spotPnl.seededMs / 1000).toFixed(1)} s): ` +
      `${spotPnl.ms.toFixed(0)} ms; the next, resumed from its checkpoint: ${spotPnl.resumedMs.toFixed(0)} ms`,
  );
  printBenchResult([
    { metric: 'spot order: first fill', value: Number(median(fresh).toFixed(2)), unit: 'ms' },
    {
      metric: `spot order: next fill at ${SPOT_FILLS} fills`,
      value: Number(median(next).toFixed(2)),
      unit: 'ms',
      target: '<= 2x first',
    },
    {
      metric: `spot order: poll report of a settled fill at ${SPOT_FILLS} fills`,
      value: Number(median(settledSpotReports).toFixed(2)),
      unit: 'ms',
    },
    { metric: 'futures order: first fill', value: Number(median(futures.first).toFixed(2)), unit: 'ms' },
    {
      metric: `futures order: next fill at ${futures.fills} fills`,
      value: Number(median(futures.next).toFixed(2)),
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
    {
      metric: `position: poll report of a settled fill at ${POSITION_FILLS} fills`,
      value: Number(median(settledReports).toFixed(2)),
      unit: 'ms',
    },
    {
      metric: `desk P&L report over a position of ${POSITION_FILLS} fills`,
      value: Math.round(pnl.ms),
      unit: 'ms',
      detail: pnlDetail,
    },
    {
      metric: `desk P&L report over a position of ${POSITION_FILLS} fills, resumed from its checkpoint`,
      value: Math.round(pnl.resumedMs),
      unit: 'ms',
      detail:
        "the same report again: the history before the period's day from the checkpoint the first report kept",
    },
    {
      metric: `desk P&L report over a position of ${POSITION_FILLS} fills while the fold writes it`,
      value: Math.round(busy.ms),
      unit: 'ms',
      detail: busyDetail,
    },
    {
      metric: `desk P&L report over a position of ${POSITION_FILLS} fills, the next after one the fold wrote through`,
      value: Math.round(busy.nextMs),
      unit: 'ms',
    },
  ]);
}
