import { Field, InputType } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';

/** A period `[from, to)` in ISO-8601; a filter base for lists and exports. */
@InputType({ isAbstract: true })
export class PeriodFilter {
  @ApiPropertyOptional({ description: 'ISO-8601, inclusive' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ description: 'ISO-8601, exclusive' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;
}
