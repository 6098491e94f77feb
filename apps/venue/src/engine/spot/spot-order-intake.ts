import type { AccountRecord } from '../types/account.types';
import type { EngineContext } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import type { Instrument } from '../instruments/instrument-registry';
import {
  checkMarketAmount,
  checkNotional,
  checkPrice,
  checkQuantity,
} from '../instruments/instrument-registry';
import { EngineDecimal, ZERO, parsePositiveDecimalField } from '../support/engine-decimal';
import type {
  PlaceSpotOrderCommand,
  SpotOrderType,
  SpotSide,
  SpotTimeInForce,
  StpMode,
} from '../types/spot.types';
import type { SpotOrderStore } from './spot-order-store';

export const MAX_CLIENT_ORDER_ID_LENGTH = 255;

const SIDES: readonly SpotSide[] = ['BUY', 'SELL'];
const TYPES: readonly SpotOrderType[] = ['LIMIT', 'MARKET', 'LIMIT_MAKER'];
const TIME_IN_FORCE: readonly SpotTimeInForce[] = ['GTC', 'IOC', 'FOK'];
export const STP_MODES: readonly StpMode[] = ['EXPIRE_TAKER', 'EXPIRE_MAKER'];

/** Which time-in-force each type accepts, per the seeds' enumeration; the first is the default. */
const ALLOWED_TIME_IN_FORCE: Record<SpotOrderType, readonly SpotTimeInForce[]> = {
  LIMIT: ['GTC', 'IOC', 'FOK'],
  LIMIT_MAKER: ['GTC'],
  MARKET: ['IOC'],
};

export interface ValidatedSpotOrder {
  readonly instrument: Instrument;
  readonly account: AccountRecord;
  readonly side: SpotSide;
  readonly type: SpotOrderType;
  readonly timeInForce: SpotTimeInForce;
  readonly stpMode: StpMode;
  /** Zero for market orders. */
  readonly price: EngineDecimal;
  /** Zero for market orders by cash amount. */
  readonly quantity: EngineDecimal;
  /** Zero unless a market order by cash amount. */
  readonly amount: EngineDecimal;
  /** Undefined when the engine must generate one. */
  readonly clientOrderId: string | undefined;
}

export function requireOneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  field: string,
): T {
  if (value === undefined || !(allowed as readonly string[]).includes(value)) {
    throw new VenueEngineError('requiredField', { field });
  }
  return value as T;
}

export function optionalOneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  field: string,
  fallback: T,
): T {
  return value === undefined || value === '' ? fallback : requireOneOf(value, allowed, field);
}

export function checkClientOrderId(clientOrderId: string | undefined, field: string): string | undefined {
  if (clientOrderId === undefined || clientOrderId === '') return undefined;
  if (typeof clientOrderId !== 'string') throw new VenueEngineError('requiredField', { field });
  if (clientOrderId.length > MAX_CLIENT_ORDER_ID_LENGTH) {
    throw new VenueEngineError('invalidParameter', {
      field,
      detail: `at most ${MAX_CLIENT_ORDER_ID_LENGTH} characters`,
    });
  }
  return clientOrderId;
}

/** Every rule a spot order must pass before it may touch balances or the book. */
export function validateSpotOrder(
  context: EngineContext,
  store: SpotOrderStore,
  command: PlaceSpotOrderCommand,
): ValidatedSpotOrder {
  const account = context.users.resolveAccount(command.userId, 1, command.accountId);
  const instrument = context.instruments.require(command.symbol, 'SPOT');
  const side = requireOneOf(command.side, SIDES, 'side');
  const type = requireOneOf(command.type, TYPES, 'type');
  const allowedTif = ALLOWED_TIME_IN_FORCE[type];
  const timeInForce = optionalOneOf(command.timeInForce, TIME_IN_FORCE, 'timeInForce', allowedTif[0]);
  if (!allowedTif.includes(timeInForce)) {
    throw new VenueEngineError('unsupportedOrderCombination', {
      field: 'timeInForce',
      detail: `${type} with ${timeInForce}`,
    });
  }
  const stpMode = optionalOneOf(command.stpMode, STP_MODES, 'stpMode', 'EXPIRE_TAKER');
  const clientOrderId = checkClientOrderId(command.clientOrderId, 'newClientOrderId');
  if (clientOrderId !== undefined && store.hasClientOrderId(account.accountId, clientOrderId)) {
    throw new VenueEngineError('duplicateOrder');
  }
  const accepted = { instrument, account, side, type, timeInForce, stpMode, clientOrderId };
  const hasQuantity = command.quantity !== undefined && command.quantity !== '';
  const hasAmount = command.amount !== undefined && command.amount !== '';

  if (type === 'MARKET') {
    if (hasQuantity && hasAmount) {
      throw new VenueEngineError('invalidParameter', {
        field: 'amount',
        detail: 'send either quantity or amount',
      });
    }
    if (hasAmount) {
      const amount = parsePositiveDecimalField(command.amount, 'amount');
      checkMarketAmount(instrument, amount);
      return { ...accepted, price: ZERO, quantity: ZERO, amount };
    }
    const quantity = parsePositiveDecimalField(command.quantity, 'quantity');
    checkQuantity(instrument, quantity, true);
    return { ...accepted, price: ZERO, quantity, amount: ZERO };
  }

  if (hasAmount) {
    throw new VenueEngineError('unsupportedOrderCombination', {
      field: 'amount',
      detail: 'amount is for MARKET orders only',
    });
  }
  const quantity = parsePositiveDecimalField(command.quantity, 'quantity');
  const price = parsePositiveDecimalField(command.price, 'price');
  checkPrice(instrument, price);
  checkQuantity(instrument, quantity, false);
  checkNotional(instrument, price.mul(quantity));
  return { ...accepted, price, quantity, amount: ZERO };
}
