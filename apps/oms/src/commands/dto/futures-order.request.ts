import { Field, InputType } from '@nestjs/graphql';
import { ApiProperty, OmitType } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { ClientOrderIdField, DecimalField } from './decimal-field';
import {
  AccountField,
  BatchOrdersField,
  OneOfField,
  OptionalOneOfField,
  STP_MODES,
  SymbolField,
} from './order-fields';

const SIDES = ['BUY_OPEN', 'SELL_CLOSE', 'SELL_OPEN', 'BUY_CLOSE'] as const;
const TYPES = ['LIMIT', 'STOP'] as const;
const PRICE_TYPES = ['INPUT', 'MARKET'] as const;
const TIME_IN_FORCE = ['GTC', 'FOK', 'IOC', 'LIMIT_MAKER'] as const;
const OPTIONAL = { nullable: true } as const;

/** One futures order of a batch (LIMIT only there; the account is the batch's). Also the GraphQL input. */
@InputType('FuturesBatchOrderInput')
export class FuturesBatchOrderRequest {
  @SymbolField('BTCUSDT-PERPETUAL')
  symbol!: string;

  @OneOfField(SIDES)
  side!: (typeof SIDES)[number];

  @OneOfField(TYPES)
  type!: (typeof TYPES)[number];

  @Field(() => String)
  @ApiProperty({ description: 'Whole contracts', example: '10' })
  @IsString()
  @Matches(/^[1-9]\d*$/, { message: '$property must be a whole number of contracts, as a string' })
  quantity!: string;

  @Field(() => String, OPTIONAL)
  @DecimalField('Limit price (omitted for priceType MARKET)', { optional: true })
  price?: string;

  @OptionalOneOfField(PRICE_TYPES, {
    default: 'INPUT',
    description: 'INPUT (at price) or MARKET (no price); INPUT when absent',
  })
  priceType?: (typeof PRICE_TYPES)[number];

  @Field(() => String, OPTIONAL)
  @DecimalField('Trigger price of a STOP order', { optional: true })
  stopPrice?: string;

  @OptionalOneOfField(TIME_IN_FORCE)
  timeInForce?: (typeof TIME_IN_FORCE)[number];

  @OptionalOneOfField(STP_MODES)
  stpMode?: (typeof STP_MODES)[number];

  @Field(() => String, OPTIONAL)
  @ClientOrderIdField()
  clientOrderId?: string;
}

/** POST /v1/futures/orders and the placeFuturesOrder mutation. */
@InputType('FuturesOrderInput')
export class FuturesOrderRequest extends FuturesBatchOrderRequest {
  @AccountField({ graphql: true })
  account!: string;
}

/** One order of a futures batch: LIMIT only, as the venue's batch endpoint takes. */
export class FuturesBatchItemRequest extends OmitType(FuturesBatchOrderRequest, ['type'] as const) {
  @ApiProperty({ enum: ['LIMIT'], description: 'A batch takes LIMIT orders only' })
  @IsIn(['LIMIT'], { message: 'a futures batch holds LIMIT orders only' })
  type!: 'LIMIT';
}

/** POST /v1/futures/orders/batch: up to 20 LIMIT orders of one symbol. */
export class FuturesBatchRequest {
  @AccountField({ graphql: false })
  account!: string;

  @BatchOrdersField(FuturesBatchItemRequest)
  orders!: FuturesBatchItemRequest[];
}
