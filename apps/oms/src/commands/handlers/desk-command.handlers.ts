import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountScope } from '../../access/account-scope';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { CancelAllService } from '../cancel/cancel-all.service';
import { CancelByIdsService } from '../cancel/cancel-by-ids.service';
import { OrderCancelService } from '../cancel/order-cancel.service';
import { deskErrorBody } from '../../errors/desk-error-body';
import { OrderResponse } from '../../desk/orders/order.response';
import { CommandAttempt } from '../idempotency/command-attempt';
import { CommandAnswer } from '../idempotency/idempotent-answer';
import { IdempotentCommands, RenderedAnswer, WhenAbandoned } from '../idempotency/idempotent-commands';
import { BatchAnswer, BatchItemResult } from '../placement/order-batch.service';
import { CommandReadModels } from '../orders/command-read-models';
import { OrderBatchService } from '../placement/order-batch.service';
import { CommandOrigin } from '../placement/order-commands';
import { FuturesOrderInput, SpotOrderInput } from '../placement/order-inputs';
import { OrderPlacementService } from '../placement/order-placement.service';
import { transferClientOrderId, VenueSettingsService } from '../venue/venue-settings.service';
import {
  CancelAllOrdersCommand,
  CancelOrdersByIdsCommand,
  CancelOrderCommand,
  ChangeFuturesSettingCommand,
  DeskCommandContext,
  PlaceFuturesOrderCommand,
  PlaceOrderBatchCommand,
  PlaceSpotOrderCommand,
  TransferAssetCommand,
} from './desk-commands';

function originOf(context: DeskCommandContext): CommandOrigin {
  return { actor: context.actor.tokenName, correlationId: context.correlationId };
}

function scopeOf(context: DeskCommandContext, route: string, body: unknown, whenAbandoned: WhenAbandoned) {
  return { tokenName: context.actor.tokenName, key: context.idempotencyKey, route, body, whenAbandoned };
}

/** Cancels and settings ask the venue again: the same request is safe to repeat. */
const RUN_AGAIN: WhenAbandoned = { kind: 'run-again' };

/** An order input with the attempt's client id token, unless the desk chose its own id. */
function withClientOrderToken<Input extends { readonly clientOrderId?: string }>(
  input: Input,
  attempt: CommandAttempt,
  index: number,
): Input {
  return { ...input, clientOrderId: input.clientOrderId ?? attempt.clientOrderToken(index) };
}

function placedAnswer(order: OrderResponse): CommandAnswer {
  return { statusCode: 201, body: order, kept: { kind: 'order', omsOrderId: order.id } };
}

function batchAnswer(answer: BatchAnswer): CommandAnswer {
  const results = answer.results.map((result) =>
    'order' in result ? { omsOrderId: result.order.id } : result,
  );
  return { statusCode: 201, body: answer, kept: { kind: 'batch', results } };
}

/**
 * One order placed under the request's Idempotency-Key (if any), with the attempt's client
 * id: a repeat that takes over an abandoned key answers the order that id recorded.
 */
function placeOne<Input extends SpotOrderInput | FuturesOrderInput>(
  idempotent: IdempotentCommands,
  placement: OrderPlacementService,
  context: DeskCommandContext,
  market: 'spot' | 'futures',
  request: Input,
  place: (input: Input, origin: CommandOrigin) => Promise<OrderResponse>,
): Promise<RenderedAnswer> {
  const recorded = async (attempt: CommandAttempt) => {
    const order = await placement.recordedOrder(withClientOrderToken(request, attempt, 0), market);
    return order === null ? null : placedAnswer(order);
  };
  const scope = scopeOf(context, `POST /v1/${market}/orders`, request, { kind: 'answer-recorded', recorded });
  return idempotent.run(scope, async (attempt) =>
    placedAnswer(await place(withClientOrderToken(request, attempt, 0), originOf(context))),
  );
}

