import { Field, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import { GraphQLJSON } from '../graphql/json.scalar';

/** One entry of an order's audit trail: who asked for what, what the venue said, from where. */
@ObjectType('OrderEvent')
export class OrderEventResponse {
  @ApiProperty() @Field() eventId!: string;
  @ApiProperty() @Field() type!: string;
  @ApiProperty({ enum: ['ws', 'rest-poll', 'rest-ack', 'oms'] }) @Field() source!: string;
  @ApiProperty() @Field() recordedAt!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Token name; null for venue facts' })
  @Field(() => String, { nullable: true })
  actor!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) @Field(() => GraphQLJSON) payload!: unknown;
}

@ObjectType('OrderEventList')
export class OrderEventListResponse {
  @ApiProperty({ type: [OrderEventResponse] })
  @Field(() => [OrderEventResponse])
  items!: OrderEventResponse[];
}
