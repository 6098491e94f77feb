import { Dec } from '../shared/decimal';
import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { Fee } from '../observations/observation-source';

/** Prices, in the quote asset, of fee assets that are neither base nor quote (e.g. a platform coin). */
export type FeeAssetPrices = Readonly<Record<string, string>>;

/**
 * Splits a fee into what it takes from the base inventory and its value in the quote
 * asset. A fee in base reduces the quantity received (or adds to the quantity
 * delivered); any other asset is valued in quote, at the given price (`valuedAtPrice`).
 */
export function valueFee(
  fee: Fee | null,
  assets: { readonly baseAsset: string; readonly quoteAsset: string },
  prices: FeeAssetPrices,
  field: string,
): { readonly baseAmount: Dec; readonly quoteValue: Dec; readonly valuedAtPrice: boolean } {
  const none = { baseAmount: new Dec(0), quoteValue: new Dec(0), valuedAtPrice: false };
  if (fee === null || new Dec(fee.amount).isZero()) return none;
  if (fee.asset === assets.quoteAsset) return { ...none, quoteValue: new Dec(fee.amount) };
  if (fee.asset === assets.baseAsset) return { ...none, baseAmount: new Dec(fee.amount) };
  const price = prices[fee.asset];
  if (price === undefined) {
    throw new DomainError(
      DomainErrorCode.FeeAssetNotPriced,
      `${field} is paid in ${fee.asset}; give its price in ${assets.quoteAsset}`,
      field,
    );
  }
  return { baseAmount: new Dec(0), quoteValue: new Dec(fee.amount).times(price), valuedAtPrice: true };
}
