import { randomUUID } from 'node:crypto';
import { omsClientOrderId } from '@oms/domain';

/**
 * The client id sent to the venue: always the OMS's form (`oms-` + token), so every
 * later report of the order folds into the stream opened by its intent. A desk's own
 * id becomes the token (at most 32 letters, digits, "_" or "-"); else a random one.
 */
export function newClientOrderId(deskClientOrderId?: string): string {
  return omsClientOrderId(deskClientOrderId ?? randomUUID().replace(/-/g, ''));
}
