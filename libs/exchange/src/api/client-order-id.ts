import { randomUUID } from 'node:crypto';

/**
 * A client order id for requests that come without one. Every write carries one so
 * that an uncertain outcome can always be looked up; 32 hex characters fit every
 * limit of the seeds.
 */
export function generateClientOrderId(): string {
  return randomUUID().replace(/-/g, '');
}
