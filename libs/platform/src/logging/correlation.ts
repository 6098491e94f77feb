import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * Carries the correlation id of the desk request or venue message being handled, so
 * that logs, Kafka headers and stored events can name the same id without passing it
 * through every call.
 */
const storage = new AsyncLocalStorage<{ correlationId: string }>();

export const CORRELATION_ID_HEADER = 'x-correlation-id';

export function newCorrelationId(): string {
  return randomUUID();
}

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

export function withCorrelationId<T>(correlationId: string, work: () => T): T {
  return storage.run({ correlationId }, work);
}
