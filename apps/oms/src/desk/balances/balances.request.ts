import { ArgsType, Field } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { AccountFilterField, OneOfFilterField } from '../shared/filter-fields';
import { MARKETS } from '../shared/filter-rules';
import { IsIsoTime } from '../shared/iso-time-input';

/** `GET /v1/balances` and GraphQL `balances(...)`. */
@ArgsType()
export class BalancesRequest {
  @AccountFilterField()
  account?: string;

  @OneOfFilterField(MARKETS)
  wallet?: string;

  @ApiPropertyOptional({ example: 'USDT' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(/^[A-Z0-9]{1,20}$/, { message: 'asset must be an asset code such as USDT' })
  asset?: string;

  @ApiPropertyOptional({ description: 'ISO-8601: the balances as the OMS knew them then' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIsoTime('asOf')
  asOf?: string;
}
