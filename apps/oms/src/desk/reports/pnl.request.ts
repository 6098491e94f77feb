import { ArgsType, Field } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { ACCOUNT_NAME, SYMBOL } from '../shared/filter-rules';
import { IsIsoTime } from '../shared/iso-time-input';

export const PNL_METHODS = ['average-cost', 'fifo'] as const;
export const PNL_GROUPINGS = ['day', 'symbol'] as const;

/** `GET /v1/reports/pnl` and GraphQL `pnl(...)`. */
@ArgsType()
export class PnlReportRequest {
  @ApiProperty()
  @Field()
  @Matches(ACCOUNT_NAME, { message: 'account must be an account name' })
  account!: string;

  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(SYMBOL, { message: 'symbol must be a venue symbol such as BTCUSDT' })
  symbol?: string;

  @ApiProperty({ description: 'ISO-8601, inclusive' })
  @Field()
  @IsIsoTime('from')
  from!: string;

  @ApiProperty({ description: 'ISO-8601, exclusive' })
  @Field()
  @IsIsoTime('to')
  to!: string;

  @ApiPropertyOptional({
    enum: PNL_METHODS,
    default: 'average-cost',
    description:
      "Cost method of realized and unrealized P&L, spot and futures (futures' average cost is the venue's average entry)",
  })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(PNL_METHODS)
  method?: (typeof PNL_METHODS)[number];

  @ApiPropertyOptional({ enum: PNL_GROUPINGS, default: 'day' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(PNL_GROUPINGS)
  groupBy?: (typeof PNL_GROUPINGS)[number];
}

/** REST only: `format=csv` (or `Accept: text/csv`) answers CSV. */
export class PnlReportHttpRequest extends PnlReportRequest {
  @ApiPropertyOptional({ enum: ['json', 'csv'] })
  @IsOptional()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}
