import { storedOrderRowOf, toOrderResponse } from '../../desk/orders/order.mapper';
import { OrderResponse } from '../../desk/orders/order.response';
import { OrderRow } from '../../projections/order-row';

const PLAIN_DECIMAL = /^(-?)(\d+)(\.\d+)?$/;

/**
 * A decimal as an rm_orders numeric column gives it back: the scale kept, leading zeros
 * of the integer part dropped, no negative zero. Undefined for text that is not a plain
 * decimal (Postgres would rewrite it in ways not worth copying).
 */
export function storedNumericText(value: string | null): string | null | undefined {
  if (value === null) return null;
  const parts = PLAIN_DECIMAL.exec(value);
  if (parts === null) return undefined;
  const [, sign, integer, fraction = ''] = parts;
  const digits = integer.replace(/^0+(?=\d)/, '');
  const zero = /^[0.]*$/.test(digits + fraction);
  return `${zero ? '' : sign}${digits}${fraction}`;
}

/**
 * The desk answer of an order from the rm_orders row a command has just committed, as a
 * read of rm_orders would give it (the desk queries' mapper, numeric columns in their
 * Postgres form), so the command path answers without reading the row back. Undefined
 * when a value would not come back from Postgres as written: the caller reads the row.
 */
export function committedOrderResponse(row: OrderRow): OrderResponse | undefined {
  const stopPrice = storedNumericText(row.stopPrice);
  const leverage = storedNumericText(row.leverage);
  const price = storedNumericText(row.price);
  const origQty = storedNumericText(row.origQty);
  const amount = storedNumericText(row.amount);
  const executedQty = storedNumericText(row.executedQty);
  const avgPrice = storedNumericText(row.avgPrice);
  const cumulativeQuoteQty = storedNumericText(row.cumulativeQuoteQty);
  if (
    stopPrice === undefined ||
    leverage === undefined ||
    price === undefined ||
    origQty === undefined ||
    amount === undefined ||
    executedQty == null ||
    avgPrice === undefined ||
    cumulativeQuoteQty == null
  ) {
    return undefined;
  }
  return toOrderResponse(
    storedOrderRowOf({
      ...row,
      stopPrice,
      leverage,
      price,
      origQty,
      amount,
      executedQty,
      avgPrice,
      cumulativeQuoteQty,
    }),
  );
}
