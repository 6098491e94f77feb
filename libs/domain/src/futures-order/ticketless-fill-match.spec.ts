import { DomainError } from '../shared/domain-error';
import { futuresFillObservation } from '../test-support/futures-builders';
import { futuresOrderDecider } from './futures-order.decider';
import { FuturesOrderState } from './futures-order.types';

const NOW = 1723037400000;
const wsFill = futuresFillObservation({
  source: 'ws',
  tradeId: null,
  fee: null,
  realizedPnl: null,
  orderSide: null,
});
const ticketlessRow = futuresFillObservation({
  ticketId: null,
  tradeId: '1744405140125908224',
  tradeTime: wsFill.tradeTime + 3,
});

function fold(...observations: (typeof wsFill)[]): FuturesOrderState {
  let state = futuresOrderDecider.initialState;
  for (const observation of observations) {
    const events = futuresOrderDecider.decide(
      { type: 'RecordFuturesFillObservation', observation, now: NOW },
      state,
    );
    if (events instanceof DomainError) throw events;
    state = events.reduce(futuresOrderDecider.evolve, state);
  }
  return state;
}

describe('a futures trades row without ticketId', () => {
  it('merges into the stream report of the same fill (price, quantity, time), taking its fee', () => {
    const state = fold(wsFill, ticketlessRow);
    expect(state.recentFills.map((fill) => fill.fillId)).toEqual([wsFill.ticketId]);
    expect(state.recentFills[0].fee).toEqual(ticketlessRow.fee);
    expect(state.recentFills[0].sources).toEqual(['rest-poll', 'ws']);
  });

  it('stays a fill of its own when the price differs', () => {
    const state = fold(wsFill, { ...ticketlessRow, price: '2463.37' });
    expect(state.recentFills).toHaveLength(2);
  });

  it('stays a fill of its own when it is more than a second apart', () => {
    const state = fold(wsFill, { ...ticketlessRow, tradeTime: wsFill.tradeTime + 5_000 });
    expect(state.recentFills).toHaveLength(2);
  });
});
