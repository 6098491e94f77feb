import {
  FuturesOrderObserved,
  FuturesOrderSide,
  FuturesStopOrderObserved,
  readFuturesOrderObservation,
  readFuturesStopOrderObservation,
  readSpotOrderObservation,
  SpotOrderObserved,
} from '@oms/domain';
import type { ContractExecutionReportEvent, ExecutionReportEvent } from '@oms/exchange';
import { emptyAsNull, emptyAsZero, epochMs } from '../observation-fields';

/** WS `executionReport` -> SpotOrderObserved (source ws). */
export function spotExecutionReportObservation(
  accountId: string,
  report: ExecutionReportEvent,
): SpotOrderObserved {
  const data = readSpotOrderObservation({
    accountId,
    symbol: report.s,
    orderId: report.i,
    clientOrderId: emptyAsNull(report.c),
    side: report.S,
    type: report.o,
    timeInForce: report.f,
    price: emptyAsZero(report.p),
    origQty: report.q,
    requestedAmount: emptyAsNull(report.reqAmt),
    executedQty: report.z,
    cumulativeQuoteQty: emptyAsNull(report.Z),
    avgPrice: emptyAsNull(report.V),
    status: report.X,
    createdAt: epochMs(report.O),
    updateTime: epochMs(report.E),
    source: 'ws',
  });
  return { type: 'SpotOrderObserved', schemaVersion: 1, data };
}

/**
 * Some venue revisions send a plain BUY/SELL side on futures reports; the close flag
 * `C` then says whether the order opens or closes.
 */
function futuresSideOf(report: ContractExecutionReportEvent): FuturesOrderSide {
  if (report.S !== 'BUY' && report.S !== 'SELL') return report.S;
  return `${report.S}_${report.C === true ? 'CLOSE' : 'OPEN'}`;
}

/** WS `contractExecutionReport` of a limit-type order -> FuturesOrderObserved (source ws). */
export function futuresExecutionReportObservation(
  accountId: string,
  report: ContractExecutionReportEvent,
): FuturesOrderObserved {
  const data = readFuturesOrderObservation({
    accountId,
    symbol: report.s,
    orderId: report.i,
    clientOrderId: emptyAsNull(report.c),
    side: futuresSideOf(report),
    type: report.o,
    priceType: null,
    timeInForce: report.f,
    price: emptyAsZero(report.p),
    origQty: report.q,
    executedQty: report.z,
    cumulativeQuoteQty: emptyAsNull(report.Z),
    avgPrice: emptyAsNull(report.V),
    leverage: emptyAsNull(report.v),
    status: report.X,
    isLiquidationOrder: report.lo ?? null,
    createdAt: epochMs(report.O),
    updateTime: epochMs(report.E),
    source: 'ws',
  });
  return { type: 'FuturesOrderObserved', schemaVersion: 1, data };
}

/**
 * WS `contractExecutionReport` with `o: STOP`. The stream does not carry the trigger
 * price, which the domain requires; the caller supplies it from what it learnt by REST
 * (open STOP orders), and polls the order when it does not know it.
 */
export function futuresStopExecutionReportObservation(
  accountId: string,
  report: ContractExecutionReportEvent,
  stopPrice: string,
): FuturesStopOrderObserved {
  const data = readFuturesStopOrderObservation({
    accountId,
    symbol: report.s,
    orderId: report.i,
    clientOrderId: emptyAsNull(report.c),
    side: futuresSideOf(report),
    price: emptyAsZero(report.p),
    origQty: report.q,
    stopPrice,
    status: report.X,
    triggeredOrderId: null,
    createdAt: epochMs(report.O),
    updateTime: epochMs(report.E),
    source: 'ws',
  });
  return { type: 'FuturesStopOrderObserved', schemaVersion: 1, data };
}
