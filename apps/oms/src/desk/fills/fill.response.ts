import { Field, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';

/** One fill, counted once, with every source that reported it (desk-api.md, "Orders"). */
@ObjectType('Fill')
export class FillResponse {
  @ApiProperty({ description: 'Ticket id; the venue trade id where no ticket id is known' })
  @Field()
  fillId!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) omsOrderId!:
    string | null;
  @ApiProperty({ description: 'The venue order id' }) @Field() orderId!: string;
  @ApiProperty() @Field() account!: string;
  @ApiProperty({ enum: ['spot', 'futures'] }) @Field() market!: string;
  @ApiProperty() @Field() symbol!: string;
  @ApiProperty({ description: "The order's side" }) @Field() side!: string;
  @ApiProperty() @Field() price!: string;
  @ApiProperty({ description: 'Futures: contracts' }) @Field() qty!: string;
  @ApiProperty({
    description:
      "price × qty; futures: price × contracts, as the venue counts an order's cumulative quote (the notional is this × the contract multiplier)",
  })
  @Field()
  quoteQty!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) fee!: string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) feeAsset!:
    string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Futures: as the venue reports it' })
  @Field(() => String, { nullable: true })
  realizedPnl!: string | null;
  @ApiProperty({ nullable: true, type: Boolean }) @Field(() => Boolean, { nullable: true }) isMaker!:
    boolean | null;
  @ApiProperty() @Field() time!: string;
  @ApiProperty({ type: [String], example: ['ws', 'rest-poll'] }) @Field(() => [String]) sources!: string[];
}

@ObjectType('FillPage')
export class FillPageResponse {
  @ApiProperty({ type: [FillResponse] }) @Field(() => [FillResponse]) items!: FillResponse[];
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) nextCursor!:
    string | null;
}
