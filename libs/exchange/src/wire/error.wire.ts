import { z } from 'zod';
import { venueCode } from './wire-primitives';

/** Error body of the venue: `{code, msg}` where `code` is a string ("0211") or a number (-100010). */
export const errorBodySchema = z.object({
  code: venueCode,
  msg: z.string().optional().default(''),
});
export type ErrorBody = z.output<typeof errorBodySchema>;
export type ErrorBodyInput = z.input<typeof errorBodySchema>;

/** Codes that mean success: "0000" (string) or 0 (number, seen as "0" after normalisation). */
export const SUCCESS_CODES: ReadonlySet<string> = new Set(['0000', '0']);

export function isSuccessCode(code: string): boolean {
  return SUCCESS_CODES.has(code);
}
