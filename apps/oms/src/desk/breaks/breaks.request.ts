import { ArgsType, Field } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { IsPlainText } from '../shared/plain-text';
import { ACCOUNT_NAME } from '../shared/filter-rules';
import { PageRequest } from '../shared/page.request';

export const BREAK_STATUSES = ['open', 'resolved'] as const;

/** `GET /v1/breaks` and GraphQL `breaks(...)`. */
@ArgsType()
export class ListBreaksRequest extends PageRequest {
  @ApiPropertyOptional({ enum: BREAK_STATUSES })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(BREAK_STATUSES)
  status?: string;

  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(ACCOUNT_NAME, { message: 'account must be an account name' })
  account?: string;
}

export class ResolveBreakRequest {
  @ApiProperty({ description: 'Why the break is resolved (kept in the audit trail)' })
  @IsPlainText(2000)
  note!: string;
}

export class BreakIdParam {
  @ApiProperty({ description: 'The break id, as GET /v1/breaks gives it' })
  @IsPlainText(300)
  id!: string;
}
