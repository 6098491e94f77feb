import { Field, InputType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
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

/**
 * One order by its OMS id, optionally as the OMS knew it at `asOf`. Any text is taken:
 * an id that is not a UUID names no order, so it is a 404 rather than a refused request.
 */
export class OrderIdParam {
  @ApiProperty({ description: 'The OMS order id; one that is not a UUID names no order (404)' })
  @IsString()
  id!: string;
}
