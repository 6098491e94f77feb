import { DeskError, DeskErrorCode } from '../../errors/desk-error';

/** The pre-trade rules, as named in a refusal's `details.rule`. */
export const PRE_TRADE_RULES = [
  'SYMBOL_UNKNOWN',
  'SYMBOL_NOT_TRADING',
  'PRICE_TICK',
  'PRICE_RANGE',
  'QUANTITY_STEP',
  'QUANTITY_RANGE',
  'MIN_NOTIONAL',
  'NOTIONAL_RANGE',
  'MARKET_AMOUNT_RANGE',
  'MAX_ORDER_QTY',
  'MAX_ORDER_NOTIONAL',
  'AVAILABLE_BALANCE',
  'AVAILABLE_MARGIN',
  'REFERENCE_PRICE',
  'BATCH_SIZE',
  'BATCH_SYMBOL',
  'CANCEL_IDS_SIZE',
] as const;
export type PreTradeRule = (typeof PRE_TRADE_RULES)[number];

/** Why an order was refused before anything was sent: the rule and the request field at fault. */
export interface PreTradeRefusal {
  readonly rule: PreTradeRule;
  readonly field: string;
  readonly message: string;
}

export function refusal(rule: PreTradeRule, field: string, message: string): PreTradeRefusal {
  return { rule, field, message };
}

export function refusalError(refused: PreTradeRefusal, fieldPrefix = ''): DeskError {
  const field = fieldPrefix === '' ? refused.field : `${fieldPrefix}.${refused.field}`;
  return new DeskError(DeskErrorCode.PRE_TRADE_REFUSED, `${refused.rule}: ${field} ${refused.message}`, {
    rule: refused.rule,
    field,
  });
}
