import { ArgsType, Field, Int } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { MAX_PAGE_LIMIT } from './page';

/** `limit` (default 100, at most 1000) and `cursor` of every list, REST query or GraphQL args. */
@ArgsType()
export class PageRequest {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: 100 })
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,1000}$/, { message: 'cursor is not one this API gave out' })
  cursor?: string;
}
