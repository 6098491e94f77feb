import { FaultInjector } from '../faults/fault-injector';
import { StreamDelivery } from './stream-delivery';

describe('StreamDelivery', () => {
  let faults: FaultInjector;
  let sent: string[];
  let delivery: StreamDelivery;

  beforeEach(() => {
    jest.useFakeTimers();
    faults = new FaultInjector();
    sent = [];
    delivery = new StreamDelivery(faults, (payload) => sent.push(payload));
  });

  afterEach(() => {
    delivery.close();
    jest.useRealTimers();
  });

  it('delivers in order without faults', () => {
    ['a', 'b', 'c'].forEach((message) => delivery.deliver(message));
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('drops, then duplicates, the next messages as armed', () => {
    faults.armStream({ mode: 'DROP', count: 1 });
    faults.armStream({ mode: 'DUPLICATE', count: 1 });
    ['a', 'b', 'c'].forEach((message) => delivery.deliver(message));
    expect(sent).toEqual(['b', 'b', 'c']);
  });

  it('delays a message so that later ones overtake it', () => {
    faults.armStream({ mode: 'DELAY', count: 1, delayMs: 500 });
    delivery.deliver('a');
    delivery.deliver('b');
    expect(sent).toEqual(['b']);
    jest.advanceTimersByTime(500);
    expect(sent).toEqual(['b', 'a']);
  });

  it('swaps a reordered message with its successor, or releases it when none comes', () => {
    faults.armStream({ mode: 'REORDER', count: 1 });
    delivery.deliver('a');
    delivery.deliver('b');
    delivery.deliver('c');
    expect(sent).toEqual(['b', 'a', 'c']);
    faults.armStream({ mode: 'REORDER', count: 1 });
    delivery.deliver('d');
    expect(sent).toEqual(['b', 'a', 'c']);
    jest.advanceTimersByTime(2000);
    expect(sent).toEqual(['b', 'a', 'c', 'd']);
  });

  it('sends nothing after close, even what was delayed', () => {
    faults.armStream({ mode: 'DELAY', count: 1, delayMs: 100 });
    delivery.deliver('a');
    delivery.close();
    jest.advanceTimersByTime(1000);
    delivery.deliver('b');
    expect(sent).toEqual([]);
  });
});
