import { Field, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';

@ObjectType('PnlRow')
export class PnlRowResponse {
  @ApiProperty({ description: 'UTC day (groupBy=day); null for symbol totals', nullable: true, type: String })
  @Field(() => String, { nullable: true })
  day!: string | null;
  @ApiProperty() @Field() symbol!: string;
  @ApiProperty({ enum: ['spot', 'futures'] }) @Field() market!: string;
  @ApiProperty({ description: 'Realized on trade prices, before fees (USDT)' }) @Field() realizedPnl!: string;
  @ApiProperty({ description: 'Fees paid, valued in USDT' }) @Field() fees!: string;
  @ApiProperty({ description: 'Funding received (+) or paid (-), futures' }) @Field() funding!: string;
  @ApiProperty({ description: 'realizedPnl - fees + funding' }) @Field() netPnl!: string;
  @ApiProperty({ nullable: true, type: String, description: 'At the end of the period, against the mark' })
  @Field(() => String, { nullable: true })
  unrealizedPnl!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "Futures: the venue's realizedPnl, as a cross-check",
  })
  @Field(() => String, { nullable: true })
  venueRealizedPnl!: string | null;
}

@ObjectType('PnlMark')
export class PnlMarkResponse {
  @ApiProperty() @Field() symbol!: string;
  @ApiProperty() @Field() price!: string;
  @ApiProperty() @Field() time!: string;
}

@ObjectType('PnlTotals')
export class PnlTotalsResponse {
  @ApiProperty() @Field() realizedPnl!: string;
  @ApiProperty() @Field() fees!: string;
  @ApiProperty() @Field() funding!: string;
  @ApiProperty() @Field() netPnl!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) unrealizedPnl!:
    string | null;
}

/** Positions and P&L of one account over a period, in USDT, with the marks used. */
@ObjectType('PnlReport')
export class PnlReportResponse {
  @ApiProperty() @Field() account!: string;
  @ApiProperty() @Field() from!: string;
  @ApiProperty() @Field() to!: string;
  @ApiProperty({ enum: ['average-cost', 'fifo'] }) @Field() method!: string;
  @ApiProperty({ enum: ['day', 'symbol'] }) @Field() groupBy!: string;
  @ApiProperty({ example: 'USDT' }) @Field() currency!: string;
  @ApiProperty({ type: [PnlRowResponse] }) @Field(() => [PnlRowResponse]) rows!: PnlRowResponse[];
  @ApiProperty({ type: PnlTotalsResponse }) @Field(() => PnlTotalsResponse) totals!: PnlTotalsResponse;
  @ApiProperty({ type: [PnlMarkResponse] }) @Field(() => [PnlMarkResponse]) marks!: PnlMarkResponse[];
}
