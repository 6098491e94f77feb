import { ValidateBy, ValidationOptions } from 'class-validator';

const NUL = String.fromCharCode(0);

/** True for text Postgres can store: no NUL character, within `maxLength`. */
export function isPlainText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length <= maxLength && !value.includes(NUL);
}

/** A non-blank string Postgres can store (no NUL), up to `maxLength` characters. */
export function IsPlainText(maxLength: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPlainText',
      validator: {
        validate: (value: unknown) => isPlainText(value, maxLength) && value.trim().length > 0,
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be non-blank text of at most ${maxLength} characters`,
      },
    },
    options,
  );
}
