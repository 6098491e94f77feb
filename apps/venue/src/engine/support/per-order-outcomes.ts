import { isVenueEngineError } from '../engine-error';
import type { VenueEngineError } from '../engine-error';
import { compareIds } from './id-sequence';
import type { BatchEntryResult, CancelByIdsResult } from '../types/spot.types';

/** Batch placement: each order on its own, an engine error fails only its own entry. */
export function placeEach<TCommand, TOrder>(
  commands: readonly TCommand[],
  place: (command: TCommand) => TOrder,
): BatchEntryResult<TOrder>[] {
  return commands.map((command) => {
    try {
      return { ok: true, order: place(command) } as const;
    } catch (error: unknown) {
      if (!isVenueEngineError(error)) throw error;
      return { ok: false, code: error.code, msg: error.msg } as const;
    }
  });
}

/** Cancel by ids: each id on its own; a failure is reported with the code the market uses. */
export function cancelEach<TOrder>(
  orderIds: readonly string[],
  cancel: (orderId: string) => TOrder,
  failureCode: (error: VenueEngineError) => string | number,
): CancelByIdsResult<TOrder> {
  const canceled: TOrder[] = [];
  const failed: { orderId: string; code: string | number; msg: string }[] = [];
  for (const orderId of orderIds) {
    try {
      canceled.push(cancel(orderId));
    } catch (error: unknown) {
      if (!isVenueEngineError(error)) throw error;
      failed.push({ orderId, code: failureCode(error), msg: error.msg });
    }
  }
  return { canceled, failed };
}

/** The `lastOrderId` of a cancel-all answer: the newest cancelled id, "0" when none. */
export function newestOrderId(canceled: readonly { readonly orderId: string }[]): string {
  return (
    canceled
      .map((order) => order.orderId)
      .sort(compareIds)
      .pop() ?? '0'
  );
}
