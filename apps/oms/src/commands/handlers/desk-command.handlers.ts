import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountScope } from '../../access/account-scope';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { CancelAllService } from '../cancel/cancel-all.service';
import { CancelByIdsService } from '../cancel/cancel-by-ids.service';
import { OrderCancelService } from '../cancel/order-cancel.service';
import { IdempotentCommands, RenderedAnswer } from '../idempotency/idempotent-commands';
import { CommandReadModels } from '../orders/command-read-models';
import { OrderBatchService } from '../placement/order-batch.service';
import { CommandOrigin } from '../placement/order-commands';
import { FuturesOrderInput, SpotOrderInput } from '../placement/order-inputs';
import { OrderPlacementService } from '../placement/order-placement.service';
import { VenueSettingsService } from '../venue/venue-settings.service';
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

function scopeOf(context: DeskCommandContext, route: string, body: unknown) {
  return { tokenName: context.actor.tokenName, key: context.idempotencyKey, route, body };
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
    return this.idempotent.run(scopeOf(context, 'POST /v1/spot/orders', request), async () => {
      const order = await this.placement.placeSpot(request, originOf(context));
      return { statusCode: 201, body: order, kept: { kind: 'order', omsOrderId: order.id } };
    });
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
    return this.idempotent.run(scopeOf(context, 'POST /v1/futures/orders', request), async () => {
      const order = await this.placement.placeFutures(request, originOf(context));
      return { statusCode: 201, body: order, kept: { kind: 'order', omsOrderId: order.id } };
    });
  }
}

@CommandHandler(PlaceOrderBatchCommand)
export class PlaceOrderBatchHandler implements ICommandHandler<PlaceOrderBatchCommand> {
  constructor(
    private readonly scope: AccountScope,
    private readonly idempotent: IdempotentCommands,
    private readonly batches: OrderBatchService,
  ) {}

  execute(command: PlaceOrderBatchCommand): Promise<RenderedAnswer> {
    const { context, market, account, orders } = command;
    this.scope.require(context.actor, account);
    const route = `POST /v1/${market}/orders/batch`;
    return this.idempotent.run(scopeOf(context, route, { account, orders }), async () => {
      const answer =
        market === 'spot'
          ? await this.batches.placeSpot(account, orders as SpotOrderInput[], originOf(context))
          : await this.batches.placeFutures(account, orders as FuturesOrderInput[], originOf(context));
      const results = answer.results.map((result) =>
        'order' in result ? { omsOrderId: result.order.id } : result,
      );
      return { statusCode: 201, body: answer, kept: { kind: 'batch', results } };
    });
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
    return this.idempotent.run(scopeOf(context, `DELETE /v1/orders/${omsOrderId}`, null), async () => {
      const cancelled = await this.cancels.cancel(order, originOf(context));
      return { statusCode: 202, body: cancelled, kept: { kind: 'order', omsOrderId } };
    });
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
      scopeOf(context, `POST /v1/${market}/orders/cancel-all`, request),
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
    return this.idempotent.run(scopeOf(context, route, request), async () => {
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
    return this.idempotent.run(scopeOf(context, `POST /v1/futures/${setting.kind}`, setting.request), () => {
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
    });
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
    return this.idempotent.run(scopeOf(context, 'POST /v1/transfers', request), () =>
      this.settings.transfer(request),
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
