/**
 * JSON.parse for venue payloads that keeps every digit.
 *
 * The venue's order, trade and account ids are 19-digit integers, and the seeds type
 * several of them as LONG (`lastOrderId`, futures cancel-by-ids `orderId`). Sent as
 * bare JSON numbers, plain JSON.parse rounds them to the nearest double
 * (1747358716129257216 becomes 1747358716129257000), which names another order. The
 * same holds for decimals with more than 15 significant digits. Such literals are
 * turned into strings before parsing; the wire schemas accept ids and decimals as
 * strings anyway, so nothing downstream sees the difference except the right value.
 */

/** A JSON string (skipped whole) or a JSON number literal. */
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** A long run of digits where a value starts: only then can a number lose digits. */
const MAY_HOLD_LONG_NUMBER = /[:,[]\s*-?[\d.]{16,}/;

/** Doubles carry 15 significant decimal digits exactly; more may be rounded. */
const EXACT_DIGITS = 15;

function significantDigits(literal: string): number {
  const mantissa = literal.replace(/^-/, '').replace(/[eE].*$/, '');
  return mantissa.replace('.', '').replace(/^0+/, '').length;
}

function quoteInexactNumber(token: string): string {
  if (token.startsWith('"')) return token;
  return significantDigits(token) > EXACT_DIGITS ? `"${token}"` : token;
}

export function parseVenueJson(text: string): unknown {
  if (!MAY_HOLD_LONG_NUMBER.test(text)) return JSON.parse(text) as unknown;
  return JSON.parse(text.replace(STRING_OR_NUMBER, quoteInexactNumber)) as unknown;
}
