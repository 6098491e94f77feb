import Decimal from 'decimal.js';
import { InvalidRequestError } from '../errors/exchange-errors';

/** Limits of the seeds, checked before a request is sent. */
export const REQUEST_LIMITS = {
  clientOrderIdMaxLength: 255,
  transferClientOrderIdMaxLength: 64,
  batchMaxOrders: 20,
  cancelByIdsMax: 100,
  /** DELETE /api/v1/spot/openOrders cancels up to this many per call, by site family. */
  cancelOpenOrdersPerCall: { professional: 1000, global: 200 },
  cancelAllOpenOrdersMaxLimit: 200,
  spotOpenOrdersMaxLimit: 1000,
  futuresOrdersMaxLimit: 500,
  tradesMaxLimit: 1000,
  historyFundingRateMaxLimit: 100,
} as const;

const DECIMAL_TEXT = /^(\d+\.?\d*|\.\d+)$/;

export function requireText(field: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new InvalidRequestError(field, 'is required');
  return value;
}

export function checkClientOrderId(field: string, value: string | undefined, maxLength: number): void {
  if (value === undefined) return;
  if (value.length === 0) throw new InvalidRequestError(field, 'must not be empty');
  if (value.length > maxLength) {
    throw new InvalidRequestError(field, `must be at most ${maxLength} characters, got ${value.length}`);
  }
  if (/[\s,&=]/.test(value))
    throw new InvalidRequestError(field, 'must not contain spaces, commas, "&" or "="');
}

/**
 * Prices and quantities must arrive as strings: a JS number has already been rounded
 * to binary (0.1 + 0.2) before it could be checked, so it is refused rather than
 * silently turned into text.
 */
function requireDecimalText(field: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') {
    throw new InvalidRequestError(
      field,
      `must be a decimal string, got a ${typeof value} (${String(value)})`,
    );
  }
}

/** A positive decimal written as plain digits ("0.001"); never a JS number. */
export function checkPositiveDecimal(field: string, value: string | undefined): Decimal | undefined {
  if (value === undefined) return undefined;
  requireDecimalText(field, value);
  if (!DECIMAL_TEXT.test(value))
    throw new InvalidRequestError(field, `must be a plain decimal string, got "${value}"`);
  const decimal = new Decimal(value);
  if (decimal.lte(0)) throw new InvalidRequestError(field, `must be greater than zero, got ${value}`);
  return decimal;
}

/** A signed decimal (isolated margin adjustments may be negative). */
export function checkSignedDecimal(field: string, value: string): Decimal {
  requireDecimalText(field, value);
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value)) {
    throw new InvalidRequestError(field, `must be a plain decimal string, got "${value}"`);
  }
  const decimal = new Decimal(value);
  if (decimal.isZero()) throw new InvalidRequestError(field, 'must not be zero');
  return decimal;
}

/** Futures quantities are whole contracts. */
export function checkContracts(field: string, value: string): void {
  requireDecimalText(field, value);
  if (!/^\d+$/.test(value) || new Decimal(value).lte(0)) {
    throw new InvalidRequestError(field, `must be a positive whole number of contracts, got "${value}"`);
  }
}

export function checkLimit(field: string, value: number | undefined, max: number, min = 1): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InvalidRequestError(field, `must be an integer from ${min} to ${max}, got ${value}`);
  }
}

export function checkIntegerInRange(field: string, value: number, min: number, max: number): void {
  checkLimit(field, value, max, min);
}

export function checkBatch(field: string, symbols: readonly string[]): void {
  if (symbols.length === 0) throw new InvalidRequestError(field, 'must hold at least one order');
  if (symbols.length > REQUEST_LIMITS.batchMaxOrders) {
    throw new InvalidRequestError(
      field,
      `must hold at most ${REQUEST_LIMITS.batchMaxOrders} orders, got ${symbols.length}`,
    );
  }
  const first = symbols[0];
  const other = symbols.findIndex((symbol) => symbol !== first);
  if (other >= 0) {
    throw new InvalidRequestError(
      `${field}[${other}].symbol`,
      `must be ${first}: a batch holds one symbol only`,
    );
  }
}

export function checkOrderIds(field: string, ids: readonly string[]): void {
  if (ids.length === 0) throw new InvalidRequestError(field, 'must hold at least one order id');
  if (ids.length > REQUEST_LIMITS.cancelByIdsMax) {
    throw new InvalidRequestError(
      field,
      `must hold at most ${REQUEST_LIMITS.cancelByIdsMax} ids, got ${ids.length}`,
    );
  }
  ids.forEach((id, index) => {
    if (!/^[0-9A-Za-z_-]+$/.test(id))
      throw new InvalidRequestError(`${field}[${index}]`, `is not an order id: "${id}"`);
  });
}

export function checkOneOf(fields: Readonly<Record<string, string | undefined>>): void {
  const present = Object.entries(fields).filter(([, value]) => value !== undefined && value !== '');
  if (present.length === 0) {
    throw new InvalidRequestError(Object.keys(fields).join(' or '), 'is required (one of them)');
  }
}

/** Orders of one batch must be told apart by their client order ids. */
export function checkDistinctClientOrderIds(field: string, idName: string, ids: readonly string[]): void {
  const repeated = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (repeated >= 0) {
    throw new InvalidRequestError(`${field}[${repeated}].${idName}`, 'repeats another order of the batch');
  }
}
