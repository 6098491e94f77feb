import { SpotFillObserved } from '@oms/domain';
import { prefixedTopicNames } from '@oms/kafka';
import { observationCodec } from '@oms/observations';
import { OutboxRecord } from '../delivery/outbox-record';
import { IngestMetrics } from '../metrics/ingest-metrics';
import { ObservationEmitter } from './observation-emitter';

const topics = prefixedTopicNames('unit');

function fill(overrides: Partial<SpotFillObserved['data']> = {}): SpotFillObserved {
  return {
    type: 'SpotFillObserved',
    schemaVersion: 2,
    data: {
      accountId: 'desk-1',
      symbol: 'BTCUSDT',
      orderId: '11',
      clientOrderId: null,
      ticketId: '77',
      side: 'BUY',
      price: '30000',
      qty: '0.1',
      fee: { asset: 'BTC', amount: '0.0001' },
      isMaker: false,
      tradeTime: 1_763_900_000_000,
      source: 'rest-poll',
      ...overrides,
    },
  };
}

describe('observation emitter', () => {
  let queued: OutboxRecord[];
  let emitter: ObservationEmitter;
  const options = { receivedAt: 1_763_900_000_100, correlationId: 'c-1' };

  beforeEach(() => {
    queued = [];
    emitter = new ObservationEmitter(
      { enqueue: (records) => queued.push(...records) },
      observationCodec(),
      topics,
      new IngestMetrics(),
    );
  });

  it('queues envelopes for the observations topic under their key', () => {
    emitter.emit([{ event: fill(), raw: { id: 'row' } }], { ...options, skipRepeats: true });
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: 'event',
      topic: topics.venueObservations,
      key: 'desk-1:BTCUSDT',
    });
  });

  it('a poll row seen again unchanged is not queued twice; a stream repeat is', () => {
    emitter.emit([{ event: fill(), raw: null }], { ...options, skipRepeats: true });
    emitter.emit([{ event: fill(), raw: null }], { ...options, skipRepeats: true });
    expect(queued).toHaveLength(1);
    emitter.emit([{ event: fill({ source: 'ws', fee: null }), raw: null }], {
      ...options,
      skipRepeats: false,
    });
    emitter.emit([{ event: fill({ source: 'ws', fee: null }), raw: null }], {
      ...options,
      skipRepeats: false,
    });
    expect(queued).toHaveLength(3);
    expect(queued[1].kind === 'event' && queued[2].kind === 'event' && queued[1].envelope.eventId).toBe(
      queued[2].kind === 'event' && queued[2].envelope.eventId,
    );
  });

  it('an observation that breaks the contract becomes a dead letter with the reason, not an error', () => {
    emitter.emit([{ event: fill({ qty: '-1' }), raw: { q: '-1' } }], { ...options, skipRepeats: false });
    expect(queued).toEqual([
      expect.objectContaining({
        kind: 'dead-letter',
        topic: topics.deadLetter,
        key: 'desk-1:-stream',
        value: '{"q":"-1"}',
      }),
    ]);
    expect(queued[0].kind === 'dead-letter' && queued[0].reason).toMatch(/qty/);
  });
});
