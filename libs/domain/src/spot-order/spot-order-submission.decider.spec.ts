import { DomainErrorCode } from '../shared/domain-error';
import { deciderSpecification } from '../test-support/decider-specification';
import {
  CLIENT_ORDER_ID,
  ORDER_ID,
  observedOrder,
  recordOrder,
  spotLimitBuy,
  spotOrderObservation,
  spotOrderRequested,
} from '../test-support/spot-builders';
import { spotOrderDecider } from './spot-order.decider';
import { SpotOrderEvent } from './spot-order.types';

const spec = deciderSpecification(spotOrderDecider);
const accepted: SpotOrderEvent = {
  type: 'OrderAccepted',
  schemaVersion: 1,
  data: { clientOrderId: CLIENT_ORDER_ID, orderId: ORDER_ID, acceptedAt: 1722006209990 },
};
const uncertain: SpotOrderEvent = {
  type: 'OrderSubmissionUncertain',
  schemaVersion: 1,
  data: { clientOrderId: CLIENT_ORDER_ID, reason: 'http-5xx', detail: '503', at: 1722006210000 },
};

describe('spot order: submission', () => {
  it('records the intent with the generated clientOrderId and the desk actor', () => {
    spec
      .given([])
      .when({
        type: 'PlaceSpotOrder',
        clientOrderId: CLIENT_ORDER_ID,
        actor: 'desk:alice',
        request: spotLimitBuy(),
        now: 5,
      })
      .then([
        {
          type: 'OrderSubmissionRequested',
          schemaVersion: 1,
          data: {
            clientOrderId: CLIENT_ORDER_ID,
            actor: 'desk:alice',
            requestedAt: 5,
            request: spotLimitBuy(),
          },
        },
      ]);
  });

  const market = { type: 'MARKET', price: null, timeInForce: 'IOC' } as const;
  it.each([
    [
      'a limit order without a price',
      spotLimitBuy({ price: null }),
      DomainErrorCode.MissingField,
      'request.price',
    ],
    [
      'a quantity that is not a decimal string',
      spotLimitBuy({ quantity: '1e3' }),
      DomainErrorCode.InvalidField,
      'request.quantity',
    ],
    [
      'a market order with a price',
      spotLimitBuy({ ...market, price: '3000' }),
      DomainErrorCode.InvalidField,
      'request.price',
    ],
    [
      'a market order with neither quantity nor amount',
      spotLimitBuy({ ...market, quantity: null }),
      DomainErrorCode.MissingField,
      'request.quantity',
    ],
    [
      'a market order with FOK (the seeds allow IOC only)',
      spotLimitBuy({ ...market, timeInForce: 'FOK' }),
      DomainErrorCode.InvalidField,
      'request.timeInForce',
    ],
    [
      'a limit-maker order with IOC',
      spotLimitBuy({ type: 'LIMIT_MAKER', timeInForce: 'IOC' }),
      DomainErrorCode.InvalidField,
      'request.timeInForce',
    ],
  ] as const)('refuses %s, naming the field', (_case, request, code, field) => {
    spec
      .given([])
      .when({ type: 'PlaceSpotOrder', clientOrderId: CLIENT_ORDER_ID, actor: 'desk:alice', request, now: 5 })
      .thenFails(code, field);
  });

  it.each([
    ['a market buy by cash amount', spotLimitBuy({ ...market, quantity: null, amount: '100' })],
    ['a market buy by quantity', spotLimitBuy({ ...market, quantity: '0.5' })],
    ['a market sell by quantity', spotLimitBuy({ ...market, side: 'SELL', quantity: '0.5' })],
    [
      'a market sell by cash amount (v1.1)',
      spotLimitBuy({ ...market, side: 'SELL', quantity: null, amount: '100' }),
    ],
  ] as const)('accepts %s', (_case, request) => {
    spec
      .given([])
      .when({ type: 'PlaceSpotOrder', clientOrderId: CLIENT_ORDER_ID, actor: 'desk:alice', request, now: 5 })
      .thenEventTypes(['OrderSubmissionRequested']);
  });

  it('refuses to place twice in one stream', () => {
    spec
      .given([spotOrderRequested()])
      .when({
        type: 'PlaceSpotOrder',
        clientOrderId: CLIENT_ORDER_ID,
        actor: 'desk:alice',
        request: spotLimitBuy(),
        now: 5,
      })
      .thenFails(DomainErrorCode.OrderAlreadyExists);
  });

  it('a 2XX answer accepts the order and is also an observation', () => {
    const ack = spotOrderObservation({ source: 'rest-ack', acknowledgedRequest: 'create' });
    spec
      .given([spotOrderRequested()])
      .when({ type: 'RecordSpotSubmissionAccepted', acknowledgement: ack, now: 1722006209990 })
      .then([accepted, { type: 'SpotOrderObserved', schemaVersion: 1, data: ack }]);
  });

  it('a 4XX answer rejects with the venue code and message', () => {
    spec
      .given([spotOrderRequested()])
      .when({
        type: 'RecordSubmissionRejected',
        venueCode: '-1133',
        venueMessage: 'Order price lower than the minimum',
        now: 9,
      })
      .then([
        {
          type: 'OrderRejected',
          schemaVersion: 1,
          data: {
            clientOrderId: CLIENT_ORDER_ID,
            venueCode: '-1133',
            venueMessage: 'Order price lower than the minimum',
            rejectedAt: 9,
          },
        },
      ]);
  });

  it('a 5XX makes the submission uncertain, never failed', () => {
    spec
      .given([spotOrderRequested()])
      .when({ type: 'RecordSubmissionUncertain', reason: 'http-5xx', detail: '503', now: 1722006210000 })
      .then([uncertain]);
  });

  it('a stream report carrying the clientOrderId resolves an uncertain submission as found, with the time it took', () => {
    spec
      .given([spotOrderRequested(), uncertain])
      .when(recordOrder({ source: 'ws' }, 1722006212500))
      .then([
        observedOrder({ source: 'ws' }),
        {
          type: 'OrderSubmissionResolved',
          schemaVersion: 1,
          data: {
            clientOrderId: CLIENT_ORDER_ID,
            outcome: 'found',
            orderId: ORDER_ID,
            evidence: { kind: 'observation', source: 'ws', venueUpdateTime: 1722006209989 },
            uncertainSince: 1722006210000,
            resolvedAt: 1722006212500,
            tookMs: 2500,
          },
        },
      ]);
  });

  it('a report stamped by the venue before the OMS began to wait resolved it at once: never a negative time', () => {
    spec
      .given([spotOrderRequested(), uncertain])
      .when(recordOrder({ source: 'ws' }, 1722006209995))
      .thenState((_state, events) =>
        expect(events.find((event) => event.type === 'OrderSubmissionResolved')?.data).toMatchObject({
          uncertainSince: 1722006210000,
          resolvedAt: 1722006210000,
          tookMs: 0,
        }),
      );
  });

  it('resolves as absent after the lookups, and a later sighting becomes a break', () => {
    const absent: SpotOrderEvent = {
      type: 'OrderSubmissionResolved',
      schemaVersion: 1,
      data: {
        clientOrderId: CLIENT_ORDER_ID,
        outcome: 'absent',
        orderId: null,
        evidence: {
          kind: 'lookups-not-found',
          lookups: 4,
          venueCode: '0211',
          venueMessage: 'Order not found',
        },
        uncertainSince: 1722006210000,
        resolvedAt: 1722006240000,
        tookMs: 30000,
      },
    };
    spec
      .given([spotOrderRequested(), uncertain])
      .when({
        type: 'ResolveSubmissionAbsent',
        lookups: 4,
        venueCode: '0211',
        venueMessage: 'Order not found',
        now: 1722006240000,
      })
      .then([absent]);
    spec
      .given([spotOrderRequested(), uncertain, absent])
      .when(recordOrder())
      .thenEventTypes(['SpotOrderObserved', 'ReconciliationBreakDetected']);
  });

  it('counts the lookups of an uncertain submission that learned nothing certain', () => {
    const lookedUp = (answer: 'not-found' | 'unavailable', at: number, lookups?: number): SpotOrderEvent => ({
      type: 'OrderSubmissionLookedUp',
      schemaVersion: 1,
      data: lookups === undefined ? { answer, at } : { answer, at, lookups },
    });
    spec
      .given([spotOrderRequested(), uncertain])
      .when({ type: 'RecordSubmissionLookup', answer: 'not-found', now: 1722006211000 })
      .then([lookedUp('not-found', 1722006211000, 1)]);
    // An event recorded before records carried a count stands for one lookup.
    spec
      .given([spotOrderRequested(), uncertain, lookedUp('not-found', 1), lookedUp('unavailable', 2, 4)])
      .when({ type: 'RecordSubmissionLookup', answer: 'not-found', lookups: 3, now: 3 })
      .thenState((state) => expect(state.submission).toMatchObject({ phase: 'uncertain', lookups: 8 }));
    spec
      .given([spotOrderRequested(), uncertain])
      .when({ type: 'RecordSubmissionLookup', answer: 'unavailable', lookups: 0, now: 1 })
      .thenFails(DomainErrorCode.InvalidField, 'lookups');
    spec
      .given([spotOrderRequested(), accepted])
      .when({ type: 'RecordSubmissionLookup', answer: 'not-found', now: 1 })
      .thenFails(DomainErrorCode.SubmissionNotUncertain);
    spec
      .given([spotOrderRequested(), uncertain])
      .when({ type: 'RecordSubmissionLookup', answer: 'found' as 'not-found', now: 1 })
      .thenFails(DomainErrorCode.InvalidField, 'answer');
  });

  it('cannot resolve a submission that is not uncertain', () => {
    spec
      .given([spotOrderRequested(), accepted])
      .when({ type: 'ResolveSubmissionAbsent', lookups: 1, venueCode: null, venueMessage: null, now: 1 })
      .thenFails(DomainErrorCode.SubmissionNotUncertain);
  });
});
