import { ApiHeaderOptions } from '@nestjs/swagger';

/** The Idempotency-Key header every command route reads, as OpenAPI documents it. */
export const IDEMPOTENCY_HEADER: ApiHeaderOptions = {
  name: 'Idempotency-Key',
  required: false,
  description:
    'A repeat (same token) answers the same status and order ids and sends nothing. A repeat of a ' +
    'request that never answered (its OMS stopped) takes it over after the venue timeout plus 5 s: ' +
    'it answers the orders that request recorded, or places them under the same client ids; a ' +
    'transfer is refused with 409 CONFLICT naming its client id.',
};
