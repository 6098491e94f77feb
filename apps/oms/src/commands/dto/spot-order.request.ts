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
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ClientOrderIdField, DecimalField } from './decimal-field';

const SIDES = ['BUY', 'SELL'] as const;
const TYPES = ['LIMIT', 'MARKET', 'LIMIT_MAKER'] as const;
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export const STP_MODES = ['EXPIRE_TAKER', 'EXPIRE_MAKER'] as const;
const OPTIONAL = { nullable: true } as const;

/** One spot order of a batch (the account is the batch's). Also the GraphQL input. */
@InputType('SpotBatchOrderInput')
export class SpotBatchOrderRequest {
  @Field(() => String)
  @ApiProperty({ example: 'BTCUSDT' })
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

  @Field(() => String, OPTIONAL)
  @DecimalField('Base quantity (LIMIT, LIMIT_MAKER, MARKET by quantity)', { optional: true })
  quantity?: string;

  @Field(() => String, OPTIONAL)
  @DecimalField('Quote amount (MARKET BUY by amount)', { optional: true })
  amount?: string;

  @Field(() => String, OPTIONAL)
  @DecimalField('Limit price', { optional: true })
  price?: string;

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

/** POST /v1/spot/orders and the placeSpotOrder mutation. */
@InputType('SpotOrderInput')
export class SpotOrderRequest extends SpotBatchOrderRequest {
  @Field(() => String)
  @ApiProperty({ example: 'demo' })
  @IsString()
  @MinLength(1)
  account!: string;
}

/** POST /v1/spot/orders/batch: up to 20 orders of one symbol. */
export class SpotBatchRequest {
  @ApiProperty({ example: 'demo' })
  @IsString()
  @MinLength(1)
  account!: string;

  @ApiProperty({ type: [SpotBatchOrderRequest] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => SpotBatchOrderRequest)
  orders!: SpotBatchOrderRequest[];
}
