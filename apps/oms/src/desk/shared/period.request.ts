import { Field, InputType } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsIsoTime } from './iso-time-input';

/** A period `[from, to)` in ISO-8601; a filter base for lists and exports. */
@InputType({ isAbstract: true })
export class PeriodFilter {
  @ApiPropertyOptional({ description: 'ISO-8601, inclusive' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIsoTime('from')
  from?: string;

  @ApiPropertyOptional({ description: 'ISO-8601, exclusive' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIsoTime('to')
  to?: string;
}
