import { Field, InputType } from '@nestjs/graphql';
import { ClientOrderIdField, DecimalField } from './decimal-field';
import {
  AccountField,
  BatchOrdersField,
  OneOfField,
  OptionalOneOfField,
  STP_MODES,
  SymbolField,
} from './order-fields';

const SIDES = ['BUY', 'SELL'] as const;
const TYPES = ['LIMIT', 'MARKET', 'LIMIT_MAKER'] as const;
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
const OPTIONAL = { nullable: true } as const;

/** One spot order of a batch (the account is the batch's). Also the GraphQL input. */
@InputType('SpotBatchOrderInput')
export class SpotBatchOrderRequest {
  @SymbolField('BTCUSDT')
  symbol!: string;

  @OneOfField(SIDES)
  side!: (typeof SIDES)[number];

  @OneOfField(TYPES)
  type!: (typeof TYPES)[number];

  @Field(() => String, OPTIONAL)
  @DecimalField('Base quantity (LIMIT, LIMIT_MAKER, MARKET by quantity)', { optional: true })
  quantity?: string;

  @Field(() => String, OPTIONAL)
  @DecimalField('Quote amount (MARKET by amount: a BUY spends it, a SELL raises it)', { optional: true })
  amount?: string;

  @Field(() => String, OPTIONAL)
  @DecimalField('Limit price', { optional: true })
  price?: string;

  @OptionalOneOfField(TIME_IN_FORCE)
  timeInForce?: (typeof TIME_IN_FORCE)[number];

  @OptionalOneOfField(STP_MODES)
  stpMode?: (typeof STP_MODES)[number];

  @Field(() => String, OPTIONAL)
  @ClientOrderIdField()
  clientOrderId?: string;
}

/** POST /v1/spot/orders and the placeSpotOrder mutation. */
@InputType('SpotOrderInput')
export class SpotOrderRequest extends SpotBatchOrderRequest {
  @AccountField({ graphql: true })
  account!: string;
}

/** POST /v1/spot/orders/batch: up to 20 orders of one symbol. */
export class SpotBatchRequest {
  @AccountField({ graphql: false })
  account!: string;

  @BatchOrdersField(SpotBatchOrderRequest)
  orders!: SpotBatchOrderRequest[];
}
