import { runCommands } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { spotOrderDecider } from '../spot-order/spot-order.decider';
import { SpotOrderCommand } from '../spot-order/spot-order.types';
import { CLIENT_ORDER_ID, ORDER_ID, spotLimitBuy, spotOrderObservation } from '../test-support/spot-builders';

const place: SpotOrderCommand = {
  type: 'PlaceSpotOrder',
  clientOrderId: CLIENT_ORDER_ID,
  actor: 'alice',
  request: spotLimitBuy(),
  now: 1722006209000,
};
const createAnswer = spotOrderObservation({
  source: 'rest-ack',
  acknowledgedRequest: 'create',
  updateTime: 1722006209989,
});
const accept: SpotOrderCommand = {
  type: 'RecordSpotSubmissionAccepted',
  acknowledgement: createAnswer,
  now: 1722006210000,
};

function decideAfter(history: SpotOrderCommand[], command: SpotOrderCommand) {
  const { state } = runCommands(spotOrderDecider, history);
  return { state, decided: spotOrderDecider.decide(command, state) };
}

describe('answers the OMS records twice or late', () => {
  it('a repeated create answer accepts nothing more and is not refused', () => {
    const { decided } = decideAfter([place, accept], accept);
    expect(decided).not.toBeInstanceOf(DomainError);
    expect((decided as readonly { type: string }[]).map((event) => event.type)).not.toContain(
      'OrderAccepted',
    );
  });

  it('a create answer naming another orderId is still refused', () => {
    const other = { ...accept, acknowledgement: { ...createAnswer, orderId: '999' } } as SpotOrderCommand;
    expect(decideAfter([place, accept], other).decided).toBeInstanceOf(DomainError);
  });

  it("a cancel answer still saying NEW after the stream's CANCELED acknowledges nothing and leaves the order CANCELED", () => {
    const canceled = spotOrderObservation({
      orderId: ORDER_ID,
      status: 'CANCELED',
      updateTime: 1722006220000,
    });
    const history: SpotOrderCommand[] = [
      place,
      accept,
      { type: 'RequestCancel', actor: 'alice', now: 1722006215000 },
      { type: 'RecordSpotOrderObservation', observation: canceled, now: 1722006220001 },
    ];
    const lateAnswer: SpotOrderCommand = {
      type: 'RecordSpotCancelAccepted',
      acknowledgement: spotOrderObservation({
        source: 'rest-ack',
        acknowledgedRequest: 'cancel',
        updateTime: 1722006216000,
      }),
      now: 1722006221000,
    };
    const { state, decided } = decideAfter(history, lateAnswer);
    expect(decided).not.toBeInstanceOf(DomainError);
    const events = decided as Parameters<typeof spotOrderDecider.evolve>[1][];
    expect(events.map((event) => event.type)).not.toContain('OrderCancelAcknowledged');
    const after = events.reduce(spotOrderDecider.evolve, state);
    expect(after.venue?.status).toBe('CANCELED');
    expect(after.cancel.phase).toBe('resolved');
  });
});
