import { roundToScale } from '@oms/domain';

/**
 * Decimal places a figure the OMS computes (an average price, a P&L) is shown to desks
 * with, rounded once, half to even, as it is answered. Average costs divide, and such
 * figures would otherwise run to forty digits; twelve keep every price and P&L the venue
 * states exactly. Stored figures keep their full precision.
 */
export const SHOWN_SCALE = 12;

export function shownFigure(value: string): string;
export function shownFigure(value: string | null): string | null;
export function shownFigure(value: string | null): string | null {
  return value === null ? null : roundToScale(value, SHOWN_SCALE);
}
