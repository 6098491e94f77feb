import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { DESK_ERROR_SCHEMA_REF } from '../../desk/docs/desk-openapi';
import { OrderResponse } from '../../desk/orders/order.response';
import type { DeskErrorBody } from '../../errors/desk-error-body';

/** One entry of a batch or cancel-by-ids answer that the OMS took: the order as it now stands. */
export class OrderResultResponse {
  @ApiProperty({ type: OrderResponse }) order!: OrderResponse;
}

/**
 * A batch placement or a cancel by ids: each order's own outcome, in request order.
 * Controllers answering it register OrderResultResponse with @ApiExtraModels.
 */
export class OrderResultsResponse {
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(OrderResultResponse) }, { $ref: DESK_ERROR_SCHEMA_REF }] },
    description: '{order} when the OMS took the order, {error} (as any refusal) when it did not',
  })
  results!: Array<OrderResultResponse | DeskErrorBody>;
}

export class CancelAllResponse {
  @ApiProperty({
    description:
      'Open orders the cancel covers (also those placed elsewhere), each settled by its own report',
  })
  requested!: number;
}

/** A futures setting as the venue took it (ACCEPTED), or UNCERTAIN when its answer is unknown. */
export class VenueSettingResponse {
  @ApiProperty({ example: 'demo' }) account!: string;
  @ApiProperty({ enum: ['ACCEPTED', 'UNCERTAIN'] }) state!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "ACCEPTED: the venue's answer as it gave it",
  })
  venue?: object;
  @ApiPropertyOptional({ description: 'UNCERTAIN: why the answer is unknown' }) reason?: string;
  @ApiPropertyOptional({ description: 'UNCERTAIN: what happened, at most 200 characters' }) detail?: string;
}

/** An internal transfer; its client order id looks it up at the venue when UNCERTAIN. */
export class TransferResponse extends VenueSettingResponse {
  @ApiProperty() clientOrderId!: string;
}
