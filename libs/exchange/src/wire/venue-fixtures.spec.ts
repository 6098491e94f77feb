import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZodTypeAny } from 'zod';
import {
  accountEntryListSchema,
  accountInfoSchema,
  accountTradeListSchema,
  assetTransferResponseSchema,
  commissionRateSchema,
  depthSchema,
  errorBodySchema,
  exchangeInfoSchema,
  fundingRateListSchema,
  futuresBalanceListSchema,
  futuresBatchOrderResponseSchema,
  futuresCancelAllResponseSchema,
  futuresLimitOrderListSchema,
  futuresLimitOrderSchema,
  futuresPositionListSchema,
  futuresStopOrderListSchema,
  futuresTradeListSchema,
  historyFundingRateListSchema,
  indexPriceSchema,
  leverageSettingListSchema,
  listenKeyAckSchema,
  listenKeySchema,
  markPriceSchema,
  pingSchema,
  serverTimeSchema,
  setLeverageResponseSchema,
  singleSymbolInfoSchema,
  spotBatchOrderItemSchema,
  futuresBatchOrderItemSchema,
  spotBatchOrderResponseSchema,
  spotCancelAckSchema,
  spotCancelByIdsResponseSchema,
  spotOrderAckSchema,
  spotOrderRecordListSchema,
  spotOrderRecordSchema,
  streamPingSchema,
  streamPongSchema,
  successFlagSchema,
  ticker24hrListSchema,
  tickerPriceListSchema,
  userStreamEventSchema,
  vipInfoSchema,
} from './index';
import { z } from 'zod';
import {
  balanceFlowListSchema,
  depositOrderListSchema,
  klineListSchema,
  publicTradeListSchema,
  withdrawOrderListSchema,
} from './index';

const fixtureDir = join(__dirname, '..', '..', 'test-fixtures');

/** Stream pushes arrive as an array of events. */
const streamBatch = z.array(userStreamEventSchema);

/** Which schema checks each copied venue payload. Every fixture file must be listed. */
const schemaByFixture: Record<string, ZodTypeAny> = {
  'error_-100010_invalid_symbols.json': errorBodySchema,
  'error_-100012_symbol_missing.json': errorBodySchema,
  'error_-1002_unauthorized.json': errorBodySchema,
  'error_-1004_bad_request.json': errorBodySchema,
  'error_-1133_price_below_min.json': errorBodySchema,
  'error_-1141_duplicate_order.json': errorBodySchema,
  'error_0001_required_field_clientOrderId.json': errorBodySchema,
  'error_0001_required_field_symbol.json': errorBodySchema,
  'error_0211_order_not_found.json': errorBodySchema,
  'requests_batchOrders_official_postman.json': z.object({
    spot: z.object({ body: z.array(spotBatchOrderItemSchema) }),
    futures: z.object({ body: z.array(futuresBatchOrderItemSchema) }),
  }),
  'requests_signed_examples_ccxt.json': z.record(z.string()),
  'rest_DELETE_api_v1_futures_batchOrders.json': futuresCancelAllResponseSchema,
  'rest_DELETE_api_v1_futures_order.json': futuresLimitOrderSchema,
  'rest_DELETE_api_v1_spot_cancelOrderByIds.json': spotCancelByIdsResponseSchema,
  'rest_DELETE_api_v1_spot_openOrders.json': successFlagSchema,
  'rest_DELETE_api_v1_spot_order.json': spotCancelAckSchema,
  'rest_GET_api_v1_account.json': accountInfoSchema,
  'rest_GET_api_v1_account_balanceFlow.json': balanceFlowListSchema,
  'rest_GET_api_v1_account_depositOrders.json': depositOrderListSchema,
  'rest_GET_api_v1_account_withdrawOrders.json': withdrawOrderListSchema,
  'rest_GET_quote_v1_trades.json': publicTradeListSchema,
  'rest_GET_quote_v1_trades_perpetual.json': publicTradeListSchema,
  'rest_GET_quote_v1_klines.json': klineListSchema,
  'rest_GET_api_v1_account_trades.json': accountTradeListSchema,
  'rest_GET_api_v1_account_type.json': accountEntryListSchema,
  'rest_GET_api_v1_account_vipInfo.json': vipInfoSchema,
  'rest_GET_api_v1_exchangeInfo.json': exchangeInfoSchema,
  'rest_GET_api_v1_exchangeInfo_symbol_ETHUSDT.json': singleSymbolInfoSchema,
  'rest_GET_api_v1_futures_balance.json': futuresBalanceListSchema,
  'rest_GET_api_v1_futures_commissionRate.json': commissionRateSchema,
  'rest_GET_api_v1_futures_fundingRate.json': fundingRateListSchema,
  'rest_GET_api_v1_futures_historyFundingRate.json': historyFundingRateListSchema,
  'rest_GET_api_v1_futures_historyOrders.json': futuresLimitOrderListSchema,
  'rest_GET_api_v1_futures_leverage.json': leverageSettingListSchema,
  'rest_GET_api_v1_futures_openOrders_type_STOP.json': futuresStopOrderListSchema,
  'rest_GET_api_v1_futures_order.json': futuresLimitOrderSchema,
  'rest_GET_api_v1_futures_positions.json': futuresPositionListSchema,
  'rest_GET_api_v1_futures_userTrades.json': futuresTradeListSchema,
  'rest_GET_api_v1_ping.json': pingSchema,
  'rest_GET_api_v1_spot_openOrders.json': spotOrderRecordListSchema,
  'rest_GET_api_v1_spot_order.json': spotOrderRecordSchema,
  'rest_GET_api_v1_spot_tradeOrders.json': spotOrderRecordListSchema,
  'rest_GET_api_v1_time.json': serverTimeSchema,
  'rest_GET_quote_v1_depth.json': depthSchema,
  'rest_GET_quote_v1_index.json': indexPriceSchema,
  'rest_GET_quote_v1_markPrice.json': markPriceSchema,
  'rest_GET_quote_v1_ticker_24hr.json': ticker24hrListSchema,
  'rest_GET_quote_v1_ticker_price.json': tickerPriceListSchema,
  'rest_POST_api_v1.1_spot_order_market_buy_by_qty.json': spotOrderAckSchema,
  'rest_POST_api_v1_account_assetTransfer.json': assetTransferResponseSchema,
  'rest_POST_api_v1_futures_batchOrders.json': futuresBatchOrderResponseSchema,
  'rest_POST_api_v1_futures_leverage.json': setLeverageResponseSchema,
  'rest_POST_api_v1_futures_order.json': futuresLimitOrderSchema,
  'rest_POST_api_v1_spot_batchOrders.json': spotBatchOrderResponseSchema,
  'rest_POST_api_v1_spot_order_limit_maker.json': spotOrderAckSchema,
  'rest_POST_api_v1_spot_order_market_buy_by_cost.json': spotOrderAckSchema,
  'rest_POST_api_v1_spot_order_market_sell.json': spotOrderAckSchema,
  'rest_POST_api_v1_userDataStream.json': listenKeySchema,
  'rest_PUT_api_v1_userDataStream.json': listenKeyAckSchema,
  'ws_ping_client.json': streamPingSchema,
  'ws_pong_server.json': streamPongSchema,
  'ws_private_contractExecutionReport.json': streamBatch,
  'ws_private_executionReport_spot.json': streamBatch,
  'ws_private_outboundAccountInfo_spot.json': streamBatch,
  'ws_private_outboundContractAccountInfo.json': streamBatch,
  'ws_private_outboundContractPositionInfo.json': streamBatch,
  'ws_private_ping_server.json': streamPingSchema,
  'ws_private_ticketInfo_futures.json': streamBatch,
  'ws_private_ticketInfo_spot.json': streamBatch,
};

