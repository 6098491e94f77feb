import { applyDecorators, Type as ClassType } from '@nestjs/common';
import { Field } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MinLength,
  ValidateNested,
} from 'class-validator';

/*
 * The field rules spot and futures orders share, so both markets validate and document
 * them alike. Each list is applied first to last, in the order stacked decorators would
 * be (bottom up), so validation runs its rules, and reports them, in the same order.
 */

/** Self-trade prevention modes, the same in both markets. */
export const STP_MODES = ['EXPIRE_TAKER', 'EXPIRE_MAKER'] as const;

/** The largest batch the venue takes: one place for both markets' batch requests. */
export const MAX_BATCH_ORDERS = 20;

/** The desk account an order is for; `graphql` also exposes it on the GraphQL input. */
export function AccountField(options: { graphql: boolean }) {
  return applyDecorators(
    MinLength(1),
    IsString(),
    ApiProperty({ example: 'demo' }),
    ...(options.graphql ? [Field(() => String)] : []),
  );
}

/** The venue symbol of an order. */
export function SymbolField(example: string) {
  return applyDecorators(
    MinLength(1),
    IsString(),
    ApiProperty({ example }),
    Field(() => String),
  );
}

/** A required field that takes one of `values`. */
export function OneOfField(values: readonly string[]) {
  return applyDecorators(
    IsIn(values),
    ApiProperty({ enum: values }),
    Field(() => String),
  );
}

/** An optional field that, when present, takes one of `values`; `absent` says what its absence means. */
export function OptionalOneOfField(
  values: readonly string[],
  absent?: { default: string; description: string },
) {
  return applyDecorators(
    IsIn(values),
    IsOptional(),
    ApiPropertyOptional({ enum: values, ...(absent ?? {}) }),
    Field(() => String, {
      nullable: true,
      ...(absent === undefined ? {} : { description: absent.description }),
    }),
  );
}

/** The orders of a batch: 1 to MAX_BATCH_ORDERS, each validated as `order`. */
export function BatchOrdersField(order: ClassType<unknown>) {
  return applyDecorators(
    Type(() => order),
    ValidateNested({ each: true }),
    ArrayMaxSize(MAX_BATCH_ORDERS),
    ArrayMinSize(1),
    IsArray(),
    ApiProperty({ type: [order] }),
  );
}
