import { withCorrelationId } from '@oms/platform';
import { createEnvelope, EnvelopeFields } from './envelope-factory';
import { deterministicEventId } from './event-id';

const fields: EnvelopeFields<{ price: string }> = {
  identity: ['hashkey', 'acc1', 'trade', '991'],
  type: 'TradeObserved',
  schemaVersion: 1,
  accountId: 'acc1',
  symbol: 'BTCUSDT',
  source: 'rest-poll',
  venueTime: '2026-11-22T07:00:00.000Z',
  payload: { price: '42000.1' },
};
const clock = () => new Date('2026-11-22T08:00:00.000Z');

describe('createEnvelope', () => {
  it('derives the id from the source identity and stamps our clock', () => {
    const envelope = createEnvelope(fields, clock);
    expect(envelope.eventId).toBe(deterministicEventId('hashkey', 'acc1', 'trade', '991'));
    expect(envelope.observedAt).toBe('2026-11-22T08:00:00.000Z');
    expect(envelope).not.toHaveProperty('identity');
  });

  it('carries the correlation id of the work in progress', () => {
    const envelope = withCorrelationId('desk-42', () => createEnvelope(fields, clock));
    expect(envelope.correlationId).toBe('desk-42');
  });

  it('prefers an explicit correlation id and otherwise makes one up', () => {
    expect(createEnvelope({ ...fields, correlationId: 'venue-msg-1' }, clock).correlationId).toBe(
      'venue-msg-1',
    );
    expect(createEnvelope(fields, clock).correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
