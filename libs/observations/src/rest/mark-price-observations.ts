import { MarkPriceObserved, readMarkPriceObservation } from '@oms/domain';
import type { MarkPrice, TickerPrice } from '@oms/exchange';
import { epochMs } from '../observation-fields';

/** GET /quote/v1/markPrice -> MarkPriceObserved of a perpetual (kind mark). */
export function markPriceObservation(accountId: string, mark: MarkPrice): MarkPriceObserved {
  const data = readMarkPriceObservation({
    accountId,
    symbol: mark.symbolId,
    kind: 'mark',
    price: mark.price,
    priceTime: epochMs(mark.time),
    source: 'rest-poll',
  });
  return { type: 'MarkPriceObserved', schemaVersion: 1, data };
}

/** GET /quote/v1/ticker/price entry -> MarkPriceObserved of a spot symbol (kind last, time of the poll). */
export function lastPriceObservation(
  accountId: string,
  ticker: TickerPrice,
  polledAt: number,
): MarkPriceObserved {
  const data = readMarkPriceObservation({
    accountId,
    symbol: ticker.s,
    kind: 'last',
    price: ticker.p,
    priceTime: polledAt,
    source: 'rest-poll',
  });
  return { type: 'MarkPriceObserved', schemaVersion: 1, data };
}
