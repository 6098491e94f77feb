import { Field, InputType } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import {
  AccountFilterField,
  OneOfFilterField,
  SymbolFilterField,
  VenueOrderIdFilterField,
} from '../shared/filter-fields';
import { MARKETS } from '../shared/filter-rules';
import { PeriodFilter } from '../shared/period.request';

/** Filters of `GET /v1/fills`, its export and GraphQL `fills(filter)`. */
@InputType('FillFilter')
export class FillFilterRequest extends PeriodFilter {
  @AccountFilterField()
  account?: string;

  @OneOfFilterField(MARKETS)
  market?: string;

  @SymbolFilterField()
  symbol?: string;

  @ApiPropertyOptional({ description: 'The OMS order id' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'omsOrderId must be an OMS order id (a UUID)' })
  omsOrderId?: string;

  @VenueOrderIdFilterField()
  orderId?: string;
}
