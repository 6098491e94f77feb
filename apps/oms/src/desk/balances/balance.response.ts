import { Field, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';

@ObjectType('Balance')
export class BalanceResponse {
  @ApiProperty() @Field() account!: string;
  @ApiProperty({ enum: ['spot', 'futures'] }) @Field() wallet!: string;
  @ApiProperty() @Field() asset!: string;
  @ApiProperty() @Field() free!: string;
  @ApiProperty() @Field() locked!: string;
  @ApiProperty() @Field() total!: string;
  @ApiProperty() @Field() updatedAt!: string;
}

@ObjectType('BalanceList')
export class BalanceListResponse {
  @ApiProperty({ type: [BalanceResponse] }) @Field(() => [BalanceResponse]) items!: BalanceResponse[];
}
