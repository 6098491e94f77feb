import fc from 'fast-check';
import { assertOrderIndependentFold } from '../test-support/fold-properties';
import { stopOrderObservation } from '../test-support/futures-builders';
import { futuresStopOrderDecider } from './futures-stop-order.decider';
import { FuturesStopOrderCommand } from './futures-stop-order.types';

/** A stop order seen waiting by polls and the stream, then triggered or canceled (or still waiting). */
const histories = fc
  .record({
    waitingReports: fc.array(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.constantFrom('ws', 'rest-poll')), {
      maxLength: 4,
    }),
    end: fc.constantFrom('ORDER_FILLED', 'ORDER_CANCELED', null),
    linkSeen: fc.boolean(),
  })
  .map(({ waitingReports, end, linkSeen }) => {
    const commands: FuturesStopOrderCommand[] = waitingReports.map(([time, source]) => ({
      type: 'RecordFuturesStopOrderObservation',
      observation: stopOrderObservation({ updateTime: 1_000 + time, source }),
      now: 1,
    }));
    if (end !== null) {
      commands.push({
        type: 'RecordFuturesStopOrderObservation',
        observation: stopOrderObservation({
          status: end,
          updateTime: 2_000,
          triggeredOrderId: end === 'ORDER_FILLED' && linkSeen ? '1742290000000000000' : null,
        }),
        now: 1,
      });
    }
    return commands;
  });

describe('futures stop order folding properties', () => {
  it('shuffles, duplicates and batch boundaries do not change the folded state', () => {
    assertOrderIndependentFold(futuresStopOrderDecider, histories, 100);
  });
});
