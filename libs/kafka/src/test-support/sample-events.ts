import { z } from 'zod';
import { EventCodec } from '../envelope/event-codec';
import { EventEnvelope } from '../envelope/event-envelope';
import { deterministicEventId } from '../envelope/event-id';
import { PayloadSchemaRegistry } from '../envelope/payload-schema-registry';

/** A payload schema standing in for the ones services register; decimals travel as strings. */
export const sampleObservationSchema = z.object({
  sequence: z.number().int().nonnegative(),
  price: z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal string'),
});

export function sampleCodec(): EventCodec {
  return new EventCodec(new PayloadSchemaRegistry().register('SampleObserved', 1, sampleObservationSchema));
}

export function sampleEnvelope(
  accountId: string,
  symbol: string,
  sequence: number,
  overrides: Partial<EventEnvelope> = {},
): EventEnvelope {
  return {
    eventId: deterministicEventId('sample', accountId, symbol, sequence),
    type: 'SampleObserved',
    schemaVersion: 1,
    accountId,
    symbol,
    source: 'ws',
    observedAt: '2026-11-22T08:00:00.000Z',
    venueTime: '2026-11-22T07:59:59.950Z',
    correlationId: `corr-${accountId}-${symbol}-${sequence}`,
    payload: { sequence, price: '42000.5' },
    ...overrides,
  };
}
