import { Field, InputType } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches } from 'class-validator';
import {
  AccountFilterField,
  OneOfFilterField,
  SymbolFilterField,
  VenueOrderIdFilterField,
} from '../shared/filter-fields';
import { IDENTIFIER, MARKETS, ORDER_ORIGINS, ORDER_SIDES, ORDER_STATUSES } from '../shared/filter-rules';
import { PeriodFilter } from '../shared/period.request';

/** Filters of `GET /v1/orders`, its export and GraphQL `orders(filter)`. */
@InputType('OrderFilter')
export class OrderFilterRequest extends PeriodFilter {
  @AccountFilterField()
  account?: string;

  @OneOfFilterField(MARKETS)
  market?: string;

  @SymbolFilterField({ example: 'BTCUSDT' })
  symbol?: string;

  @OneOfFilterField(ORDER_STATUSES)
  status?: string;

  @OneOfFilterField(ORDER_SIDES)
  side?: string;

  @OneOfFilterField(ORDER_ORIGINS)
  origin?: string;

  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(IDENTIFIER, {
    message: 'clientOrderId must be 1-128 letters, digits, "_", ".", ":" or "-"',
  })
  clientOrderId?: string;

  @VenueOrderIdFilterField()
  orderId?: string;
}

/** One order by its OMS id, optionally as the OMS knew it at `asOf`. */
export class OrderIdParam {
  @IsUUID('all', { message: 'id must be an OMS order id (a UUID)' })
  id!: string;
}
