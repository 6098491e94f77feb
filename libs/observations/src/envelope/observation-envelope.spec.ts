import { z } from 'zod';
import { observationIdentity, readSpotFillObservation, VenueStreamGapDetected } from '@oms/domain';
import { accountTradeListSchema, userStreamEventSchema } from '@oms/exchange';
import { deterministicEventId } from '@oms/kafka';
import { spotTradeObservation } from '../rest/rest-fill-observations';
import { streamEventObservations } from '../stream/stream-event-observations';
import { venueFixture } from '../test-support/venue-fixtures';
import { observationEnvelope } from './observation-envelope';
import { observationCodec } from './observation-payload-reader';

const codec = observationCodec();
const options = { observedAt: Date.UTC(2026, 10, 23, 5, 0, 0, 123), correlationId: 'corr-1' };
const streamMessages = z.array(userStreamEventSchema);

function streamObservation(name: string) {
  const [message] = venueFixture(name, streamMessages);
  return streamEventObservations('desk-1', message, { stopPriceOf: () => undefined }).observations[0];
}

describe('observation envelope (Kafka contract)', () => {
  it('a fill envelope: id from the domain identity, ISO times, key account:symbol, payload = data + raw', () => {
    const { event, raw } = streamObservation('ws_private_ticketInfo_spot');
    const { envelope, key } = observationEnvelope(event, raw, options);
    if (event.type !== 'SpotFillObserved') throw new Error('expected a spot fill');
    expect(envelope).toEqual({
      eventId: deterministicEventId('venue-observation', observationIdentity(event)),
      type: 'SpotFillObserved',
      schemaVersion: 2,
      accountId: 'desk-1',
      symbol: 'BTCUSDT',
      source: 'ws',
      observedAt: '2026-11-23T05:00:00.123Z',
      venueTime: new Date(1668693440899).toISOString(),
      correlationId: 'corr-1',
      payload: { ...event.data, raw },
    });
    expect(key).toBe('desk-1:BTCUSDT');
    expect(readSpotFillObservation(envelope.payload)).toEqual(event.data);
    expect(codec.validate(envelope)).toMatchObject({ ok: true });
  });

  it('balances are keyed account:asset and carry the asset as symbol', () => {
    const { event, raw } = streamObservation('ws_private_outboundAccountInfo_spot');
    const { envelope, key } = observationEnvelope(event, raw, options);
    expect([envelope.symbol, key]).toEqual(['ETH', 'desk-1:ETH']);
    expect(codec.validate(envelope)).toMatchObject({ ok: true });
  });

  it('stream health is keyed account:-stream and has no venue time', () => {
    const gap: VenueStreamGapDetected = {
      type: 'VenueStreamGapDetected',
      schemaVersion: 1,
      data: { accountId: 'desk-1', from: 1, to: 2, reason: 'reconnected', source: 'ws' },
    };
    const { envelope, key } = observationEnvelope(gap, null, options);
    expect([envelope.symbol, envelope.venueTime, key]).toEqual(['-stream', null, 'desk-1:-stream']);
    expect(codec.validate(envelope)).toMatchObject({ ok: true });
  });

  it('the same report twice has one eventId; the poll report of the same fill has another', () => {
    const { event, raw } = streamObservation('ws_private_ticketInfo_spot');
    const again = streamObservation('ws_private_ticketInfo_spot');
    const first = observationEnvelope(event, raw, options).envelope.eventId;
    expect(observationEnvelope(again.event, again.raw, { ...options, observedAt: 0 }).envelope.eventId).toBe(
      first,
    );
    const [row] = venueFixture('rest_GET_api_v1_account_trades', accountTradeListSchema);
    const polled = spotTradeObservation('desk-1', row);
    const repolled = spotTradeObservation('desk-1', row);
    expect(observationEnvelope(polled, row, options).envelope.eventId).toBe(
      observationEnvelope(repolled, row, options).envelope.eventId,
    );
    expect(observationEnvelope(polled, row, options).envelope.eventId).not.toBe(first);
  });

  it('the codec refuses a payload the domain reader refuses, naming the field', () => {
    const { event, raw } = streamObservation('ws_private_ticketInfo_spot');
    const { envelope } = observationEnvelope(event, raw, options);
    const broken = { ...envelope, payload: { ...(envelope.payload as object), qty: '-1' } };
    const result = codec.validate(broken);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/payload.*qty/);
  });
});
