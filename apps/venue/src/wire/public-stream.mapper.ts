import Decimal from 'decimal.js';
import type { VenueEngineApi } from '../engine';

export const MARKET_TOPICS = ['depth', 'trade', 'realtimes'] as const;
export type MarketTopic = (typeof MARKET_TOPICS)[number];

const EXCHANGE_ID = 301;
const DEPTH_LEVELS = 200;

export interface PushState {
  readonly symbol: string;
  readonly topic: MarketTopic;
  /** Time of the newest trade pushed, and the trades pushed at exactly that time. */
  lastTradeTime: number;
  ticketsAtLastTime: ReadonlySet<string>;
  first: boolean;
}

function envelope(symbol: string, topic: MarketTopic, data: unknown[], first: boolean, now: number) {
  return {
    symbol,
    symbolName: symbol,
    topic,
    params: { realtimeInterval: '24h', binary: false },
    data,
    f: first,
    sendTime: now,
    shared: false,
  };
}

/** The acknowledgement of a sub or cancel, echoing the request as the exchange does. */
export function subscriptionAck(request: Record<string, unknown>, symbol: string, now: number) {
  return {
    symbol,
    symbolName: symbol,
    topic: request.topic,
    event: request.event,
    params: { binary: false, realtimeInterval: '24h' },
    f: true,
    sendTime: now,
    shared: false,
    ...(request.id === undefined ? {} : { id: request.id }),
    code: '0',
    msg: 'Success',
  };
}

export function subscriptionError(request: Record<string, unknown> | undefined, reason: string, now: number) {
  return {
    ...(request?.symbol === undefined ? {} : { symbol: request.symbol }),
    ...(request?.topic === undefined ? {} : { topic: request.topic }),
    ...(request?.event === undefined ? {} : { event: request.event }),
    sendTime: now,
    code: '-1',
    msg: reason,
  };
}

/**
 * One push of a subscription, or undefined when there is nothing new (trades). Depth is
 * always a full snapshot: clients reset their book on each push.
 */
export function marketPush(engine: VenueEngineApi, state: PushState, now: number) {
  const first = state.first;
  state.first = false;
  switch (state.topic) {
    case 'depth': {
      const depth = engine.getDepth(state.symbol, DEPTH_LEVELS);
      const data = [
        {
          e: EXCHANGE_ID,
          s: state.symbol,
          t: depth.time,
          v: `${depth.time}_${state.symbol}`,
          b: depth.bids,
          a: depth.asks,
          o: 0,
        },
      ];
      return envelope(state.symbol, 'depth', data, first, now);
    }
    case 'trade': {
      const fresh = engine
        .getRecentTrades(state.symbol, 100)
        .filter(
          (trade) =>
            trade.time > state.lastTradeTime ||
            (trade.time === state.lastTradeTime && !state.ticketsAtLastTime.has(trade.ticketId)),
        )
        .sort((a, b) => a.time - b.time);
      if (fresh.length === 0 && !first) return undefined;
      if (fresh.length > 0) {
        const newest = fresh[fresh.length - 1].time;
        const carried = newest === state.lastTradeTime ? [...state.ticketsAtLastTime] : [];
        state.lastTradeTime = newest;
        state.ticketsAtLastTime = new Set([
          ...carried,
          ...fresh.filter((trade) => trade.time === newest).map((trade) => trade.ticketId),
        ]);
      }
      const data = fresh.map((trade) => ({
        v: trade.ticketId,
        t: trade.time,
        p: trade.price,
        q: trade.qty,
        m: trade.isBuyerMaker,
      }));
      return envelope(state.symbol, 'trade', data, first, now);
    }
    case 'realtimes': {
      const data = engine.getTicker24h(state.symbol).map((ticker) => ({
        t: ticker.time,
        s: ticker.symbol,
        sn: ticker.symbol,
        c: ticker.close,
        h: ticker.high,
        l: ticker.low,
        o: ticker.open,
        v: ticker.volume,
        qv: ticker.quoteVolume,
        m: changeRate(ticker.open, ticker.close),
        e: EXCHANGE_ID,
      }));
      return envelope(state.symbol, 'realtimes', data, first, now);
    }
  }
}

/** 24h change as a fraction with four decimals, "-0.2472" in the live sample. */
function changeRate(open: string, close: string): string {
  const openValue = new Decimal(open);
  if (!openValue.gt(0)) return '0';
  return new Decimal(close).minus(openValue).div(openValue).toDecimalPlaces(4).toString();
}
