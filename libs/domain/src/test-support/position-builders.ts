import { FuturesOrderSide } from '../observations/futures-order-observed';
import { createFuturesPositionDecider } from '../position/futures-position.decider';
import { FuturesPositionCommand, PositionFillInput } from '../position/futures-position.types';
import { FUTURES_ACCOUNT } from './futures-builders';

/** ETHUSDT-PERPETUAL: 1 contract = 0.001 ETH, so 1000 contracts = 1 ETH. */
export const positionDecider = createFuturesPositionDecider({
  contractMultiplier: (symbol) => (symbol === 'ETHUSDT-PERPETUAL' ? '0.001' : undefined),
});

let sequence = 0;

export function positionFill(
  orderSide: FuturesOrderSide,
  contracts: string,
  price: string,
  overrides: Partial<PositionFillInput> = {},
): PositionFillInput {
  sequence += 1;
  return {
    accountId: FUTURES_ACCOUNT,
    symbol: 'ETHUSDT-PERPETUAL',
    fillId: `T${String(sequence).padStart(5, '0')}`,
    orderId: `O${sequence}`,
    orderSide,
    price,
    contracts,
    fee: null,
    venueRealizedPnl: null,
    time: 1_722_000_000_000 + sequence * 1000,
    inferred: false,
    ...overrides,
  };
}

export function recordFill(fill: PositionFillInput, now = 1): FuturesPositionCommand {
  return { type: 'RecordPositionFill', fill, now };
}
