import { Field, InputType } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import {
  ACCOUNT_NAME,
  IDENTIFIER,
  MARKETS,
  ORDER_ORIGINS,
  ORDER_SIDES,
  ORDER_STATUSES,
  SYMBOL,
} from '../shared/filter-rules';
import { PeriodFilter } from '../shared/period.request';

/** Filters of `GET /v1/orders`, its export and GraphQL `orders(filter)`. */
@InputType('OrderFilter')
export class OrderFilterRequest extends PeriodFilter {
  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(ACCOUNT_NAME, {
    message: 'account must be an account name',
  })
  account?: string;

  @ApiPropertyOptional({ enum: MARKETS })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(MARKETS)
  market?: string;

  @ApiPropertyOptional({ example: 'BTCUSDT' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(SYMBOL, { message: 'symbol must be a venue symbol such as BTCUSDT or BTCUSDT-PERPETUAL' })
  symbol?: string;

  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(ORDER_STATUSES)
  status?: string;

  @ApiPropertyOptional({ enum: ORDER_SIDES })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(ORDER_SIDES)
  side?: string;

  @ApiPropertyOptional({ enum: ORDER_ORIGINS })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(ORDER_ORIGINS)
  origin?: string;

  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(IDENTIFIER, {
    message: 'clientOrderId must be 1-128 letters, digits, "_", ".", ":" or "-"',
  })
  clientOrderId?: string;

  @ApiPropertyOptional({ description: 'The venue order id' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(IDENTIFIER, { message: 'orderId must be a venue order id' })
  orderId?: string;
}

/** One order by its OMS id, optionally as the OMS knew it at `asOf`. */
export class OrderIdParam {
  @IsUUID('all', { message: 'id must be an OMS order id (a UUID)' })
  id!: string;
}
