import { ValidationError } from 'class-validator';
import { DeskError, DeskErrorCode } from './desk-error';

/**
 * The desk code a constraint refuses with: VALIDATION_FAILED unless the constraint's
 * context names another (`{ context: { code: DeskErrorCode.INVALID_CURSOR } }`).
 */
function codeOfConstraint(error: ValidationError, constraint: string): DeskErrorCode {
  const code: unknown = (error.contexts?.[constraint] as { code?: unknown } | undefined)?.code;
  return Object.values<unknown>(DeskErrorCode).includes(code)
    ? (code as DeskErrorCode)
    : DeskErrorCode.VALIDATION_FAILED;
}

/**
 * Constraints on what a value is, as against its range or length: when one fails, it is
 * the one to report (a missing leverage is "must be an integer", not "must not be greater
 * than 1000", which class-validator lists first).
 */
const TYPE_CONSTRAINTS = new Set([
  'isDefined',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isObject',
]);

/** The first failing field of a class-validator result, as a path the desk sent (`orders[2].price`). */
function firstFailure(
  errors: readonly ValidationError[],
  parent = '',
): { field: string; problem: string; code: DeskErrorCode } | null {
  for (const error of errors) {
    const field = /^\d+$/.test(error.property)
      ? `${parent}[${error.property}]`
      : parent === ''
        ? error.property
        : `${parent}.${error.property}`;
    const entries = Object.entries(error.constraints ?? {});
    const failed = entries.find(([constraint]) => TYPE_CONSTRAINTS.has(constraint)) ?? entries[0];
    if (failed !== undefined) {
      const [constraint, problem] = failed;
      return { field, problem, code: codeOfConstraint(error, constraint) };
    }
    const nested = firstFailure(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/** The ValidationPipe's exception factory: a VALIDATION_FAILED (or its constraint's code) naming the field. */
export function validationFailure(errors: ValidationError[]): DeskError {
  const failure = firstFailure(errors);
  if (!failure) return new DeskError(DeskErrorCode.VALIDATION_FAILED, 'the request is invalid');
  // A parameter sent with an empty name ("?=x") is named by where it came from.
  const field = failure.field === '' ? '(empty name)' : failure.field;
  // class-validator messages start with the property name ("limit must not be greater than 1000").
  return new DeskError(failure.code, `${field}: ${failure.problem}`, {
    field,
  });
}
