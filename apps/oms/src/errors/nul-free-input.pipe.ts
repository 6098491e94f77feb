import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { DeskError, DeskErrorCode } from './desk-error';

const NUL = '\u0000';

/** The path (`orders[2].symbol`) of the first string under `value` that holds a NUL, or null. */
export function nulFieldOf(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const field = nulFieldOf(value[index], `${path}[${index}]`);
      if (field !== null) return field;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [name, member] of Object.entries(value)) {
      const field = nulFieldOf(member, path === '' ? name : `${path}.${name}`);
      if (field !== null) return field;
    }
  }
  return null;
}

/**
 * Refuses a desk request with a NUL character in any string it sent (body, query or path
 * parameter, GraphQL argument), naming the field. Postgres text and jsonb cannot hold
 * one, so such a value would otherwise fail in whichever query first took it, as a 500.
 * Runs before the ValidationPipe, on the values as sent.
 */
@Injectable()
export class NulFreeInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // Values the server made itself (the actor, the request context) are not desk input.
    if (metadata.type === 'custom') return value;
    const field = nulFieldOf(value, metadata.data ?? '');
    if (field !== null) {
      const named = field === '' ? '(value)' : field;
      throw new DeskError(DeskErrorCode.VALIDATION_FAILED, `${named}: must not contain a NUL character`, {
        field: named,
      });
    }
    return value;
  }
}
