import { DomainErrorCode } from '../shared/domain-error';
import { deciderSpecification } from '../test-support/decider-specification';
import { VenueStreamEvent, venueStreamDecider } from './venue-stream.decider';

const spec = deciderSpecification(venueStreamDecider);
const connected: VenueStreamEvent = {
  type: 'VenueStreamConnected',
  schemaVersion: 1,
  data: { accountId: 'A1', connectionId: 'c1', at: 100, source: 'ws' },
};
const dropped: VenueStreamEvent = {
  type: 'VenueStreamDisconnected',
  schemaVersion: 1,
  data: { accountId: 'A1', connectionId: 'c1', at: 200, reason: 'missed pongs', source: 'ws' },
};

describe('venue stream', () => {
  it('records the first connection', () => {
    spec
      .given([])
      .when({ type: 'RecordStreamConnected', accountId: 'A1', connectionId: 'c1', now: 100 })
      .then([connected]);
  });

  it('a reconnect after a drop records the gap to cover by polling', () => {
    spec
      .given([connected, dropped])
      .when({ type: 'RecordStreamConnected', accountId: 'A1', connectionId: 'c2', now: 5200 })
      .then([
        {
          type: 'VenueStreamGapDetected',
          schemaVersion: 1,
          data: { accountId: 'A1', from: 200, to: 5200, reason: 'reconnected', source: 'ws' },
        },
        {
          type: 'VenueStreamConnected',
          schemaVersion: 1,
          data: { accountId: 'A1', connectionId: 'c2', at: 5200, source: 'ws' },
        },
      ]);
  });

  it('records a reconnection gap once when ingest publishes it before the connection, or after it', () => {
    const gap: VenueStreamEvent = {
      type: 'VenueStreamGapDetected',
      schemaVersion: 1,
      data: { accountId: 'A1', from: 200, to: 5200, reason: 'reconnected', source: 'ws' },
    };
    const reconnected: VenueStreamEvent = {
      type: 'VenueStreamConnected',
      schemaVersion: 1,
      data: { accountId: 'A1', connectionId: 'c2', at: 5200, source: 'ws' },
    };
    spec
      .given([connected, dropped, gap])
      .when({ type: 'RecordStreamConnected', accountId: 'A1', connectionId: 'c2', now: 5200 })
      .then([reconnected]);
    spec
      .given([connected, dropped, gap, reconnected])
      .when({ type: 'RecordStreamGap', from: 200, to: 5200, reason: 'reconnected', now: 5200 })
      .then([]);
  });

  it('ignores the late drop of a connection that was already replaced', () => {
    spec
      .given([connected])
      .when({ type: 'RecordStreamDisconnected', connectionId: 'c0', reason: 'closed', now: 300 })
      .then([]);
  });

  it('refuses a gap that ends before it starts', () => {
    spec
      .given([connected])
      .when({ type: 'RecordStreamGap', from: 500, to: 400, reason: 'heartbeat', now: 600 })
      .thenFails(DomainErrorCode.InvalidField, 'to');
  });
});
