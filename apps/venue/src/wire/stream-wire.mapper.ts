import Decimal from 'decimal.js';
import type {
  ContractExecutionReportEventInput,
  ExecutionReportEventInput,
  OutboundAccountInfoEventInput,
  OutboundContractAccountInfoEventInput,
  OutboundContractPositionInfoEventInput,
  TicketInfoEventInput,
  UserStreamEventInput,
} from '@oms/exchange';
import type {
  EngineEvent,
  ExecutionDetail,
  FuturesOrderUpdateEvent,
  FuturesStopOrderUpdateEvent,
  PositionEvent,
  SpotOrderUpdateEvent,
  StreamBalanceEntry,
  TradeEvent,
} from '../engine';

/**
 * Turns an engine event into the private-stream event object the real exchange sends
 * (facts.md §3). Epoch fields are strings, as in the live captures.
 */
export function toStreamEvent(event: EngineEvent): UserStreamEventInput {
  switch (event.kind) {
    case 'spotOrderUpdate':
      return toExecutionReport(event);
    case 'futuresOrderUpdate':
      return toContractExecutionReport(event);
    case 'futuresStopOrderUpdate':
      return toStopExecutionReport(event);
    case 'trade':
      return toTicketInfo(event);
    case 'spotBalance':
      return toSpotAccountInfo(event.eventTime, event.balances);
    case 'futuresBalance':
      return toContractAccountInfo(event.eventTime, event.balances);
    case 'position':
      return toPositionInfo(event);
  }
}

function unfilled(origQty: string, executedQty: string): string {
  const rest = new Decimal(origQty).minus(executedQty);
  return rest.isNegative() ? '0' : rest.toString();
}

/** The fill half of an execution report: last fill, its fee and maker flag; empty before any fill. */
function fillFields(execution: ExecutionDetail | undefined) {
  return {
    d: execution?.executionId ?? '',
    l: execution?.lastQty ?? '0',
    L: execution?.lastPrice ?? '',
    n: execution?.commission ?? '0',
    N: execution?.commissionAsset ?? '',
    m: execution?.isMaker ?? false,
  };
}

function toExecutionReport(event: SpotOrderUpdateEvent): ExecutionReportEventInput {
  const { order, execution } = event;
  return {
    e: 'executionReport',
    E: String(event.eventTime),
    s: order.symbol,
    c: order.clientOrderId,
    S: order.side,
    o: order.type,
    f: order.timeInForce,
    q: order.origQty,
    p: order.price,
    reqAmt: order.reqAmount,
    X: order.status,
    ...fillFields(execution),
    i: order.orderId,
    r: unfilled(order.origQty, order.executedQty),
    z: order.executedQty,
    V: order.avgPrice,
    u: true,
    w: order.isWorking,
    O: String(order.time),
    Z: order.cumulativeQuoteQty,
  };
}

function toContractExecutionReport(event: FuturesOrderUpdateEvent): ContractExecutionReportEventInput {
  const { order, execution } = event;
  return {
    e: 'contractExecutionReport',
    E: String(event.eventTime),
    s: order.symbol,
    c: order.clientOrderId,
    S: order.side,
    o: 'LIMIT',
    f: order.timeInForce,
    q: order.origQty,
    p: order.price,
    X: order.status,
    ...fillFields(execution),
    i: order.orderId,
    z: order.executedQty,
    u: true,
    w: true,
    O: String(order.time),
    Z: order.cumulativeQuoteQty,
    C: order.isClose,
    v: order.leverage,
    reqAmt: '0',
    r: unfilled(order.origQty, order.executedQty),
    V: order.avgPrice,
    P: order.indexPrice,
    lo: order.isLiquidationOrder,
    lt: order.liquidationType,
  };
}

function toStopExecutionReport(event: FuturesStopOrderUpdateEvent): ContractExecutionReportEventInput {
  const { order } = event;
  return {
    e: 'contractExecutionReport',
    E: String(event.eventTime),
    s: order.symbol,
    c: order.clientOrderId,
    S: order.side,
    o: 'STOP',
    f: 'GTC',
    q: order.origQty,
    p: order.price,
    X: order.status,
    ...fillFields(undefined),
    i: order.orderId,
    z: '0',
    u: true,
    w: order.status === 'ORDER_NEW',
    O: String(order.time),
    Z: '0',
    C: order.side === 'BUY_CLOSE' || order.side === 'SELL_CLOSE',
    v: order.leverage,
    reqAmt: '0',
    r: order.origQty,
    V: '0',
    P: '0',
    lo: false,
    lt: '',
  };
}

function toTicketInfo(event: TradeEvent): TicketInfoEventInput {
  return {
    e: 'ticketInfo',
    E: String(event.eventTime),
    s: event.symbol,
    q: event.qty,
    t: String(event.tradeTime),
    p: event.price,
    T: event.ticketId,
    o: event.orderId,
    c: event.clientOrderId,
    O: event.matchOrderId,
    a: event.accountId,
    A: 0,
    m: event.isMaker,
    S: event.side,
  };
}

function toSpotAccountInfo(
  eventTime: number,
  balances: readonly StreamBalanceEntry[],
): OutboundAccountInfoEventInput {
  return {
    e: 'outboundAccountInfo',
    E: String(eventTime),
    T: true,
    W: true,
    D: true,
    B: balances.map((balance) => ({ a: balance.asset, f: balance.free, l: balance.locked })),
  };
}

/** Futures balance entries add `r`, "to be released", empty in every live sample. */
function toContractAccountInfo(
  eventTime: number,
  balances: readonly StreamBalanceEntry[],
): OutboundContractAccountInfoEventInput {
  return {
    ...toSpotAccountInfo(eventTime, balances),
    e: 'outboundContractAccountInfo',
    B: balances.map((balance) => ({ a: balance.asset, f: balance.free, l: balance.locked, r: '' })),
  };
}

function toPositionInfo(event: PositionEvent): OutboundContractPositionInfoEventInput {
  const { position } = event;
  return {
    e: 'outboundContractPositionInfo',
    E: String(event.eventTime),
    A: position.accountId,
    s: position.symbol,
    S: position.side,
    p: position.avgPrice,
    P: position.position,
    a: position.available,
    f: position.liquidationPrice,
    m: position.margin,
    r: position.realizedPnL,
    up: position.unrealizedPnL,
    pr: position.profitRate,
    pv: position.positionValue,
    v: position.leverage,
    mt: position.marginType,
    mm: position.minMargin,
  };
}
