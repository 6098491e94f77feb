import type { EngineContext } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import type { Instrument } from '../instruments/instrument-registry';
import { checkPrice, checkQuantity } from '../instruments/instrument-registry';
import { EngineDecimal, ZERO, parsePositiveDecimalField } from '../support/engine-decimal';
import type { AccountRecord } from '../types/account.types';
import type {
  FuturesPriceType,
  FuturesRequestType,
  FuturesSide,
  FuturesTimeInForce,
  PlaceFuturesOrderCommand,
} from '../types/futures.types';
import type { StpMode } from '../types/spot.types';
import { STP_MODES, checkClientOrderId, optionalOneOf, requireOneOf } from '../spot/spot-order-intake';
import type { FuturesOrderStore } from './futures-order-store';

const SIDES: readonly FuturesSide[] = ['BUY_OPEN', 'SELL_CLOSE', 'SELL_OPEN', 'BUY_CLOSE'];
const TYPES: readonly FuturesRequestType[] = ['LIMIT', 'STOP'];
const PRICE_TYPES: readonly FuturesPriceType[] = ['INPUT', 'MARKET'];
const TIME_IN_FORCE: readonly FuturesTimeInForce[] = ['GTC', 'FOK', 'IOC', 'LIMIT_MAKER'];

/** How far from the mark a market order may trade: its protection price. */
export const MARKET_PROTECTION_RATE = '0.05';

export interface ValidatedFuturesOrder {
  readonly instrument: Instrument;
  readonly account: AccountRecord;
  readonly side: FuturesSide;
  readonly type: FuturesRequestType;
  readonly priceType: FuturesPriceType;
  readonly timeInForce: FuturesTimeInForce;
  readonly stpMode: StpMode;
  /** Zero for market orders (limit-type) and market-on-trigger stops. */
  readonly price: EngineDecimal;
  readonly stopPrice: EngineDecimal;
  readonly quantity: EngineDecimal;
  readonly clientOrderId: string;
}

export function validateFuturesOrder(
  context: EngineContext,
  store: FuturesOrderStore,
  command: PlaceFuturesOrderCommand,
): ValidatedFuturesOrder {
  const account = context.users.resolveAccount(command.userId, 3);
  const instrument = context.instruments.require(command.symbol, 'PERPETUAL');
  const side = requireOneOf(command.side, SIDES, 'side');
  const type = requireOneOf(command.type, TYPES, 'type');
  const priceType = optionalOneOf(command.priceType, PRICE_TYPES, 'priceType', 'INPUT');
  const stpMode = optionalOneOf(command.stpMode, STP_MODES, 'stpMode', 'EXPIRE_TAKER');
  const requestedTif = optionalOneOf(
    command.timeInForce,
    TIME_IN_FORCE,
    'timeInForce',
    priceType === 'MARKET' ? 'IOC' : 'GTC',
  );
  // A market order can only take; whatever it was sent with, it behaves as IOC.
  const timeInForce: FuturesTimeInForce = priceType === 'MARKET' ? 'IOC' : requestedTif;
  const clientOrderId = checkClientOrderId(command.clientOrderId, 'clientOrderId');
  if (clientOrderId === undefined) throw new VenueEngineError('requiredField', { field: 'clientOrderId' });
  if (store.hasClientOrderId(account.accountId, clientOrderId, type))
    throw new VenueEngineError('duplicateOrder');
  const quantity = parsePositiveDecimalField(command.quantity, 'quantity');
  checkQuantity(instrument, quantity, priceType === 'MARKET');

  let price = ZERO;
  const priceGiven = command.price !== undefined && command.price !== '';
  if (priceType === 'INPUT' && (type === 'LIMIT' || priceGiven)) {
    price = parsePositiveDecimalField(command.price, 'price');
    checkPrice(instrument, price);
  }
  let stopPrice = ZERO;
  if (type === 'STOP') {
    stopPrice = parsePositiveDecimalField(command.stopPrice, 'stopPrice');
    checkPrice(instrument, stopPrice, 'stopPrice');
  }
  return {
    instrument,
    account,
    side,
    type,
    priceType,
    timeInForce,
    stpMode,
    price,
    stopPrice,
    quantity,
    clientOrderId,
  };
}
