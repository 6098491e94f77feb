import { Command } from '@nestjs/cqrs';
import { DeskActor } from '../../access/desk-actor';
import { RenderedAnswer } from '../idempotency/idempotent-commands';
import { FuturesBatchOrderRequest, FuturesOrderRequest } from '../dto/futures-order.request';
import { SpotBatchOrderRequest, SpotOrderRequest } from '../dto/spot-order.request';
import {
  CancelAllRequest,
  CancelByIdsRequest,
  LeverageRequest,
  MarginTypeRequest,
  PositionMarginRequest,
  TradingStopRequest,
  TransferRequest,
} from '../dto/venue-settings.request';

/** Who sent a desk command, and the Idempotency-Key it carried. */
export interface DeskCommandContext {
  readonly actor: DeskActor;
  readonly correlationId: string;
  readonly idempotencyKey: string | undefined;
}

export class PlaceSpotOrderCommand extends Command<RenderedAnswer> {
  constructor(
    readonly context: DeskCommandContext,
    readonly request: SpotOrderRequest,
  ) {
    super();
  }
}

export class PlaceFuturesOrderCommand extends Command<RenderedAnswer> {
  constructor(
    readonly context: DeskCommandContext,
    readonly request: FuturesOrderRequest,
  ) {
    super();
  }
}

export class PlaceOrderBatchCommand extends Command<RenderedAnswer> {
  constructor(
    readonly context: DeskCommandContext,
    readonly market: 'spot' | 'futures',
    readonly account: string,
    readonly orders: ReadonlyArray<SpotBatchOrderRequest | FuturesBatchOrderRequest>,
  ) {
    super();
  }
}

export class CancelOrderCommand extends Command<RenderedAnswer> {
  constructor(
    readonly context: DeskCommandContext,
    readonly omsOrderId: string,
  ) {
    super();
  }
}

export class CancelAllOrdersCommand extends Command<RenderedAnswer> {
  constructor(
    readonly context: DeskCommandContext,
    readonly market: 'spot' | 'futures',
    readonly request: CancelAllRequest,
  ) {
    super();
  }
}

export class CancelOrdersByIdsCommand extends Command<RenderedAnswer> {
  constructor(
    readonly context: DeskCommandContext,
    readonly market: 'spot' | 'futures',
    readonly request: CancelByIdsRequest,
  ) {
    super();
  }
}

export type FuturesSetting =
  | { readonly kind: 'leverage'; readonly request: LeverageRequest }
  | { readonly kind: 'margin-type'; readonly request: MarginTypeRequest }
  | { readonly kind: 'position-margin'; readonly request: PositionMarginRequest }
  | { readonly kind: 'trading-stop'; readonly request: TradingStopRequest };

export class ChangeFuturesSettingCommand extends Command<RenderedAnswer> {
  constructor(
    readonly context: DeskCommandContext,
    readonly setting: FuturesSetting,
  ) {
    super();
  }
}

export class TransferAssetCommand extends Command<RenderedAnswer> {
  constructor(
    readonly context: DeskCommandContext,
    readonly request: TransferRequest,
  ) {
    super();
  }
}