@CommandHandler(PlaceSpotOrderCommand)
export class PlaceSpotOrderHandler implements ICommandHandler<PlaceSpotOrderCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly placement: OrderPlacementService,
  ) {}

  execute({ context, request }: PlaceSpotOrderCommand): Promise<RenderedAnswer> {
    this.scope.require(context.actor, request.account);
    return placeOne(this.idempotent, this.placement, context, 'spot', request, (input, origin) =>
      this.placement.placeSpot(input, origin),
    );
  }
}

@CommandHandler(PlaceFuturesOrderCommand)
export class PlaceFuturesOrderHandler implements ICommandHandler<PlaceFuturesOrderCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly placement: OrderPlacementService,
  ) {}

  execute({ context, request }: PlaceFuturesOrderCommand): Promise<RenderedAnswer> {
    this.scope.require(context.actor, request.account);
    return placeOne(this.idempotent, this.placement, context, 'futures', request, (input, origin) =>
      this.placement.placeFutures(input, origin),
    );
  }
}

@CommandHandler(PlaceOrderBatchCommand)
export class PlaceOrderBatchHandler implements ICommandHandler<PlaceOrderBatchCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly batches: OrderBatchService,
    private readonly placement: OrderPlacementService,
  ) {}

  execute(command: PlaceOrderBatchCommand): Promise<RenderedAnswer> {
    const { context, market, account, orders } = command;
    this.scope.require(context.actor, account);
    const route = `POST /v1/${market}/orders/batch`;
    const keyed = (attempt: CommandAttempt) =>
      orders.map((order, index) => withClientOrderToken(order, attempt, index));
    const recorded = (attempt: CommandAttempt) => this.recordedBatch(market, account, keyed(attempt));
    const scope = scopeOf(context, route, { account, orders }, { kind: 'answer-recorded', recorded });
    return this.idempotent.run(scope, async (attempt) =>
      batchAnswer(
        market === 'spot'
          ? await this.batches.placeSpot(account, keyed(attempt) as SpotOrderInput[], originOf(context))
          : await this.batches.placeFutures(
              account,
              keyed(attempt) as FuturesOrderInput[],
              originOf(context),
            ),
      ),
    );
  }

  /**
   * The orders an abandoned attempt recorded, each in its place; null when it recorded
   * none (the batch runs again). An order it did not record was refused, or never sent:
   * the venue gets a batch only once all its intents are recorded.
   */
  private async recordedBatch(
    market: 'spot' | 'futures',
    account: string,
    orders: ReadonlyArray<Omit<SpotOrderInput, 'account'> | Omit<FuturesOrderInput, 'account'>>,
  ): Promise<CommandAnswer | null> {
    const results: BatchItemResult[] = [];
    let found = 0;
    for (const [index, order] of orders.entries()) {
      const input = { ...order, account } as SpotOrderInput | FuturesOrderInput;
      const recorded = await this.placement.recordedOrder(input, market);
      if (recorded !== null) found += 1;
      results.push(
        recorded !== null
          ? { order: recorded }
          : deskErrorBody(
              new DeskError(
                DeskErrorCode.CONFLICT,
                'the request that first used this Idempotency-Key stopped without recording this order; nothing was sent for it',
                { field: `orders[${index}]` },
              ),
            ),
      );
    }
    return found === 0 ? null : batchAnswer({ results });
  }
}

@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly readModels: CommandReadModels,
    private readonly cancels: OrderCancelService,
  ) {}

  async execute({ context, omsOrderId }: CancelOrderCommand): Promise<RenderedAnswer> {
    const order = await this.readModels.order(omsOrderId);
    if (order === null) {
      throw new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `no order has id ${omsOrderId}`, { field: 'id' });
    }
    this.scope.require(context.actor, order.account);
    return this.idempotent.run(
      scopeOf(context, `DELETE /v1/orders/${omsOrderId}`, null, RUN_AGAIN),
      async () => {
        const cancelled = await this.cancels.cancel(order, originOf(context));
        return { statusCode: 202, body: cancelled, kept: { kind: 'order', omsOrderId } };
      },
    );
  }
}

