import { invalidField } from './domain-error';

/**
 * Client order ids the OMS generates: a fixed prefix (so any observation of such an
 * order can be routed to the stream opened at submission) plus a unique token the
 * caller supplies (a ULID or similar; the domain has no randomness of its own).
 * The venue accepts up to 255 characters; 36 keeps the id readable in every tool.
 */
export const OMS_CLIENT_ORDER_ID_PREFIX = 'oms-';
const MAX_LENGTH = 36;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

export function omsClientOrderId(uniqueToken: string): string {
  if (!TOKEN_PATTERN.test(uniqueToken)) {
    throw invalidField('uniqueToken', 'must be letters, digits, "_" or "-"');
  }
  const id = `${OMS_CLIENT_ORDER_ID_PREFIX}${uniqueToken}`;
  if (id.length > MAX_LENGTH) {
    throw invalidField(
      'uniqueToken',
      `must be at most ${MAX_LENGTH - OMS_CLIENT_ORDER_ID_PREFIX.length} characters`,
    );
  }
  return id;
}

export function isOmsClientOrderId(clientOrderId: string): boolean {
  return (
    clientOrderId.startsWith(OMS_CLIENT_ORDER_ID_PREFIX) &&
    clientOrderId.length > OMS_CLIENT_ORDER_ID_PREFIX.length
  );
}
