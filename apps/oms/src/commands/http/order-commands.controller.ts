import { Body, Controller, Delete, Headers, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiHeader,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import type { DeskActor } from '../../access/desk-actor';
import { OrderResponse } from '../../desk/orders/order.response';
import { CancelAllResponse, OrderResultResponse, OrderResultsResponse } from '../dto/command.responses';
import { FuturesBatchRequest, FuturesOrderRequest } from '../dto/futures-order.request';
import { SpotBatchRequest, SpotOrderRequest } from '../dto/spot-order.request';
import { CancelAllRequest, CancelByIdsRequest } from '../dto/venue-settings.request';
import {
  CancelAllOrdersCommand,
  CancelOrdersByIdsCommand,
  CancelOrderCommand,
  PlaceFuturesOrderCommand,
  PlaceOrderBatchCommand,
  PlaceSpotOrderCommand,
} from '../handlers/desk-commands';
import { RenderedAnswer } from '../idempotency/idempotent-commands';
import { commandContext } from './command-context';
import { IDEMPOTENCY_HEADER } from './idempotency-header';
import { ServedWithoutWaitingForRecordedAnswers } from '../../orders/after-recorded-answers.interceptor';

function send(response: Response, answer: RenderedAnswer): unknown {
  response.status(answer.statusCode);
  return answer.body;
}

/** Desk order commands: place (one or a batch), cancel one, cancel all. */
@ApiTags('orders')
@ApiBearerAuth()
@ApiHeader(IDEMPOTENCY_HEADER)
@ApiExtraModels(OrderResultResponse)
@Controller('v1')
@RequireRole('trader')
export class OrderCommandsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('spot/orders')
  @ServedWithoutWaitingForRecordedAnswers()
  @ApiOperation({ summary: 'Place a spot order (201; status UNCERTAIN when the venue answer is unknown)' })
  @ApiCreatedResponse({ type: OrderResponse })
  async placeSpot(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: SpotOrderRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    return send(
      response,
      await this.commandBus.execute(new PlaceSpotOrderCommand(commandContext(actor, key), body)),
    );
  }

  @Post('futures/orders')
  @ServedWithoutWaitingForRecordedAnswers()
  @ApiOperation({ summary: 'Place a futures LIMIT or STOP order (quantity in contracts)' })
  @ApiCreatedResponse({ type: OrderResponse })
  async placeFutures(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: FuturesOrderRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    return send(
      response,
      await this.commandBus.execute(new PlaceFuturesOrderCommand(commandContext(actor, key), body)),
    );
  }

  @Post('spot/orders/batch')
  @ServedWithoutWaitingForRecordedAnswers()
  @ApiOperation({ summary: 'Place up to 20 spot orders of one symbol; {results: [{order} | {error}]}' })
  @ApiCreatedResponse({ type: OrderResultsResponse })
  async placeSpotBatch(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: SpotBatchRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const command = new PlaceOrderBatchCommand(commandContext(actor, key), 'spot', body.account, body.orders);
    return send(response, await this.commandBus.execute(command));
  }

  @Post('futures/orders/batch')
  @ServedWithoutWaitingForRecordedAnswers()
  @ApiOperation({ summary: 'Place up to 20 futures LIMIT orders of one symbol' })
  @ApiCreatedResponse({ type: OrderResultsResponse })
  async placeFuturesBatch(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: FuturesBatchRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const command = new PlaceOrderBatchCommand(
      commandContext(actor, key),
      'futures',
      body.account,
      body.orders,
    );
    return send(response, await this.commandBus.execute(command));
  }

  @Delete('orders/:id')
  @ApiOperation({
    summary: 'Request a cancel (202; cancel.state REQUESTED or UNCERTAIN; 409 ORDER_NOT_OPEN)',
  })
  @ApiParam({ name: 'id', description: 'The OMS order id; one that is not a UUID names no order (404)' })
  @ApiAcceptedResponse({ type: OrderResponse })
  async cancel(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Param('id') id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    return send(
      response,
      await this.commandBus.execute(new CancelOrderCommand(commandContext(actor, key), id)),
    );
  }

  @Post('spot/orders/cancel-all')
  @ApiOperation({ summary: 'Cancel every open spot order (optionally one symbol and side); 202 {requested}' })
  @ApiAcceptedResponse({ type: CancelAllResponse })
  async cancelAllSpot(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: CancelAllRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const command = new CancelAllOrdersCommand(commandContext(actor, key), 'spot', body);
    return send(response, await this.commandBus.execute(command));
  }

  @Post('futures/orders/cancel-all')
  @ApiOperation({
    summary: 'Cancel every open futures order (optionally one symbol and side); 202 {requested}',
  })
  @ApiAcceptedResponse({ type: CancelAllResponse })
  async cancelAllFutures(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: CancelAllRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const command = new CancelAllOrdersCommand(commandContext(actor, key), 'futures', body);
    return send(response, await this.commandBus.execute(command));
  }

  @Post('spot/orders/cancel-by-ids')
  @ApiOperation({ summary: 'Cancel up to 100 spot orders by OMS id in one venue call; 202 {results}' })
  @ApiAcceptedResponse({ type: OrderResultsResponse })
  async cancelSpotByIds(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: CancelByIdsRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const command = new CancelOrdersByIdsCommand(commandContext(actor, key), 'spot', body);
    return send(response, await this.commandBus.execute(command));
  }

  @Post('futures/orders/cancel-by-ids')
  @ApiOperation({ summary: 'Cancel up to 100 futures orders by OMS id in one venue call; 202 {results}' })
  @ApiAcceptedResponse({ type: OrderResultsResponse })
  async cancelFuturesByIds(
    @CurrentActor() actor: DeskActor,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: CancelByIdsRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    const command = new CancelOrdersByIdsCommand(commandContext(actor, key), 'futures', body);
    return send(response, await this.commandBus.execute(command));
  }
}
