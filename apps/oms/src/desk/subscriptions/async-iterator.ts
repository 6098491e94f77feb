import { Observable, Subscription } from 'rxjs';

/**
 * An rxjs stream as the AsyncIterator a GraphQL subscription returns. Values wait in
 * a bounded queue for a slow client; past the bound the oldest are dropped (a desk
 * screen wants the latest state, and the store keeps everything).
 */
export function toAsyncIterator<T>(source: Observable<T>, maxQueued = 1000): AsyncIterableIterator<T> {
  const queued: T[] = [];
  const waiting: Array<(result: IteratorResult<T>) => void> = [];
  let done = false;
  const subscription: Subscription = source.subscribe({
    next: (value) => {
      const next = waiting.shift();
      if (next) next({ value, done: false });
      else {
        queued.push(value);
        if (queued.length > maxQueued) queued.shift();
      }
    },
    complete: () => finish(),
    error: () => finish(),
  });
  function finish(): void {
    done = true;
    subscription.unsubscribe();
    for (const next of waiting.splice(0)) next({ value: undefined, done: true });
  }
  return {
    next(): Promise<IteratorResult<T>> {
      if (queued.length > 0) return Promise.resolve({ value: queued.shift() as T, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => waiting.push(resolve));
    },
    return(): Promise<IteratorResult<T>> {
      finish();
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(error?: unknown): Promise<IteratorResult<T>> {
      finish();
      return Promise.reject(error instanceof Error ? error : new Error('subscription closed'));
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
