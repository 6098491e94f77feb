import { ManualClock } from '../engine-clock';
import type { EngineEvent } from '../types/engine-event.types';
import type { UserRecord } from '../types/account.types';
import type { VenueEngineOptions } from '../venue-engine.contract';
import { VenueEngine } from '../venue-engine';

export const START_TIME = 1_763_800_000_000;

export interface DeskEngine {
  readonly engine: VenueEngine;
  readonly clock: ManualClock;
}

/** An engine with a frozen clock; without participants unless asked, so hand calculations see only desk orders. */
export function deskEngine(options: Partial<VenueEngineOptions> = {}): DeskEngine {
  const clock = new ManualClock(START_TIME);
  const engine = new VenueEngine({ clock, seed: 42, simulatedMarket: false, ...options });
  return { engine, clock };
}

export interface Funding {
  readonly spot?: Readonly<Record<string, string>>;
  readonly futuresUsdt?: string;
}

export function fundedUser(engine: VenueEngine, label: string, funding: Funding): UserRecord {
  const user = engine.createUser({ label });
  for (const [asset, amount] of Object.entries(funding.spot ?? {})) {
    engine.deposit({ accountId: user.spotAccountId, asset, amount });
  }
  if (funding.futuresUsdt !== undefined) {
    engine.deposit({ accountId: user.futuresAccountId, asset: 'USDT', amount: funding.futuresUsdt });
  }
  return user;
}

/** The events of one kind, typed as that kind. */
export function ofKind<K extends EngineEvent['kind']>(
  events: readonly EngineEvent[],
  kind: K,
): Extract<EngineEvent, { kind: K }>[] {
  return events.filter((event): event is Extract<EngineEvent, { kind: K }> => event.kind === kind);
}

/** A spot trade between two desk users: the seller rests a LIMIT sell, the buyer takes it. */
export function tradeSpot(
  engine: VenueEngine,
  seller: UserRecord,
  buyer: UserRecord,
  trade: { readonly symbol: string; readonly quantity: string; readonly price: string },
): void {
  engine.placeSpotOrder({ ...trade, userId: seller.userId, side: 'SELL', type: 'LIMIT' });
  engine.placeSpotOrder({ ...trade, userId: buyer.userId, side: 'BUY', type: 'LIMIT' });
}

/** Records every event of a user from now on. */
export function recordEvents(engine: VenueEngine, userId: string): EngineEvent[] {
  const events: EngineEvent[] = [];
  engine.onUserEvent(userId, (event) => events.push(event));
  return events;
}

export function balanceOf(
  engine: VenueEngine,
  userId: string,
  asset: string,
): { free: string; locked: string } {
  const entry = engine.getSpotAccount(userId).balances.find((balance) => balance.asset === asset);
  return { free: entry?.free ?? '0', locked: entry?.locked ?? '0' };
}
