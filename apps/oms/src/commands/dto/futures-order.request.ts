import { Field, InputType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ClientOrderIdField, DecimalField } from './decimal-field';
import { STP_MODES } from './spot-order.request';

const SIDES = ['BUY_OPEN', 'SELL_CLOSE', 'SELL_OPEN', 'BUY_CLOSE'] as const;
const TYPES = ['LIMIT', 'STOP'] as const;
const PRICE_TYPES = ['INPUT', 'MARKET'] as const;
const TIME_IN_FORCE = ['GTC', 'FOK', 'IOC', 'LIMIT_MAKER'] as const;
const OPTIONAL = { nullable: true } as const;

/** One futures order of a batch (LIMIT only there; the account is the batch's). Also the GraphQL input. */
@InputType('FuturesBatchOrderInput')
export class FuturesBatchOrderRequest {
  @Field(() => String)
  @ApiProperty({ example: 'BTCUSDT-PERPETUAL' })
  @IsString()
  @MinLength(1)
  symbol!: string;

  @Field(() => String)
  @ApiProperty({ enum: SIDES })
  @IsIn(SIDES)
  side!: (typeof SIDES)[number];

  @Field(() => String)
  @ApiProperty({ enum: TYPES })
  @IsIn(TYPES)
  type!: (typeof TYPES)[number];

  @Field(() => String)
  @ApiProperty({ description: 'Whole contracts', example: '10' })
  @IsString()
  @Matches(/^[1-9]\d*$/, { message: '$property must be a whole number of contracts, as a string' })
  quantity!: string;

  @Field(() => String, OPTIONAL)
  @DecimalField('Limit price (omitted for priceType MARKET)', { optional: true })
  price?: string;

  @Field(() => String, OPTIONAL)
  @ApiPropertyOptional({ enum: PRICE_TYPES })
  @IsOptional()
  @IsIn(PRICE_TYPES)
  priceType?: (typeof PRICE_TYPES)[number];

  @Field(() => String, OPTIONAL)
  @DecimalField('Trigger price of a STOP order', { optional: true })
  stopPrice?: string;

  @Field(() => String, OPTIONAL)
  @ApiPropertyOptional({ enum: TIME_IN_FORCE })
  @IsOptional()
  @IsIn(TIME_IN_FORCE)
  timeInForce?: (typeof TIME_IN_FORCE)[number];

  @Field(() => String, OPTIONAL)
  @ApiPropertyOptional({ enum: STP_MODES })
  @IsOptional()
  @IsIn(STP_MODES)
  stpMode?: (typeof STP_MODES)[number];

  @Field(() => String, OPTIONAL)
  @ClientOrderIdField()
  clientOrderId?: string;
}

/** POST /v1/futures/orders and the placeFuturesOrder mutation. */
@InputType('FuturesOrderInput')
export class FuturesOrderRequest extends FuturesBatchOrderRequest {
  @Field(() => String)
  @ApiProperty({ example: 'demo' })
  @IsString()
  @MinLength(1)
  account!: string;
}

/** POST /v1/futures/orders/batch: up to 20 LIMIT orders of one symbol. */
export class FuturesBatchRequest {
  @ApiProperty({ example: 'demo' })
  @IsString()
  @MinLength(1)
  account!: string;

  @ApiProperty({ type: [FuturesBatchOrderRequest] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => FuturesBatchOrderRequest)
  orders!: FuturesBatchOrderRequest[];
}
