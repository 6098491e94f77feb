import { Field, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import { GraphQLJSON } from '../graphql/json.scalar';

/** A reconciliation break: what the OMS computed against what the venue reported. */
@ObjectType('Break')
export class BreakResponse {
  @ApiProperty() @Field() id!: string;
  @ApiProperty() @Field() kind!: string;
  @ApiProperty() @Field() account!: string;
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) symbol!:
    string | null;
  @ApiProperty() @Field() detectedAt!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) @Field(() => GraphQLJSON) oms!: unknown;
  @ApiProperty({ type: 'object', additionalProperties: true }) @Field(() => GraphQLJSON) venue!: unknown;
  @ApiProperty({ enum: ['open', 'resolved'] }) @Field() status!: string;
  @ApiProperty({ required: false, nullable: true, type: String })
  @Field(() => String, { nullable: true })
  resolvedBy?: string | null;
  @ApiProperty({ required: false, nullable: true, type: String })
  @Field(() => String, { nullable: true })
  resolvedAt?: string | null;
  @ApiProperty({ required: false, nullable: true, type: String })
  @Field(() => String, { nullable: true })
  note?: string | null;
}

@ObjectType('BreakPage')
export class BreakPageResponse {
  @ApiProperty({ type: [BreakResponse] }) @Field(() => [BreakResponse]) items!: BreakResponse[];
  @ApiProperty({ nullable: true, type: String }) @Field(() => String, { nullable: true }) nextCursor!:
    string | null;
}
