import { currentCorrelationId, newCorrelationId } from '@oms/platform';
import { DeskActor } from '../../access/desk-actor';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { DeskCommandContext } from '../handlers/desk-commands';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The command context of a desk request: actor, correlation id and a checked Idempotency-Key. */
export function commandContext(actor: DeskActor, keyOrNull: string | null | undefined): DeskCommandContext {
  // GraphQL hands an explicit null for an absent key; the idempotency store takes no null key.
  const idempotencyKey = keyOrNull ?? undefined;
  if (idempotencyKey !== undefined && !KEY_PATTERN.test(idempotencyKey)) {
    throw new DeskError(
      DeskErrorCode.VALIDATION_FAILED,
      'Idempotency-Key must be 1 to 255 printable characters',
      {
        field: 'Idempotency-Key',
      },
    );
  }
  return { actor, correlationId: currentCorrelationId() ?? newCorrelationId(), idempotencyKey };
}
