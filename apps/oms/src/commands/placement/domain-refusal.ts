import { DomainError, DomainErrorCode } from '@oms/domain';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';

/** The request path as the desk sent it: the domain reads requests under `request.`. */
function deskField(field: string | undefined, prefix: string): string | undefined {
  if (field === undefined) return undefined;
  const bare = field.replace(/^(request|acknowledgement|observation)\./, '');
  return prefix === '' ? bare : `${prefix}.${bare}`;
}

/** A refusal of libs/domain as the desk error it means (one mapping for every command). */
export function deskErrorOfDomain(error: DomainError, fieldPrefix = ''): DeskError {
  const field = deskField(error.field, fieldPrefix);
  switch (error.code) {
    case DomainErrorCode.InvalidField:
    case DomainErrorCode.MissingField:
      return new DeskError(DeskErrorCode.VALIDATION_FAILED, error.message.replace(/^request\./, ''), {
        field,
      });
    case DomainErrorCode.OrderAlreadyTerminal:
    case DomainErrorCode.OrderNotLive:
      return new DeskError(DeskErrorCode.ORDER_NOT_OPEN, error.message);
    case DomainErrorCode.OrderAlreadyExists:
      return new DeskError(DeskErrorCode.CONFLICT, 'an order with this clientOrderId exists already', {
        field: fieldPrefix === '' ? 'clientOrderId' : `${fieldPrefix}.clientOrderId`,
      });
    default:
      return new DeskError(DeskErrorCode.CONFLICT, error.message, { field });
  }
}

/** Runs a libs/domain request reader, turning its refusal into a 400 naming the field. */
export function readDeskRequest<T>(read: () => T, fieldPrefix = ''): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof DomainError) throw deskErrorOfDomain(error, fieldPrefix);
    throw error;
  }
}
