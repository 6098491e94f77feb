import { DeskError } from './desk-error';

/** The one error body of every 4XX/5XX answer (desk-api.md, "Errors"). */
export interface DeskErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly field?: string;
    readonly rule?: string;
    readonly venueCode?: string;
    readonly venueMessage?: string;
  };
}

export function deskErrorBody(error: DeskError): DeskErrorBody {
  const { field, rule, venueCode, venueMessage } = error.details;
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(field !== undefined ? { field } : {}),
      ...(rule !== undefined ? { rule } : {}),
      ...(venueCode !== undefined ? { venueCode } : {}),
      ...(venueMessage !== undefined ? { venueMessage } : {}),
    },
  };
}
