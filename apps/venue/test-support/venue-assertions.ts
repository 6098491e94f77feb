import Decimal from 'decimal.js';
import { accountInfoSchema, futuresBalanceListSchema, futuresPositionListSchema } from '@oms/exchange';
import { VenueTestClient } from './venue-test-client';

/** Equal as decimals, whatever the trailing zeros. */
export function expectDecimal(actual: string | undefined, expected: string): void {
  if (actual === undefined || !new Decimal(actual).eq(expected)) {
    throw new Error(`expected ${expected}, got ${String(actual)}`);
  }
}

/** Spot balances of the key's main trading account, by asset. */
export async function spotBalances(
  client: VenueTestClient,
): Promise<Record<string, { free: string; locked: string }>> {
  const parsed = accountInfoSchema.parse((await client.signed('GET', '/api/v1/account')).body);
  return Object.fromEntries(
    parsed.balances.map((entry) => [entry.asset, { free: entry.free, locked: entry.locked }]),
  );
}

/** The USDT entry of GET /api/v1/futures/balance. */
export async function futuresWallet(client: VenueTestClient) {
  const entries = futuresBalanceListSchema.parse(
    (await client.signed('GET', '/api/v1/futures/balance')).body,
  );
  const usdt = entries.find((entry) => entry.asset === 'USDT');
  if (usdt === undefined) throw new Error('no USDT futures balance');
  return usdt;
}

export async function futuresPosition(client: VenueTestClient, symbol: string, side: 'LONG' | 'SHORT') {
  const positions = futuresPositionListSchema.parse(
    (await client.signed('GET', '/api/v1/futures/positions', { symbol, side })).body,
  );
  return positions[0];
}
