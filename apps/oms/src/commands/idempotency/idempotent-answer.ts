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
  | { readonly kind: 'body'; readonly body: unknown };

export interface CommandAnswer<Body = unknown> {
  readonly statusCode: number;
  readonly body: Body;
  readonly kept: IdempotentAnswer;
}
