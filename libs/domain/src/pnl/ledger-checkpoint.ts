import { canonicalDecimal, Dec } from '../shared/decimal';
import { invalidField } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { LedgerState } from './lot-ledger';

/** A lot ledger as plain data, the part every P&L checkpoint carries. */
export interface LedgerCheckpoint {
  readonly lots: ReadonlyArray<{
    readonly side: 'long' | 'short';
    readonly quantity: string;
    readonly rawValue: string;
    readonly effectiveValue: string;
  }>;
  readonly realizedGross: string;
  readonly realizedNet: string;
}

export function ledgerCheckpointOf(ledger: LedgerState): LedgerCheckpoint {
  return {
    lots: ledger.lots.map((lot) => ({
      side: lot.side,
      quantity: canonicalDecimal(lot.quantity),
      rawValue: canonicalDecimal(lot.rawValue),
      effectiveValue: canonicalDecimal(lot.effectiveValue),
    })),
    realizedGross: canonicalDecimal(ledger.realizedGross),
    realizedNet: canonicalDecimal(ledger.realizedNet),
  };
}

/** The ledger a checkpoint (read by `reader`, at `path`) carries; a refusal names the field. */
export function readLedgerCheckpoint(reader: FieldReader, path: string): LedgerState {
  const lots = reader.raw('lots');
  if (!Array.isArray(lots)) throw invalidField(`${path}.lots`, 'must be an array');
  return {
    lots: lots.map((value: unknown, index) => {
      const lot = FieldReader.of(value, `${path}.lots[${index}]`);
      return {
        side: lot.oneOf('side', ['long', 'short'] as const),
        quantity: new Dec(lot.decimal('quantity', 'positive')),
        rawValue: new Dec(lot.decimal('rawValue')),
        effectiveValue: new Dec(lot.decimal('effectiveValue', 'any')),
      };
    }),
    realizedGross: new Dec(reader.decimal('realizedGross', 'any')),
    realizedNet: new Dec(reader.decimal('realizedNet', 'any')),
  };
}
