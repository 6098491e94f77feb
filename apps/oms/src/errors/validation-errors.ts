import { ValidationError } from 'class-validator';
import { DeskError, DeskErrorCode } from './desk-error';

/** The first failing field of a class-validator result, as a path the desk sent (`orders[2].price`). */
function firstFailure(
  errors: readonly ValidationError[],
  parent = '',
): { field: string; problem: string } | null {
  for (const error of errors) {
    const field = /^\d+$/.test(error.property)
      ? `${parent}[${error.property}]`
      : parent === ''
        ? error.property
        : `${parent}.${error.property}`;
    const problems = Object.values(error.constraints ?? {});
    if (problems.length > 0) return { field, problem: problems[0] };
    const nested = firstFailure(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/** The ValidationPipe's exception factory: a VALIDATION_FAILED naming the field. */
export function validationFailure(errors: ValidationError[]): DeskError {
  const failure = firstFailure(errors);
  if (!failure) return new DeskError(DeskErrorCode.VALIDATION_FAILED, 'the request is invalid');
  // A parameter sent with an empty name ("?=x") is named by where it came from.
  const field = failure.field === '' ? '(empty name)' : failure.field;
  // class-validator messages start with the property name ("limit must not be greater than 1000").
  return new DeskError(DeskErrorCode.VALIDATION_FAILED, `${field}: ${failure.problem}`, {
    field,
  });
}
