import fc from 'fast-check';

import { dec } from '../support/engine-decimal';
import type { RestingOrder } from './order-book';
import { OrderBook } from './order-book';
import { matchIncoming, previewFill } from './order-matcher';

let arrival = 0;
function resting(
  orderId: string,
  side: 'BUY' | 'SELL',
  price: string,
  quantity: string,
  accountId = 'maker',
): RestingOrder {
  arrival += 1;
  return {
    orderId,
    side,
    price: dec(price),
    remaining: dec(quantity),
    accountId,
    isParticipant: false,
    restedAt: arrival,
  };
}

const spec = {
  stepSize: dec('0.001'),
  multiplier: dec(1),
  accountId: 'taker',
  stpMode: 'EXPIRE_TAKER' as const,
};

describe('OrderBook', () => {
  it('serves the best price first and, within a price, the earliest order', () => {
    const book = new OrderBook('ETHUSDT');
    book.add(resting('a', 'SELL', '101', '1'));
    book.add(resting('b', 'SELL', '100', '1'));
    book.add(resting('c', 'SELL', '100', '1'));
    book.add(resting('d', 'BUY', '99', '1'));
    book.add(resting('e', 'BUY', '99.5', '1'));
    expect([...book.walk('SELL')].map((order) => order.orderId)).toEqual(['b', 'c', 'a']);
    expect([...book.walk('BUY')].map((order) => order.orderId)).toEqual(['e', 'd']);
    expect(book.depth('SELL', 5).map((level) => [level.price.toString(), level.quantity.toString()])).toEqual(
      [
        ['100', '2'],
        ['101', '1'],
      ],
    );
    book.remove('b');
    expect(book.best('SELL')?.orderId).toBe('c');
    book.remove('c');
    expect(book.depth('SELL', 5)).toHaveLength(1);
  });

  it('keeps every side sorted and FIFO for any sequence of inserts and removals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.integer({ min: 90, max: 110 }), remove: fc.boolean() }), {
          minLength: 1,
          maxLength: 60,
        }),
        (steps) => {
          const book = new OrderBook('X');
          const live: RestingOrder[] = [];
          steps.forEach((step, index) => {
            if (step.remove && live.length > 0) {
              const [gone] = live.splice(index % live.length, 1);
              book.remove(gone.orderId);
            } else {
              const order = resting(`o${index}`, 'SELL', String(step.price), '1');
              live.push(order);
              book.add(order);
            }
          });
          const walked = [...book.walk('SELL')];
          const expected = [...live].sort((a, b) => a.price.comparedTo(b.price) || a.restedAt - b.restedAt);
          expect(walked.map((order) => order.orderId)).toEqual(expected.map((order) => order.orderId));
          expect(book.size()).toBe(live.length);
        },
      ),
      { seed: 20261122, numRuns: 200 },
    );
  });
});

describe('matchIncoming', () => {
  it('fills at the makers prices up to the limit and reports what stopped it', () => {
    const book = new OrderBook('ETHUSDT');
    book.add(resting('a', 'SELL', '100', '1'));
    book.add(resting('b', 'SELL', '101', '2'));
    book.add(resting('c', 'SELL', '103', '5'));
    const fills: string[] = [];
    const outcome = matchIncoming(
      book,
      { ...spec, side: 'BUY', limitPrice: dec('102'), quantity: dec('4') },
      {
        onFill: (maker, quantity, price) =>
          fills.push(`${maker.orderId}:${quantity.toString()}@${price.toString()}`),
        onMakerExpired: () => undefined,
      },
    );
    expect(fills).toEqual(['a:1@100', 'b:2@101']);
    expect(outcome).toMatchObject({ stop: 'noCross' });
    expect(outcome.filledQuantity.toString()).toBe('3');
    expect(outcome.filledQuote.toString()).toBe('302');
    expect(book.best('SELL')?.orderId).toBe('c');
  });

  it('spends a cash budget in whole steps', () => {
    const book = new OrderBook('ETHUSDT');
    book.add(resting('a', 'SELL', '3000', '1'));
    const preview = previewFill(book, {
      ...spec,
      side: 'BUY',
      quantity: dec('1000'),
      quoteBudget: dec('100'),
    });
    expect(preview.quantity.toString()).toBe('0.033');
    const outcome = matchIncoming(
      book,
      { ...spec, side: 'BUY', quantity: dec('1000'), quoteBudget: dec('100') },
      { onFill: () => undefined, onMakerExpired: () => undefined },
    );
    expect(outcome.stop).toBe('budget');
    expect(outcome.filledQuote.toString()).toBe('99');
  });

  it('stops at an own order under EXPIRE_TAKER and removes own orders under EXPIRE_MAKER', () => {
    const book = new OrderBook('ETHUSDT');
    book.add(resting('own', 'SELL', '100', '1', 'taker'));
    book.add(resting('other', 'SELL', '100', '1'));
    const stopped = matchIncoming(
      book,
      { ...spec, side: 'BUY', limitPrice: dec('100'), quantity: dec('1') },
      { onFill: () => undefined, onMakerExpired: () => undefined },
    );
    expect(stopped.stop).toBe('selfTrade');
    expect(book.size()).toBe(2);
    const expired: string[] = [];
    const filled = matchIncoming(
      book,
      { ...spec, stpMode: 'EXPIRE_MAKER', side: 'BUY', limitPrice: dec('100'), quantity: dec('1') },
      { onFill: () => undefined, onMakerExpired: (maker) => expired.push(maker.orderId) },
    );
    expect(expired).toEqual(['own']);
    expect(filled.stop).toBe('complete');
    expect(book.size()).toBe(0);
  });
});
