import { ArgsType, Field } from '@nestjs/graphql';
import { IsOptional, Matches } from 'class-validator';
import { ACCOUNT_NAME, SYMBOL } from '../shared/filter-rules';

/** What a subscriber watches: one account (or its token's scope) and optionally one symbol. */
@ArgsType()
export class AccountSymbolArgs {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(ACCOUNT_NAME, { message: 'account must be an account name' })
  account?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(SYMBOL, { message: 'symbol must be a venue symbol such as BTCUSDT' })
  symbol?: string;
}

@ArgsType()
export class AccountArgs {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(ACCOUNT_NAME, { message: 'account must be an account name' })
  account?: string;
}
