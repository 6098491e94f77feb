import { Field, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';

@ObjectType('Balance')
export class BalanceResponse {
  @ApiProperty() @Field() account!: string;
  @ApiProperty({ enum: ['spot', 'futures'] }) @Field() wallet!: string;
  @ApiProperty() @Field() asset!: string;
  @ApiProperty({ description: "Futures: the venue's available balance, its cross unrealized P&L included" })
  @Field()
  free!: string;
  @ApiProperty({ description: 'Futures: the position and order margin' })
  @Field()
  locked!: string;
  @ApiProperty({ description: 'free + locked (futures: the wallet balance with its unrealized P&L)' })
  @Field()
  total!: string;
  @ApiProperty() @Field() updatedAt!: string;
}

@ObjectType('BalanceList')
export class BalanceListResponse {
  @ApiProperty({ type: [BalanceResponse] }) @Field(() => [BalanceResponse]) items!: BalanceResponse[];
}
