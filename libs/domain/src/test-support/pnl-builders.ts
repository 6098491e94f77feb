import { SpotPnlFill } from '../pnl/spot-pnl';

let sequence = 0;

/** A spot fill for P&L scenarios; the fee is in USDT unless said otherwise. */
export function trade(
  side: 'BUY' | 'SELL',
  qty: string,
  price: string,
  fee?: string,
  feeAsset = 'USDT',
): SpotPnlFill {
  sequence += 1;
  return {
    fillId: `f${String(sequence).padStart(4, '0')}`,
    side,
    qty,
    price,
    fee: fee === undefined ? null : { asset: feeAsset, amount: fee },
    time: 1_700_000_000_000 + sequence * 1000,
  };
}
