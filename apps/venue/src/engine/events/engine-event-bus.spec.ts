import { EngineEventBus } from './engine-event-bus';
import type { EngineEvent } from '../types/engine-event.types';

const balance = (userId: string, accountId: string) =>
  ({ kind: 'spotBalance', userId, accountId, eventTime: 1, balances: [] }) as const;

describe('EngineEventBus', () => {
  it('routes by user, by account and to everyone, in sequence, until unsubscribed', () => {
    const bus = new EngineEventBus();
    const byUser: EngineEvent[] = [];
    const byAccount: EngineEvent[] = [];
    const all: EngineEvent[] = [];
    const stopUser = bus.onUser('u1', (event) => byUser.push(event));
    bus.onAccount('a2', (event) => byAccount.push(event));
    bus.onAny((event) => all.push(event));
    bus.emit(balance('u1', 'a1'));
    bus.emit(balance('u2', 'a2'));
    stopUser();
    bus.emit(balance('u1', 'a1'));
    expect(byUser.map((event) => event.sequence)).toEqual([1]);
    expect(byAccount.map((event) => event.accountId)).toEqual(['a2']);
    expect(all.map((event) => event.sequence)).toEqual([1, 2, 3]);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const bus = new EngineEventBus();
    const received: number[] = [];
    bus.onUser('u1', () => {
      throw new Error('broken stream');
    });
    bus.onUser('u1', (event) => received.push(event.sequence));
    expect(() => bus.emit(balance('u1', 'a1'))).not.toThrow();
    expect(received).toEqual([1]);
  });
});
