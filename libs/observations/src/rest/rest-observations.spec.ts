import { z } from 'zod';
import {
  accountInfoSchema,
  accountTradeListSchema,
  balanceFlowListSchema,
  futuresBalanceListSchema,
  futuresLimitOrderListSchema,
  futuresPositionListSchema,
  futuresStopOrderListSchema,
  futuresTradeListSchema,
  markPriceSchema,
  spotOrderRecordListSchema,
  tickerPriceListSchema,
} from '@oms/exchange';
import { venueFixture } from '../test-support/venue-fixtures';
import { futuresTradeObservation, spotTradeObservation } from './rest-fill-observations';
import {
  fundingPaymentObservation,
  futuresBalanceRecordObservation,
  positionRecordObservation,
  spotBalanceRecordObservation,
} from './rest-account-observations';
import {
  futuresLimitOrderObservation,
  futuresStopOrderObservation,
  spotOrderRecordObservation,
} from './rest-order-observations';
import { lastPriceObservation, markPriceObservation } from './mark-price-observations';

const POLLED_AT = 1_763_900_000_000;

describe('REST reconciliation rows -> observations (source rest-poll)', () => {
  it('spot open orders keep both quote-quantity spellings as one field and read avgPrice "0" as none', () => {
    const [record] = venueFixture('rest_GET_api_v1_spot_openOrders', spotOrderRecordListSchema);
    expect(spotOrderRecordObservation('desk-1', record).data).toMatchObject({
      orderId: '1739491435386897152',
      cumulativeQuoteQty: '0',
      avgPrice: null,
      createdAt: 1722099538193,
      updateTime: 1722099538197,
      source: 'rest-poll',
      acknowledgedRequest: null,
    });
  });

  it('futures history and STOP records map to their own observation types', () => {
    const [history] = venueFixture('rest_GET_api_v1_futures_historyOrders', futuresLimitOrderListSchema);
    expect(futuresLimitOrderObservation('desk-1', history).type).toBe('FuturesOrderObserved');
    const [stop] = venueFixture('rest_GET_api_v1_futures_openOrders_type_STOP', futuresStopOrderListSchema);
    expect(futuresStopOrderObservation('desk-1', stop).data).toMatchObject({
      stopPrice: '3600',
      status: 'ORDER_NEW',
      side: 'SELL_CLOSE',
    });
  });

  it('a spot trade row carries the ticket id and the fee the stream lacks', () => {
    const [trade] = venueFixture('rest_GET_api_v1_account_trades', accountTradeListSchema);
    expect(spotTradeObservation('desk-1', trade).data).toMatchObject({
      ticketId: '1739352552795029504',
      side: 'BUY',
      fee: { asset: 'ETH', amount: '0.0000012' },
      tradeTime: 1722082982097,
      source: 'rest-poll',
    });
  });

  it('a futures trade row without ticketId keeps tradeId, orderId, price, quantity and time', () => {
    const [trade] = venueFixture('rest_GET_api_v1_futures_userTrades', futuresTradeListSchema);
    expect(trade.ticketId).toBeUndefined();
    expect(futuresTradeObservation('desk-1', trade).data).toEqual({
      accountId: 'desk-1',
      symbol: 'ETHUSDT-PERPETUAL',
      orderId: '1744405140008461056',
      clientOrderId: null,
      ticketId: null,
      tradeId: '1744405140125908224',
      direction: 'SELL',
      orderSide: 'SELL_CLOSE',
      price: '2998.25',
      quantity: '10',
      fee: { asset: 'USDT', amount: '0.0179895' },
      realizedPnl: '-3.29278',
      isMaker: false,
      tradeTime: 1722685297437,
      source: 'rest-poll',
    });
  });

  it('positions and balances without a venue time take the poll time', () => {
    const [position] = venueFixture('rest_GET_api_v1_futures_positions', futuresPositionListSchema);
    expect(positionRecordObservation('desk-1', position, POLLED_AT).data).toMatchObject({
      position: '10',
      liquidationPrice: '-953.83',
      lastPrice: '3324.44',
      updateTime: POLLED_AT,
    });
    const account = venueFixture('rest_GET_api_v1_account', accountInfoSchema);
    expect(spotBalanceRecordObservation('desk-1', account.balances[0], POLLED_AT).data.venueTime).toBe(
      POLLED_AT,
    );
    const [futures] = venueFixture('rest_GET_api_v1_futures_balance', futuresBalanceListSchema);
    expect(futuresBalanceRecordObservation('desk-1', futures, POLLED_AT).data).toMatchObject({
      walletBalance: '30.63364672',
      available: '28.85635534',
      positionMargin: '4.3421',
      unrealizedPnl: '2.5649',
    });
  });

  it('only funding rows of the ledger become FundingPaymentObserved', () => {
    const [transfer] = venueFixture('rest_GET_api_v1_account_balanceFlow', balanceFlowListSchema);
    expect(fundingPaymentObservation('desk-1', transfer)).toBeNull();
    const funding = { ...transfer, flowTypeValue: '600', flowType: 'FUNDING_FEE', change: '-0.52' };
    expect(fundingPaymentObservation('desk-1', funding)?.data).toEqual({
      accountId: 'desk-1',
      flowId: '1740844413612065537',
      asset: 'USDT',
      symbol: null,
      amount: '-0.52',
      balanceAfter: '8.015680088',
      flowType: '600:FUNDING_FEE',
      settledAt: 1722260825765,
      source: 'rest-poll',
    });
  });

  it('mark prices keep the venue time; last prices take the poll time', () => {
    const mark = venueFixture('rest_GET_quote_v1_markPrice', markPriceSchema);
    expect(markPriceObservation('desk-1', mark).data).toEqual({
      accountId: 'desk-1',
      symbol: 'BTCUSDT-PERPETUAL',
      kind: 'mark',
      price: '10000',
      priceTime: 1724140800000,
      source: 'rest-poll',
    });
    const [ticker] = venueFixture('rest_GET_quote_v1_ticker_price', z.array(tickerPriceListSchema.element));
    expect(lastPriceObservation('desk-1', ticker, POLLED_AT).data).toMatchObject({
      kind: 'last',
      priceTime: POLLED_AT,
    });
  });
});
