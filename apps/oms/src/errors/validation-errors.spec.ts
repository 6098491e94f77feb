import { ValidationError } from 'class-validator';
import { DeskErrorCode } from './desk-error';
import { validationFailure } from './validation-errors';

function failure(property: string, constraints?: Record<string, string>, children: ValidationError[] = []) {
  return Object.assign(new ValidationError(), { property, constraints, children });
}

describe('validationFailure', () => {
  it('names a top-level field', () => {
    const error = validationFailure([failure('limit', { max: 'limit must not be greater than 1000' })]);
    expect(error.details.field).toBe('limit');
    expect(error.message).toBe('limit: limit must not be greater than 1000');
  });

  it('reports what the value should be before its range when both fail', () => {
    const error = validationFailure([
      failure('leverage', {
        max: 'leverage must not be greater than 1000',
        min: 'leverage must not be less than 1',
        isInt: 'leverage must be an integer number',
      }),
    ]);
    expect(error.message).toBe('leverage: leverage must be an integer number');
  });

  it('names a nested field as the desk sent it', () => {
    const nested = failure('orders', undefined, [
      failure('2', undefined, [failure('price', { isDecimal: 'bad' })]),
    ]);
    expect(validationFailure([nested]).details.field).toBe('orders[2].price');
  });

  it('refuses with VALIDATION_FAILED unless the constraint names another code', () => {
    const plain = validationFailure([failure('limit', { max: 'too big' })]);
    expect(plain.code).toBe(DeskErrorCode.VALIDATION_FAILED);
    const cursor = Object.assign(failure('cursor', { matches: 'cursor is not one this API gave out' }), {
      contexts: { matches: { code: DeskErrorCode.INVALID_CURSOR } },
    });
    const refused = validationFailure([cursor]);
    expect(refused.code).toBe(DeskErrorCode.INVALID_CURSOR);
    expect(refused.details.field).toBe('cursor');
  });

  it('ignores a context code that is not a desk code', () => {
    const odd = Object.assign(failure('limit', { max: 'too big' }), {
      contexts: { max: { code: 'TEAPOT' } },
    });
    expect(validationFailure([odd]).code).toBe(DeskErrorCode.VALIDATION_FAILED);
  });
});
