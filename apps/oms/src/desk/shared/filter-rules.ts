/** Shapes shared by the request DTOs: checked at the edge so a query never sees junk. */
export const ACCOUNT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
export const SYMBOL = /^[A-Z0-9]{2,30}(-[A-Z]{2,20})?$/;
export const IDENTIFIER = /^[A-Za-z0-9_.:-]{1,128}$/;
export const MARKETS = ['spot', 'futures'] as const;
export const ORDER_SIDES = ['BUY', 'SELL', 'BUY_OPEN', 'SELL_CLOSE', 'SELL_OPEN', 'BUY_CLOSE'] as const;
export const ORDER_ORIGINS = ['desk', 'external'] as const;
export const ORDER_STATUSES = [
  'PENDING_NEW',
  'NEW',
  'PARTIALLY_FILLED',
  'FILLED',
  'CANCELED',
  'PARTIALLY_CANCELED',
  'REJECTED',
  // A spot status the venue may report while it cancels, beyond desk-api.md's list.
  'PENDING_CANCEL',
  'ORDER_NEW',
  'ORDER_FILLED',
  'ORDER_REJECTED',
  'ORDER_CANCELED',
  'ORDER_FAILED',
  'ORDER_NOT_EFFECTIVE',
  'PENDING_SUBMIT',
  'UNCERTAIN',
  'NOT_PLACED',
] as const;
