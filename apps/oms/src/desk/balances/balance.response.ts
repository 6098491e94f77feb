import { Field, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';

const FREE = 'Spot: free. Futures: the available balance, which counts unrealized P&L.';
const LOCKED = 'Spot: locked by open orders. Futures: position and order margin.';
const TOTAL =
  'Spot: free + locked. Futures: the wallet balance as the venue last reported it to a poll, ' +
  'without unrealized P&L (so free + locked = total + unrealized P&L).';

@ObjectType('Balance')
export class BalanceResponse {
  @ApiProperty() @Field() account!: string;
  @ApiProperty({ enum: ['spot', 'futures'] }) @Field() wallet!: string;
  @ApiProperty() @Field() asset!: string;
  @ApiProperty({ description: FREE }) @Field({ description: FREE }) free!: string;
  @ApiProperty({ description: LOCKED }) @Field({ description: LOCKED }) locked!: string;
  @ApiProperty({ description: TOTAL }) @Field({ description: TOTAL }) total!: string;
  @ApiProperty() @Field() updatedAt!: string;
}

@ObjectType('BalanceList')
export class BalanceListResponse {
  @ApiProperty({ type: [BalanceResponse] }) @Field(() => [BalanceResponse]) items!: BalanceResponse[];
}
