import { ArgsType, Field, Int } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { DeskErrorCode } from '../../errors/desk-error';
import { MAX_PAGE_LIMIT } from './page';
import { CURSOR_TEXT } from './page-cursor';

/** A cursor that is not even cursor text is refused like any other this API did not give out. */
const NOT_A_CURSOR = {
  message: 'cursor is not one this API gave out',
  context: { code: DeskErrorCode.INVALID_CURSOR },
};

/** `limit` (default 100, at most 1000) and `cursor` of every list, REST query or GraphQL args. */
@ArgsType()
export class PageRequest {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: 100 })
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
  @IsString(NOT_A_CURSOR)
  @Matches(CURSOR_TEXT, NOT_A_CURSOR)
  cursor?: string;
}
