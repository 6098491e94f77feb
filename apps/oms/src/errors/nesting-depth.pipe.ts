import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { DeskError, DeskErrorCode } from './desk-error';

/** Deeper than any desk request (a batch's order fields sit at depth 3). */
export const MAX_INPUT_DEPTH = 16;

/**
 * The path of the first member under `value` nested deeper than `maxDepth` objects or
 * arrays, or null. Walked with a stack of its own: a deep value must not exhaust the
 * call stack here either.
 */
export function tooDeepFieldOf(value: unknown, maxDepth: number): string | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value: member, path, depth } = pending.pop()!;
    if (member === null || typeof member !== 'object') continue;
    if (depth >= maxDepth) return path === '' ? '(value)' : path;
    const entries = Array.isArray(member)
      ? member.map((element, index) => [`[${index}]`, element] as const)
      : Object.entries(member).map(([name, element]) => [path === '' ? name : `.${name}`, element] as const);
    for (const [step, element] of entries)
      pending.push({ value: element, path: `${path}${step}`, depth: depth + 1 });
  }
  return null;
}

/**
 * Refuses a desk request nested deeper than any request of the desk API, naming where.
 * Validation and transformation walk values recursively: a small body of a few
 * thousand nested brackets would otherwise exhaust the call stack, as a 500. Runs
 * first among the global pipes.
 */
@Injectable()
export class NestingDepthPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // Values the server made itself (the actor, the request context) are not desk input.
    if (metadata.type === 'custom') return value;
    const field = tooDeepFieldOf(value, MAX_INPUT_DEPTH);
    if (field !== null) {
      throw new DeskError(
        DeskErrorCode.VALIDATION_FAILED,
        `${field}: nested deeper than ${MAX_INPUT_DEPTH} levels, more than any desk request`,
        { field },
      );
    }
    return value;
  }
}
