import { createLogger } from '@oms/platform';

import type { EngineEvent, EngineEventListener, Unsubscribe } from '../types/engine-event.types';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type UnsequencedEvent = DistributiveOmit<EngineEvent, 'sequence'>;

/**
 * Synchronous fan-out of engine events. A listener that throws is logged and
 * skipped: one broken stream connection must never break matching.
 */
export class EngineEventBus {
  private readonly log = createLogger('VenueEngineEvents');
  private readonly byUser = new Map<string, Set<EngineEventListener>>();
  private readonly byAccount = new Map<string, Set<EngineEventListener>>();
  private readonly everyEvent = new Set<EngineEventListener>();
  private sequence = 0;

  onUser(userId: string, listener: EngineEventListener): Unsubscribe {
    return this.register(this.byUser, userId, listener);
  }

  onAccount(accountId: string, listener: EngineEventListener): Unsubscribe {
    return this.register(this.byAccount, accountId, listener);
  }

  onAny(listener: EngineEventListener): Unsubscribe {
    this.everyEvent.add(listener);
    return () => {
      this.everyEvent.delete(listener);
    };
  }

  emit(unsequenced: UnsequencedEvent): void {
    this.sequence += 1;
    const event = { ...unsequenced, sequence: this.sequence } as EngineEvent;
    this.deliver(this.everyEvent, event);
    this.deliver(this.byUser.get(event.userId), event);
    this.deliver(this.byAccount.get(event.accountId), event);
  }

  private register(
    registry: Map<string, Set<EngineEventListener>>,
    key: string,
    listener: EngineEventListener,
  ): Unsubscribe {
    let listeners = registry.get(key);
    if (listeners === undefined) {
      listeners = new Set();
      registry.set(key, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = registry.get(key);
      current?.delete(listener);
      if (current?.size === 0) registry.delete(key);
    };
  }

  private deliver(listeners: Set<EngineEventListener> | undefined, event: EngineEvent): void {
    if (listeners === undefined) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error: unknown) {
        this.log.error(
          { err: error, kind: event.kind, sequence: event.sequence },
          'engine event listener failed',
        );
      }
    }
  }
}