function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(fixtureDir, name), 'utf8'));
}

describe('venue fixtures', () => {
  const files = readdirSync(fixtureDir).filter((name) => name.endsWith('.json'));

  it('every copied fixture has a schema', () => {
    expect(files.filter((name) => !(name in schemaByFixture))).toEqual([]);
    expect(Object.keys(schemaByFixture).filter((name) => !files.includes(name))).toEqual([]);
  });

  it.each(Object.entries(schemaByFixture))('%s parses', (name, schema) => {
    const result = schema.safeParse(loadFixture(name));
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('keeps decimals as exact strings and normalises numeric codes and times', () => {
    const position = futuresPositionListSchema.parse(loadFixture('rest_GET_api_v1_futures_positions.json'));
    expect(position[0].liquidationPrice).toBe('-953.83');
    expect(position[0].marginRate).toBe('');
    const error = errorBodySchema.parse(loadFixture('error_-100010_invalid_symbols.json'));
    expect(error.code).toBe('-100010');
    const time = serverTimeSchema.parse(loadFixture('rest_GET_api_v1_time.json'));
    expect(time.serverTime).toBe('1721661553214');
    const balance = streamBatch.parse(loadFixture('ws_private_outboundContractAccountInfo.json'));
    expect(balance[0]).toMatchObject({ B: [{ l: '24835.178056020383226869', r: '' }] });
  });

  it('reads the misspelled isMarker of futures trades as isMaker', () => {
    const trades = futuresTradeListSchema.parse(loadFixture('rest_GET_api_v1_futures_userTrades.json'));
    expect(trades.map((trade) => trade.isMaker)).toEqual([false, false]);
    expect(trades[0]).not.toHaveProperty('isMarker');
  });

  it('tells a spot symbol from a contract in the single-symbol exchange info', () => {
    const info = singleSymbolInfoSchema.parse(
      loadFixture('rest_GET_api_v1_exchangeInfo_symbol_ETHUSDT.json'),
    );
    expect('contractMultiplier' in info).toBe(false);
    expect(info.filters.map((filter) => filter.filterType)).toContain('PRICE_FILTER');
  });

  it('rejects a decimal written as words, naming the field', () => {
    const result = spotOrderAckSchema.safeParse({
      ...(loadFixture('rest_POST_api_v1_spot_order_limit_maker.json') as object),
      price: 'five',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['price']);
  });
});
