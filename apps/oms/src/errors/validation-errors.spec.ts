import { ValidationError } from 'class-validator';
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

  it('names a nested field as the desk sent it', () => {
    const nested = failure('orders', undefined, [
      failure('2', undefined, [failure('price', { isDecimal: 'bad' })]),
    ]);
    expect(validationFailure([nested]).details.field).toBe('orders[2].price');
  });
});
