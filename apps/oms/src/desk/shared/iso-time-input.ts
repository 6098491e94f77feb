import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { DateTime } from 'luxon';

/** Years Postgres and `Date.toISOString` both write as four digits. */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/**
 * A time a desk sent, in any ISO-8601 form (calendar, week or ordinal dates; basic or
 * extended format; reduced precision; a comma or a point before fractions), as UTC
 * milliseconds in the one form every query and Postgres read alike. A time without an
 * offset is taken as UTC. Undefined when the text is no ISO-8601 time, or outside years
 * 1 to 9999.
 */
export function canonicalIsoTime(text: string): string | undefined {
  const time = DateTime.fromISO(text, { zone: 'utc' });
  if (!time.isValid) return undefined;
  const utc = time.toUTC();
  if (utc.year < FIRST_YEAR || utc.year > LAST_YEAR) return undefined;
  return utc.toJSDate().toISOString();
}

const isCanonical = (value: unknown): boolean =>
  typeof value === 'string' && canonicalIsoTime(value) === value;

/**
 * A query or argument field holding an ISO-8601 time: turned into its canonical form
 * before validation, so that whatever passes is read the same by every query after;
 * anything else is refused naming the field.
 */
export function IsIsoTime(field: string): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? (canonicalIsoTime(value) ?? value) : value,
    ),
    ValidateBy({
      name: 'isIsoTime',
      validator: {
        validate: isCanonical,
        defaultMessage: () => `${field} must be an ISO-8601 time, such as 2026-11-28T13:00:00Z`,
      },
    }),
  );
}
