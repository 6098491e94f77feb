import { DeskErrorCode, DeskErrorDetails } from '../../errors/desk-error';

/**
 * What a completed command answered, as kept under its idempotency key: order answers
 * keep only ids (a repeat shows the orders' current state), other answers their body.
 */
export type IdempotentAnswer =
  | { readonly kind: 'order'; readonly omsOrderId: string }
  | {
      readonly kind: 'batch';
      readonly results: ReadonlyArray<
        | { readonly omsOrderId: string }
        | { readonly error: { readonly code: string; readonly message: string } }
      >;
    }
  | { readonly kind: 'body'; readonly body: unknown }
  /** A refusal that holds for the same request (validation, pre-trade, venue rejection). */
  | {
      readonly kind: 'error';
      readonly code: DeskErrorCode;
      readonly message: string;
      readonly details: DeskErrorDetails;
    };

export interface CommandAnswer<Body = unknown> {
  readonly statusCode: number;
  readonly body: Body;
  readonly kept: IdempotentAnswer;
}
