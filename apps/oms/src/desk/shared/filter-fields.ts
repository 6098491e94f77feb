import { applyDecorators } from '@nestjs/common';
import { Field } from '@nestjs/graphql';
import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { ACCOUNT_NAME, IDENTIFIER, SYMBOL } from './filter-rules';

/*
 * The optional filter fields the desk lists share, each once: the OpenAPI property, the
 * nullable GraphQL field and the validation rule with its message naming the field. Each
 * list is applied first to last, as stacked decorators are (bottom up), so the rules run
 * and report in the order they always have.
 */

function optionalFilter(rule: PropertyDecorator, openApi: ApiPropertyOptions = {}) {
  return applyDecorators(
    rule,
    IsOptional(),
    Field(() => String, { nullable: true }),
    ApiPropertyOptional(openApi),
  );
}

/** `account`: one desk account by name. */
export function AccountFilterField() {
  return optionalFilter(Matches(ACCOUNT_NAME, { message: 'account must be an account name' }));
}

/** `symbol`: one venue symbol, spot or futures. */
export function SymbolFilterField(openApi: ApiPropertyOptions = {}) {
  return optionalFilter(
    Matches(SYMBOL, { message: 'symbol must be a venue symbol such as BTCUSDT or BTCUSDT-PERPETUAL' }),
    openApi,
  );
}

/** `orderId`: one venue order id. */
export function VenueOrderIdFilterField() {
  return optionalFilter(Matches(IDENTIFIER, { message: 'orderId must be a venue order id' }), {
    description: 'The venue order id',
  });
}

/** A field that, when given, takes one of `values` (market, wallet, status, side, origin). */
export function OneOfFilterField(values: readonly string[]) {
  return optionalFilter(IsIn(values), { enum: values });
}
