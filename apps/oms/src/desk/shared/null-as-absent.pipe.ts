import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';

/** `value` with every object member that is null left out, at any depth. */
export function withoutNullMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullMembers);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    if (member !== null) kept[name] = withoutNullMembers(member);
  }
  return kept;
}

/**
 * A member a desk sent as null is read as one it left out. GraphQL clients send null
 * for an argument they have no value for (a first page's `cursor: null`, a filter field
 * left empty), and every optional field of the desk API means the same by null as by
 * its absence. Array elements stay: a null among orders is refused by validation.
 */
@Injectable()
export class NullAsAbsentPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // Values the server made itself (the actor, the request context) are not desk input.
    if (metadata.type === 'custom') return value;
    return withoutNullMembers(value);
  }
}
