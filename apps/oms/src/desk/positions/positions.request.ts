import { ArgsType, Field } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import { ACCOUNT_NAME, SYMBOL } from '../shared/filter-rules';
import { QueryBoolean } from '../shared/query-boolean';
import { IsIsoTime } from '../shared/iso-time-input';

/** `GET /v1/positions` and GraphQL `positions(...)`. */
@ArgsType()
export class PositionsRequest {
  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(ACCOUNT_NAME, { message: 'account must be an account name' })
  account?: string;

  @ApiPropertyOptional({ example: 'BTCUSDT-PERPETUAL' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(SYMBOL, { message: 'symbol must be a venue symbol such as BTCUSDT-PERPETUAL' })
  symbol?: string;

  @ApiPropertyOptional({ description: 'Include flat positions', default: false })
  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'includeFlat must be true or false' })
  includeFlat?: boolean;

  @ApiPropertyOptional({ description: 'ISO-8601: the positions as the OMS knew them then' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIsoTime('asOf')
  asOf?: string;
}

/** REST only: `format=csv` answers CSV. */
export class PositionsHttpRequest extends PositionsRequest {
  @ApiPropertyOptional({ enum: ['json', 'csv'] })
  @IsOptional()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}
