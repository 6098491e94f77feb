import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';

@ObjectType('OrderUncertainty')
export class OrderUncertaintyResponse {
  @ApiProperty() @Field() since!: string;
  @ApiProperty({ enum: ['HTTP_5XX', 'TIMEOUT', 'RESET', 'VENUE_UNKNOWN'] }) @Field() reason!: string;
  @ApiProperty() @Field(() => Int) lookups!: number;
}

@ObjectType('OrderCancel')
export class OrderCancelResponse {
  @ApiProperty() @Field() requestedAt!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) requestedBy!:
    string | null;
  @ApiProperty({ enum: ['REQUESTED', 'UNCERTAIN', 'CONFIRMED', 'REFUSED'] }) @Field() state!: string;
}

/** One order, spot or futures, as desk-api.md "Orders" sets it out. Decimals are strings. */
@ObjectType('Order')
export class OrderResponse {
  @ApiProperty({ description: 'The OMS order id' }) @Field() id!: string;
  @ApiProperty() @Field() account!: string;
  @ApiProperty({ enum: ['spot', 'futures'] }) @Field() market!: string;
  @ApiProperty({ example: 'BTCUSDT' }) @Field() symbol!: string;
  @ApiProperty({ enum: ['BUY', 'SELL', 'BUY_OPEN', 'SELL_CLOSE', 'SELL_OPEN', 'BUY_CLOSE'] })
  @Field()
  side!: string;
  @ApiProperty() @Field() type!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) priceType!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) stopPrice!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) leverage!:
    string | null;
  @ApiProperty({ nullable: true, type: String })
  @Field(() => String, { nullable: true })
  timeInForce!: string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) price!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) origQty!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) amount!:
    string | null;
  @ApiProperty() @Field() executedQty!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) avgPrice!:
    string | null;
  @ApiProperty() @Field() cumulativeQuoteQty!: string;
  @ApiProperty() @Field() clientOrderId!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The venue order id' })
  @Field(() => String, { nullable: true })
  orderId!: string | null;
  @ApiProperty() @Field() status!: string;
  @ApiProperty({ enum: ['desk', 'external'] }) @Field() origin!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) createdBy!:
    string | null;
  @ApiProperty() @Field() createdAt!: string;
  @ApiProperty() @Field() updatedAt!: string;
  @ApiProperty({ nullable: true, type: OrderUncertaintyResponse })
  @Field(() => OrderUncertaintyResponse, { nullable: true })
  uncertainty!: OrderUncertaintyResponse | null;
  @ApiProperty({ nullable: true, type: OrderCancelResponse })
  @Field(() => OrderCancelResponse, { nullable: true })
  cancel!: OrderCancelResponse | null;
}

@ObjectType('OrderPage')
export class OrderPageResponse {
  @ApiProperty({ type: [OrderResponse] }) @Field(() => [OrderResponse]) items!: OrderResponse[];
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) nextCursor!:
    string | null;
}
