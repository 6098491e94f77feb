import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';

/** Deletes, in place and at any depth, every object member of `value` that is null. */
export function dropNullMembers(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    if (Array.isArray(next)) {
      pending.push(...(next as unknown[]));
      continue;
    }
    const members = next as Record<string, unknown>;
    for (const name of Object.keys(members)) {
      if (members[name] === null) delete members[name];
      else pending.push(members[name]);
    }
  }
}

/**
 * A GraphQL argument, or a member of one, sent as null is read as one left out: clients
 * send null for an argument they have no value for (a first page's `cursor: null`, a
 * filter field left empty), as the schema's nullable arguments allow. Interceptors run
 * before pipes, which take the arguments from the object changed here. REST bodies keep
 * their nulls for validation to refuse: there a null may be a mistake that absence
 * would widen (a cancel-all's `symbol: null` is not every symbol). Array elements stay.
 */
@Injectable()
export class NullGraphqlArgumentsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<string>() === 'graphql') dropNullMembers(context.getArgByIndex(1));
    return next.handle();
  }
}
