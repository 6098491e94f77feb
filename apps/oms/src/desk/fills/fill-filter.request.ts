import { Field, InputType } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import { ACCOUNT_NAME, IDENTIFIER, MARKETS, SYMBOL } from '../shared/filter-rules';
import { PeriodFilter } from '../shared/period.request';

/** Filters of `GET /v1/fills`, its export and GraphQL `fills(filter)`. */
@InputType('FillFilter')
export class FillFilterRequest extends PeriodFilter {
  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(ACCOUNT_NAME, { message: 'account must be an account name' })
  account?: string;

  @ApiPropertyOptional({ enum: MARKETS })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(MARKETS)
  market?: string;

  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(SYMBOL, { message: 'symbol must be a venue symbol such as BTCUSDT or BTCUSDT-PERPETUAL' })
  symbol?: string;

  @ApiPropertyOptional({ description: 'The OMS order id' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'omsOrderId must be an OMS order id (a UUID)' })
  omsOrderId?: string;

  @ApiPropertyOptional({ description: 'The venue order id' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(IDENTIFIER, { message: 'orderId must be a venue order id' })
  orderId?: string;
}