@CommandHandler(CancelAllOrdersCommand)
export class CancelAllOrdersHandler implements ICommandHandler<CancelAllOrdersCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly cancelAll: CancelAllService,
  ) {}

  execute({ context, market, request }: CancelAllOrdersCommand): Promise<RenderedAnswer> {
    this.scope.require(context.actor, request.account);
    return this.idempotent.run(
      scopeOf(context, `POST /v1/${market}/orders/cancel-all`, request, RUN_AGAIN),
      async () => {
        const body = await this.cancelAll.cancelAll(market, request, originOf(context));
        return { statusCode: 202, body, kept: { kind: 'body', body } };
      },
    );
  }
}

@CommandHandler(CancelOrdersByIdsCommand)
export class CancelOrdersByIdsHandler implements ICommandHandler<CancelOrdersByIdsCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly cancels: CancelByIdsService,
  ) {}

  execute({ context, market, request }: CancelOrdersByIdsCommand): Promise<RenderedAnswer> {
    this.scope.require(context.actor, request.account);
    const route = `POST /v1/${market}/orders/cancel-by-ids`;
    return this.idempotent.run(scopeOf(context, route, request, RUN_AGAIN), async () => {
      const body = await this.cancels.cancel(market, request.account, request.ids, originOf(context));
      return { statusCode: 202, body, kept: { kind: 'body', body } };
    });
  }
}

@CommandHandler(ChangeFuturesSettingCommand)
export class ChangeFuturesSettingHandler implements ICommandHandler<ChangeFuturesSettingCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly settings: VenueSettingsService,
  ) {}

  execute({ context, setting }: ChangeFuturesSettingCommand): Promise<RenderedAnswer> {
    this.scope.require(context.actor, setting.request.account);
    return this.idempotent.run(
      scopeOf(context, `POST /v1/futures/${setting.kind}`, setting.request, RUN_AGAIN),
      () => {
        switch (setting.kind) {
          case 'leverage':
            return this.settings.setLeverage(setting.request);
          case 'margin-type':
            return this.settings.setMarginType(setting.request);
          case 'position-margin':
            return this.settings.adjustPositionMargin(setting.request);
          case 'trading-stop':
            return this.settings.setTradingStop(setting.request);
        }
      },
    );
  }
}

@CommandHandler(TransferAssetCommand)
export class TransferAssetHandler implements ICommandHandler<TransferAssetCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly settings: VenueSettingsService,
  ) {}

  execute({ context, request }: TransferAssetCommand): Promise<RenderedAnswer> {
    this.scope.require(context.actor, request.account);
    // The venue cannot be asked whether a transfer was made: an abandoned one is never sent again.
    const refusal = (attempt: CommandAttempt) =>
      new DeskError(
        DeskErrorCode.CONFLICT,
        `the request that first used this Idempotency-Key stopped without an answer; its transfer ` +
          `(clientOrderId ${transferClientOrderId(request, attempt.clientOrderToken(0))}) may have been made and is not sent again`,
        { field: 'Idempotency-Key' },
      );
    const scope = scopeOf(context, 'POST /v1/transfers', request, { kind: 'refuse', refusal });
    return this.idempotent.run(scope, (attempt) =>
      this.settings.transfer(request, attempt.clientOrderToken(0)),
    );
  }
}

export const DESK_COMMAND_HANDLERS = [
  PlaceSpotOrderHandler,
  PlaceFuturesOrderHandler,
  PlaceOrderBatchHandler,
  CancelOrderHandler,
  CancelAllOrdersHandler,
  CancelOrdersByIdsHandler,
  ChangeFuturesSettingHandler,
  TransferAssetHandler,
];
