import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { canonicalDecimal } from '@oms/domain';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches } from 'class-validator';

/** Decimals travel as strings in plain notation ("0.0001", never 1e-4 or a JSON number). */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
export const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;
/** A desk's own client order id: becomes `oms-<id>` at the venue. */
export const DESK_CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A decimal string field. A valid value is taken in its canonical form ("0.010" is
 * "0.01": trailing zeros carry no meaning), so a repeat under an Idempotency-Key that
 * differs only so is the same request, and the venue is sent one form; anything else is
 * left as sent for validation to refuse.
 */
export function DecimalField(description: string, options: { optional?: boolean; signed?: boolean } = {}) {
  const pattern = options.signed ? SIGNED_DECIMAL : PLAIN_DECIMAL;
  const property = { type: String, description, example: options.signed ? '-10.5' : '0.01' };
  return applyDecorators(
    ...(options.optional ? [IsOptional(), ApiPropertyOptional(property)] : [ApiProperty(property)]),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && pattern.test(value) ? canonicalDecimal(value) : value,
    ),
    IsString(),
    Matches(pattern, { message: '$property must be a decimal string in plain notation' }),
  );
}

export function ClientOrderIdField() {
  return applyDecorators(
    IsOptional(),
    IsString(),
    Matches(DESK_CLIENT_ORDER_ID, { message: '$property must be 1 to 32 letters, digits, "_" or "-"' }),
    ApiPropertyOptional({
      description: 'Your own id (sent to the venue as oms-<id>); generated when absent',
      example: 'hedge-0042',
    }),
  );
}
