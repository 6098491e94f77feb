import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { OrderResponse } from '../../desk/orders/order.response';
import { FuturesOrderRequest } from '../dto/futures-order.request';
import { SpotOrderRequest } from '../dto/spot-order.request';
import {
  CancelOrderCommand,
  PlaceFuturesOrderCommand,
  PlaceSpotOrderCommand,
} from '../handlers/desk-commands';
import { commandContext } from '../http/command-context';
import { ServedWithoutWaitingForRecordedAnswers } from '../../orders/after-recorded-answers.interceptor';

/** The Idempotency-Key of the REST routes (the header's OpenAPI description says what a repeat gets). */
const IDEMPOTENCY_KEY_ARG = {
  nullable: true,
  type: () => String,
  description:
    "As the REST routes' Idempotency-Key header: a repeat (same token) answers the same order and sends nothing",
};

/** The GraphQL mutations of the command side: the same commands as REST, same rules. */
@Resolver(() => OrderResponse)
@RequireRole('trader')
export class OrderMutationsResolver {
  constructor(private readonly commandBus: CommandBus) {}

  @Mutation(() => OrderResponse, { description: 'As POST /v1/spot/orders' })
  @ServedWithoutWaitingForRecordedAnswers()
  async placeSpotOrder(
    @CurrentActor() actor: DeskActor,
    @Args('input') input: SpotOrderRequest,
    @Args('idempotencyKey', IDEMPOTENCY_KEY_ARG) key?: string,
  ): Promise<OrderResponse> {
    const answer = await this.commandBus.execute(
      new PlaceSpotOrderCommand(commandContext(actor, key), input),
    );
    return answer.body as OrderResponse;
  }

  @Mutation(() => OrderResponse, { description: 'As POST /v1/futures/orders' })
  @ServedWithoutWaitingForRecordedAnswers()
  async placeFuturesOrder(
    @CurrentActor() actor: DeskActor,
    @Args('input') input: FuturesOrderRequest,
    @Args('idempotencyKey', IDEMPOTENCY_KEY_ARG) key?: string,
  ): Promise<OrderResponse> {
    const answer = await this.commandBus.execute(
      new PlaceFuturesOrderCommand(commandContext(actor, key), input),
    );
    return answer.body as OrderResponse;
  }

  @Mutation(() => OrderResponse, { description: 'As DELETE /v1/orders/{id}' })
  async cancelOrder(
    @CurrentActor() actor: DeskActor,
    @Args('id') id: string,
    @Args('idempotencyKey', IDEMPOTENCY_KEY_ARG) key?: string,
  ): Promise<OrderResponse> {
    const answer = await this.commandBus.execute(new CancelOrderCommand(commandContext(actor, key), id));
    return answer.body as OrderResponse;
  }
}
