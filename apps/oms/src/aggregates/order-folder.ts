import {
  AnyOrderCoreState,
  DomainError,
  DomainErrorCode,
  FuturesOrderState,
  FuturesPositionState,
  hasOpenBreak,
} from '@oms/domain';
import { aggregateKindOf } from './aggregate-deciders';
import { DecidedEvent, EventOrigin } from './decided-event';
import { FoldContext } from './fold-context';
import { OrderMarket } from './order-links.store';
import { orderSideFirstKnown, POSITION_PNL_TOLERANCE, positionCommandsOf } from './position-effects';
import { settledFillsOf, withRecordedOrderFill } from './recorded-order-fills';
import { withRecordedPositionReport } from './recorded-position-reports';

/** A futures fill's contract multiplier is not known yet: the transaction is rolled back and retried. */
export class ContractMultiplierMissingError extends Error {
  constructor(reason: string) {
    super(`${reason}; the batch is folded again once exchange info names it`);
    this.name = 'ContractMultiplierMissingError';
  }
}

export function orderMarketOf(streamId: string): OrderMarket {
  const kind = aggregateKindOf(streamId);
  if (kind === 'spot-order') return 'spot';
  if (kind === 'futures-order') return 'futures';
  if (kind === 'futures-stop-order') return 'futures-stop';
  throw new Error(`stream ${streamId} is not an order stream`);
}

/**
 * Decides one command on an order aggregate and what follows from it in the same
 * transaction: a fill report older than the fills the order keeps carries the order's
 * recorded report of it, the venue orderId is linked to the stream the first time it is
 * known (releasing fills parked for it), and a futures order's new fills reach its position.
 */
export class OrderFolder {
  async apply(
    context: FoldContext,
    streamId: string,
    command: unknown,
    origin: EventOrigin,
  ): Promise<DecidedEvent[] | DomainError> {
    const before = (await context.uow.stateOf(streamId)) as AnyOrderCoreState;
    const decided = await context.uow.decide(
      streamId,
      await withRecordedOrderFill(context.uow, streamId, command),
      origin,
    );
    if (decided instanceof DomainError) return decided;
    const after = (await context.uow.stateOf(streamId)) as AnyOrderCoreState;
    const accountId = after.accountId ?? before.accountId;
    if (after.orderId !== null && accountId !== null && before.orderId !== after.orderId) {
      const released = await context.links.link({
        accountId,
        market: orderMarketOf(streamId),
        orderId: after.orderId,
        streamId,
      });
      context.released.push(...released);
    }
    if (decided.length > 0 && aggregateKindOf(streamId) === 'futures-order') {
      const futuresBefore = before as FuturesOrderState;
      const futuresAfter = after as FuturesOrderState;
      const positionCommands = positionCommandsOf(
        futuresBefore,
        futuresAfter,
        decided,
        origin.occurredAt,
        orderSideFirstKnown(futuresBefore, futuresAfter)
          ? await settledFillsOf(context.uow, streamId, futuresAfter)
          : [],
      );
      for (const { streamId: positionStream, command: positionCommand } of positionCommands) {
        const result = await context.uow.decide(
          positionStream,
          await withRecordedPositionReport(context.uow, positionStream, positionCommand),
          origin,
        );
        if (result instanceof DomainError) {
          // Without the multiplier the fill cannot reach its position: fold the batch again
          // later (exchange info reloads) rather than leave the position short of a fill.
          if (result.code === DomainErrorCode.UnknownContractMultiplier) {
            throw new ContractMultiplierMissingError(result.message);
          }
          context.refusals.push({
            inputId: origin.inputId,
            streamId: positionStream,
            reason: result.message,
          });
        }
      }
      // A break the venue's last snapshot opened may be gone with these fills (the missing
      // one has arrived): checked now rather than at the venue's next snapshot.
      for (const positionStream of new Set(positionCommands.map((command) => command.streamId))) {
        if (!hasOpenBreak((await context.uow.stateOf(positionStream)) as FuturesPositionState)) continue;
        await context.uow.decide(
          positionStream,
          { type: 'ReconcilePosition', realizedPnlTolerance: POSITION_PNL_TOLERANCE, now: origin.occurredAt },
          origin,
        );
      }
    }
    return decided;
  }
}
