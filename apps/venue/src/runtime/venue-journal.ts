import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { VenueEngineApi } from '../engine';
import { ApiKeyChange, ApiKeyRegistry } from '../auth/api-key-registry';

/** The engine methods that change its state; every other one only reads it. */
const ENGINE_CHANGES: ReadonlySet<string> = new Set<keyof VenueEngineApi>([
  'createUser',
  'deposit',
  'setMarkPrice',
  'advanceMarket',
  'setMatchingPaused',
  'settleFunding',
  'settleDueFunding',
  'placeSpotOrder',
  'placeSpotOrders',
  'cancelSpotOrder',
  'cancelSpotOpenOrders',
  'cancelSpotOrdersByIds',
  'transferAsset',
  'setLeverage',
  'setMarginType',
  'placeFuturesOrder',
  'placeFuturesOrders',
  'cancelFuturesOrder',
  'cancelFuturesOpenOrders',
  'cancelFuturesOrdersByIds',
  'adjustPositionMargin',
  'setTradingStop',
]);

type JournalEntry =
  | { readonly at: number; readonly call: string; readonly args: readonly unknown[] }
  | { readonly at: number; readonly key: ApiKeyChange };

/** The engine's time: the venue clock's, or the time of the change being made or replayed. */
export class ChangeTime {
  private frozenAt: number | undefined;

  constructor(private readonly clock: () => number) {}

  now(): number {
    return this.frozenAt ?? this.clock();
  }

  /** Runs `work` with the engine's time fixed at `at`, as every read of it saw it. */
  at<T>(at: number, work: () => T): T {
    this.frozenAt = at;
    try {
      return work();
    } finally {
      this.frozenAt = undefined;
    }
  }
}

/**
 * The simulated venue's state kept as the changes that made it: each engine call that
 * changes something (with its arguments and the time it ran at) and each key created or
 * revoked, one JSON line each, appended before the change is made. The engine draws
 * everything else from its seed, kept in the first line, so folding the lines again into
 * a fresh engine of that seed gives the same books, orders, balances, positions and ids,
 * and a restarted venue continues the same world. A call that failed is kept too: a
 * refusal may still have drawn an id.
 */
export class VenueJournal {
  private constructor(
    private readonly file: string,
    readonly seed: number,
    private readonly entries: readonly JournalEntry[],
  ) {}

  /** The journal in `file`, or a new one of `seed` when there is none yet. */
  static open(file: string, seed: number): VenueJournal {
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify({ seed })}\n`);
      return new VenueJournal(file, seed, []);
    }
    const [header, ...lines] = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const { seed: kept } = JSON.parse(header) as { seed: number };
    return new VenueJournal(
      file,
      kept,
      // A line cut short by a crash while it was written is the change that was not made.
      lines.flatMap((line) => {
        try {
          return [JSON.parse(line) as JournalEntry];
        } catch {
          return [];
        }
      }),
    );
  }

  /** Whether the journal holds a world to continue. */
  get isEmpty(): boolean {
    return this.entries.length === 0;
  }

  /** Makes every kept change again, in order, each at its time; refusals are refused again. */
  replay(engine: VenueEngineApi, keys: ApiKeyRegistry, time: ChangeTime): void {
    const calls = engine as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const entry of this.entries) {
      if ('key' in entry) {
        if (entry.key.kind === 'created')
          keys.create(entry.key.owner, entry.key.request, entry.key.permissions);
        else keys.revoke(entry.key.apiKey);
        continue;
      }
      try {
        time.at(entry.at, () => calls[entry.call](...entry.args));
      } catch {
        // Refused when it was made, refused again.
      }
    }
  }

  /**
   * `engine` with each change journaled before it is made, at one time: the engine reads
   * the time of the call, so the replay reads the same.
   */
  journaling(engine: VenueEngineApi, time: ChangeTime): VenueEngineApi {
    return new Proxy(engine, {
      get: (target, property, receiver) => {
        const member: unknown = Reflect.get(target, property, receiver);
        if (typeof property !== 'string' || !ENGINE_CHANGES.has(property) || typeof member !== 'function')
          return member;
        return (...args: unknown[]) => {
          const at = time.now();
          this.append({ at, call: property, args });
          return time.at(at, () => (member as (...values: unknown[]) => unknown).apply(target, args));
        };
      },
    });
  }

  /** Keeps each key created or revoked from now on. */
  watchKeys(keys: ApiKeyRegistry, time: ChangeTime): void {
    keys.onChange((change) => this.append({ at: time.now(), key: change }));
  }

  private append(entry: JournalEntry): void {
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }
}
