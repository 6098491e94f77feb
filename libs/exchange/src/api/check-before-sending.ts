import { InvalidRequestError } from '../errors/exchange-errors';
import { Rejected } from '../outcome/write-outcome';

export type Checked<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly rejection: Rejected };

/**
 * Runs the local checks of a write. A broken rule becomes a `rejected` outcome that
 * was never sent, so callers of write methods handle one result type only.
 */
export function checkBeforeSending<T>(check: () => T): Checked<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof InvalidRequestError)
      return { ok: false, rejection: { kind: 'rejected', error, sent: false } };
    throw error;
  }
}
