import {
  addDecimals,
  FuturesBalanceObserved,
  FuturesFillObserved,
  FuturesPositionObserved,
  readFuturesBalanceObservation,
  readFuturesFillObservation,
  readFuturesPositionObservation,
  readSpotBalanceObservation,
  readSpotFillObservation,
  SpotBalanceObserved,
  SpotFillObserved,
} from '@oms/domain';
import type {
  OutboundAccountInfoEvent,
  OutboundContractAccountInfoEvent,
  OutboundContractPositionInfoEvent,
  TicketInfoEvent,
  UserStreamEvent,
} from '@oms/exchange';
import { MappedObservation } from '../observation-event';
import { emptyAsNull, emptyAsZero, epochMs, isFuturesSymbol } from '../observation-fields';
import {
  futuresExecutionReportObservation,
  futuresStopExecutionReportObservation,
  spotExecutionReportObservation,
} from './stream-order-observations';

/** What the stream mapper needs to know beyond the message itself. */
export interface StreamMappingContext {
  /** Trigger price of a STOP order learnt by REST; undefined when not known yet. */
  readonly stopPriceOf: (orderId: string) => string | undefined;
  /** Spot or futures for a fill; defaults to the venue's `-PERPETUAL` naming. */
  readonly isFuturesSymbol?: (symbol: string) => boolean;
}

/** A STOP order reported by the stream whose trigger price is unknown: poll it instead. */
export interface StopOrderToPoll {
  readonly symbol: string;
  readonly orderId: string;
}

export interface StreamEventMapping {
  readonly observations: readonly MappedObservation[];
  readonly stopOrdersToPoll: readonly StopOrderToPoll[];
}

/**
 * One private stream message -> the observations it reports, each with the message as
 * its raw payload. Throws a DomainError naming the field when the message holds a
 * value the domain does not accept (the caller dead-letters it).
 */
export function streamEventObservations(
  accountId: string,
  event: UserStreamEvent,
  context: StreamMappingContext,
): StreamEventMapping {
  const one = (mapped: MappedObservation['event']): StreamEventMapping => ({
    observations: [{ event: mapped, raw: event }],
    stopOrdersToPoll: [],
  });
  switch (event.e) {
    case 'executionReport':
      return one(spotExecutionReportObservation(accountId, event));
    case 'contractExecutionReport': {
      if (event.o !== 'STOP') return one(futuresExecutionReportObservation(accountId, event));
      const stopPrice = context.stopPriceOf(event.i);
      if (stopPrice === undefined)
        return { observations: [], stopOrdersToPoll: [{ symbol: event.s, orderId: event.i }] };
      return one(futuresStopExecutionReportObservation(accountId, event, stopPrice));
    }
    case 'ticketInfo':
      return one(ticketObservation(accountId, event, context.isFuturesSymbol ?? isFuturesSymbol));
    case 'outboundAccountInfo':
      return { observations: spotBalanceObservations(accountId, event), stopOrdersToPoll: [] };
    case 'outboundContractAccountInfo':
      return { observations: futuresBalanceObservations(accountId, event), stopOrdersToPoll: [] };
    case 'outboundContractPositionInfo':
      return one(positionObservation(accountId, event));
  }
}

function ticketObservation(
  accountId: string,
  ticket: TicketInfoEvent,
  futures: (symbol: string) => boolean,
): SpotFillObserved | FuturesFillObserved {
  const common = {
    accountId,
    symbol: ticket.s,
    orderId: ticket.o,
    clientOrderId: emptyAsNull(ticket.c),
    ticketId: ticket.T,
    price: ticket.p,
    fee: null,
    isMaker: ticket.m,
    tradeTime: epochMs(ticket.t),
    source: 'ws',
  };
  if (!futures(ticket.s)) {
    const data = readSpotFillObservation({ ...common, side: ticket.S, qty: ticket.q });
    return { type: 'SpotFillObserved', schemaVersion: 2, data };
  }
  const data = readFuturesFillObservation({
    ...common,
    tradeId: null,
    direction: ticket.S,
    orderSide: null,
    quantity: ticket.q,
    realizedPnl: null,
  });
  return { type: 'FuturesFillObserved', schemaVersion: 1, data };
}

function spotBalanceObservations(accountId: string, message: OutboundAccountInfoEvent): MappedObservation[] {
  return message.B.map((balance) => {
    const data = readSpotBalanceObservation({
      accountId,
      asset: balance.a,
      free: balance.f,
      locked: balance.l,
      venueTime: epochMs(message.E),
      source: 'ws',
    });
    const event: SpotBalanceObserved = { type: 'SpotBalanceObserved', schemaVersion: 1, data };
    return { event, raw: message };
  });
}

function futuresBalanceObservations(
  accountId: string,
  message: OutboundContractAccountInfoEvent,
): MappedObservation[] {
  return message.B.map((balance) => {
    const data = readFuturesBalanceObservation({
      accountId,
      asset: balance.a,
      // The stream splits the wallet into free and locked; the wallet is their sum.
      walletBalance: addDecimals(balance.f, balance.l),
      available: balance.f,
      positionMargin: null,
      orderMargin: null,
      unrealizedPnl: null,
      venueTime: epochMs(message.E),
      source: 'ws',
    });
    const event: FuturesBalanceObserved = { type: 'FuturesBalanceObserved', schemaVersion: 1, data };
    return { event, raw: message };
  });
}

function positionObservation(
  accountId: string,
  message: OutboundContractPositionInfoEvent,
): FuturesPositionObserved {
  const data = readFuturesPositionObservation({
    accountId,
    symbol: message.s,
    side: message.S,
    avgPrice: emptyAsZero(message.p),
    position: message.P,
    available: emptyAsZero(message.a),
    leverage: emptyAsNull(message.v),
    liquidationPrice: emptyAsNull(message.f),
    margin: emptyAsNull(message.m),
    positionValue: emptyAsNull(message.pv),
    unrealizedPnl: emptyAsNull(message.up),
    realizedPnl: emptyAsNull(message.r),
    lastPrice: null,
    updateTime: epochMs(message.E),
    source: 'ws',
  });
  return { type: 'FuturesPositionObserved', schemaVersion: 1, data };
}
