import { RequestParams } from '../http/request-params';

/** The paging window both trade histories take (spot account trades, futures user trades). */
export function readTradeWindow(params: RequestParams) {
  return {
    fromId: params.optionalString('fromId'),
    toId: params.optionalString('toId'),
    startTime: params.optionalInteger('startTime', { min: 0 }),
    endTime: params.optionalInteger('endTime', { min: 0 }),
    limit: params.optionalInteger('limit', { min: 1, max: 1000 }),
  };
}
