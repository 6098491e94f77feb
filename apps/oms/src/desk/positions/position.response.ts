import { Field, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import { GraphQLJSON } from '../graphql/json.scalar';

@ObjectType('VenuePosition')
export class VenuePositionResponse {
  @ApiProperty() @Field() contracts!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) avgPrice!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) realizedPnl!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) updatedAt!:
    string | null;
}

@ObjectType('PositionBreak')
export class PositionBreakResponse {
  @ApiProperty() @Field() id!: string;
  @ApiProperty() @Field() kind!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) @Field(() => GraphQLJSON) detail!: unknown;
}

/** A futures position: OMS-computed beside venue-reported, with any open break. */
@ObjectType('Position')
export class PositionResponse {
  @ApiProperty() @Field() account!: string;
  @ApiProperty() @Field() symbol!: string;
  @ApiProperty({ enum: ['LONG', 'SHORT'] }) @Field() side!: string;
  @ApiProperty() @Field() contracts!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) avgPrice!:
    string | null;
  @ApiProperty() @Field() realizedPnl!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Against `mark`; null without a mark' })
  @Field(() => String, { nullable: true })
  unrealizedPnl!: string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) mark!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) markTime!:
    string | null;
  @ApiProperty() @Field() fees!: string;
  @ApiProperty() @Field() funding!: string;
  @ApiProperty({ nullable: true, type: VenuePositionResponse })
  @Field(() => VenuePositionResponse, { nullable: true })
  venue!: VenuePositionResponse | null;
  @ApiProperty({ nullable: true, type: PositionBreakResponse })
  @Field(() => PositionBreakResponse, { nullable: true })
  break!: PositionBreakResponse | null;
  @ApiProperty() @Field() updatedAt!: string;
}

@ObjectType('PositionList')
export class PositionListResponse {
  @ApiProperty({ type: [PositionResponse] }) @Field(() => [PositionResponse]) items!: PositionResponse[];
}
