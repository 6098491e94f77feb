import { FieldReader } from '../shared/field-reader';

/** The venue's self-trade prevention modes (it has no "off": without one it expires the taker). */
export const STP_MODES = ['EXPIRE_TAKER', 'EXPIRE_MAKER'] as const;
export type StpMode = (typeof STP_MODES)[number];

/**
 * The self-trade prevention a desk chose for an order, as a member to spread into the
 * request: absent when none was chosen, so requests recorded without it read, hash and
 * compare as they always have.
 */
export function stpModeOf(reader: FieldReader): { readonly stpMode?: StpMode } {
  const stpMode = reader.optionalOneOf('stpMode', STP_MODES);
  return stpMode === null ? {} : { stpMode };
}
