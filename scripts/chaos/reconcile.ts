/**
 * The end-of-run check: the OMS's orders, fills, positions and balances of account demo
 * against the venue's snapshot of the demo user, and no order placed twice. Each
 * difference is one line naming what differs.
 */
import Decimal from 'decimal.js';
import { DeskClient } from '../demo/desk-client';

type Row = Record<string, unknown>;

interface VenueUser {
  accountBalances: Array<{ balances: Array<{ asset: string; total: string; free: string; locked: string }> }>;
  futuresBalances: Array<{ asset: string; balance: string }>;
  spotOrders: Row[];
  spotTrades: Row[];
  futuresOrders: Row[];
  futuresTrades: Row[];
  positions: Array<{ symbol: string; side: string; position: string }>;
}

function str(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}
const same = (left: unknown, right: unknown) => {
  try {
    return new Decimal(str(left) || '0').eq(str(right) || '0');
  } catch {
    return str(left) === str(right);
  }
};

export interface OmsView {
  orders: Row[];
  fills: Row[];
  positions: Row[];
  balances: Row[];
}

export async function readOms(desk: DeskClient): Promise<OmsView> {
  const [orders, fills, positions, balances] = await Promise.all([
    desk.all<Row>('/v1/orders?account=demo&limit=1000'),
    desk.all<Row>('/v1/fills?account=demo&limit=1000'),
    desk.get<{ items: Row[] }>('/v1/positions?account=demo'),
    desk.get<{ items: Row[] }>('/v1/balances?account=demo'),
  ]);
  return { orders, fills, positions: positions.items, balances: balances.items };
}

export async function readVenue(controlUrl: string, userId: string): Promise<VenueUser> {
  const response = await fetch(`${controlUrl}/snapshot?userId=${userId}`);
  const snapshot = (await response.json()) as { users: VenueUser[] };
  return snapshot.users[0];
}

function compareOrders(oms: OmsView, venue: VenueUser, differences: string[]): void {
  const venueOrders = [...venue.spotOrders, ...venue.futuresOrders];
  const omsByVenueId = new Map(
    oms.orders.filter((order) => order.orderId).map((order) => [str(order.orderId), order]),
  );
  for (const order of oms.orders)
    if (order.status === 'UNCERTAIN' || order.status === 'PENDING_SUBMIT')
      differences.push(`order ${str(order.id)}: still ${str(order.status)} after quiescence`);
  for (const venueOrder of venueOrders) {
    const id = str(venueOrder.orderId);
    const order = omsByVenueId.get(id);
    if (!order) {
      differences.push(
        `order ${id} (${str(venueOrder.clientOrderId)}, ${str(venueOrder.symbol)}, ${str(venueOrder.status)}, time ${str(venueOrder.time)}): at the venue, not in the OMS`,
      );
      continue;
    }
    omsByVenueId.delete(id);
    if (str(order.status) !== str(venueOrder.status))
      differences.push(`order ${id}: status OMS ${str(order.status)}, venue ${str(venueOrder.status)}`);
    if (!same(order.executedQty, venueOrder.executedQty))
      differences.push(
        `order ${id}: executedQty OMS ${str(order.executedQty)}, venue ${str(venueOrder.executedQty)}`,
      );
  }
  for (const [id, order] of omsByVenueId)
    differences.push(`order ${id} (OMS ${str(order.id)}): in the OMS, unknown at the venue`);
  const byClientId = new Map<string, number>();
  for (const venueOrder of venueOrders)
    byClientId.set(str(venueOrder.clientOrderId), (byClientId.get(str(venueOrder.clientOrderId)) ?? 0) + 1);
  for (const [clientOrderId, count] of byClientId)
    if (count > 1) differences.push(`client order id ${clientOrderId}: placed ${count} times at the venue`);
}

function compareFills(oms: OmsView, venue: VenueUser, differences: string[]): void {
  const omsFills = new Map(oms.fills.map((fill) => [str(fill.fillId), fill]));
  for (const trade of [...venue.spotTrades, ...venue.futuresTrades]) {
    const id = str(trade.ticketId) || str(trade.tradeId) || str(trade.id);
    const fill = omsFills.get(id);
    if (!fill) {
      differences.push(
        `fill ${id} of order ${str(trade.orderId)} (${str(trade.symbol)}, time ${str(trade.time)}): at the venue, not in the OMS`,
      );
      continue;
    }
    omsFills.delete(id);
    const quantity = trade.quantity ?? trade.qty;
    if (!same(fill.qty, quantity) || !same(fill.price, trade.price))
      differences.push(
        `fill ${id}: OMS ${str(fill.qty)} @ ${str(fill.price)}, venue ${str(quantity)} @ ${str(trade.price)}`,
      );
  }
  for (const id of omsFills.keys()) differences.push(`fill ${id}: in the OMS, unknown at the venue`);
}

function comparePositions(oms: OmsView, venue: VenueUser, differences: string[]): void {
  const key = (symbol: unknown, side: unknown) => `${str(symbol)} ${str(side)}`;
  const omsPositions = new Map(
    oms.positions.map((position) => [key(position.symbol, position.side), position]),
  );
  for (const position of venue.positions) {
    const mine = omsPositions.get(key(position.symbol, position.side));
    omsPositions.delete(key(position.symbol, position.side));
    if (!same(mine?.contracts ?? '0', position.position))
      differences.push(
        `position ${key(position.symbol, position.side)}: OMS ${str(mine?.contracts ?? 0)} contracts, venue ${position.position}`,
      );
  }
  for (const [name, position] of omsPositions)
    if (!same(position.contracts, '0'))
      differences.push(`position ${name}: OMS ${str(position.contracts)} contracts, venue none`);
}

function compareBalances(oms: OmsView, venue: VenueUser, differences: string[]): void {
  const omsBalance = (wallet: string, asset: string) =>
    oms.balances.find((balance) => balance.wallet === wallet && balance.asset === asset);
  for (const balance of venue.accountBalances[0]?.balances ?? []) {
    const mine = omsBalance('spot', balance.asset);
    for (const field of ['free', 'locked', 'total'] as const)
      if (!same(mine?.[field] ?? 'missing', balance[field]))
        differences.push(
          `spot ${balance.asset} ${field}: OMS ${str(mine?.[field] ?? 'missing')}, venue ${balance[field]}`,
        );
  }
  for (const balance of venue.futuresBalances) {
    const mine = omsBalance('futures', balance.asset);
    if (!same(mine?.total ?? 'missing', balance.balance))
      differences.push(
        `futures ${balance.asset} total: OMS ${str(mine?.total ?? 'missing')}, venue ${balance.balance}`,
      );
  }
}

export function differencesBetween(oms: OmsView, venue: VenueUser): string[] {
  const differences: string[] = [];
  compareOrders(oms, venue, differences);
  compareFills(oms, venue, differences);
  comparePositions(oms, venue, differences);
  compareBalances(oms, venue, differences);
  return differences;
}
