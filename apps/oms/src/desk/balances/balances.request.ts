import { ArgsType, Field } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, Matches } from 'class-validator';
import { ACCOUNT_NAME, MARKETS } from '../shared/filter-rules';

/** `GET /v1/balances` and GraphQL `balances(...)`. */
@ArgsType()
export class BalancesRequest {
  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(ACCOUNT_NAME, { message: 'account must be an account name' })
  account?: string;

  @ApiPropertyOptional({ enum: MARKETS })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(MARKETS)
  wallet?: string;

  @ApiPropertyOptional({ example: 'USDT' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(/^[A-Z0-9]{1,20}$/, { message: 'asset must be an asset code such as USDT' })
  asset?: string;

  @ApiPropertyOptional({ description: 'ISO-8601: the balances as the OMS knew them then' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'asOf must be an ISO-8601 time' })
  asOf?: string;
}
