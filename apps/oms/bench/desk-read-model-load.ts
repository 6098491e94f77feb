import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export const ACCOUNTS = Array.from({ length: 10 }, (_, index) => `acc-${index}`);
export const SPOT_SYMBOLS = [
  'BTCUSDT',
  'ETHUSDT',
  'SOLUSDT',
  'XRPUSDT',
  'DOGEUSDT',
  'ADAUSDT',
  'LTCUSDT',
  'DOTUSDT',
];
export const STATUSES = ['FILLED', 'FILLED', 'CANCELED', 'NEW', 'PARTIALLY_FILLED', 'REJECTED'];
export const FILLS_PER_ORDER = 3;
/** Orders are spread over this many days, one every few seconds. */
export const START = Date.UTC(2026, 6, 1);
export const ORDER_SPACING_MS = 8_000;

export function orderUuid(index: number): string {
  return `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

export function orderAt(index: number): { account: string; symbol: string; status: string; time: number } {
  return {
    account: ACCOUNTS[index % ACCOUNTS.length],
    symbol: SPOT_SYMBOLS[Math.floor(index / ACCOUNTS.length) % SPOT_SYMBOLS.length],
    status: STATUSES[index % STATUSES.length],
    time: START + index * ORDER_SPACING_MS,
  };
}

/** Lines of a COPY text stream, produced in chunks so memory stays flat. */
function linesStream(count: number, line: (index: number) => string, perChunk = 5000): Readable {
  let next = 0;
  return new Readable({
    read() {
      if (next >= count) {
        this.push(null);
        return;
      }
      const end = Math.min(count, next + perChunk);
      let chunk = '';
      for (let index = next; index < end; index += 1) chunk += line(index);
      next = end;
      this.push(chunk);
    },
  });
}

async function copy(client: PoolClient, sql: string, rows: Readable): Promise<void> {
  await pipeline(rows, client.query(copyFrom(sql)));
}

/** Loads `orders` orders and FILLS_PER_ORDER fills each into rm_orders and rm_fills with COPY. */
export async function loadReadModels(client: PoolClient, orders: number): Promise<void> {
  // The bulk load is not a live change: no subscriber should hear of four million rows.
  for (const table of ['rm_orders', 'rm_fills'])
    await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  const iso = (ms: number) => new Date(ms).toISOString();
  await copy(
    client,
    `COPY rm_orders (id, stream_id, stream_version, account, market, symbol, side, type, time_in_force, price,
       orig_qty, executed_qty, cumulative_quote_qty, client_order_id, order_id, status, origin, created_by,
       created_at, updated_at, state_hash) FROM STDIN`,
    linesStream(orders, (index) => {
      const order = orderAt(index);
      const side = index % 2 === 0 ? 'BUY' : 'SELL';
      const price = (1000 + (index % 500)).toString();
      return (
        `${orderUuid(index)}\tspot-order:${order.account}:c-${index}\t3\t${order.account}\tspot\t${order.symbol}\t` +
        `${side}\tLIMIT\tGTC\t${price}\t0.3\t0.3\t${price}\tc-${index}\t${index}\t${order.status}\tdesk\tbench\t` +
        `${iso(order.time)}\t${iso(order.time + 3000)}\th\n`
      );
    }),
  );
  await copy(
    client,
    `COPY rm_fills (account, market, fill_id, oms_order_id, order_id, symbol, side, price, qty, quote_qty, fee,
       fee_asset, realized_pnl, is_maker, time, sources) FROM STDIN`,
    linesStream(orders * FILLS_PER_ORDER, (fillIndex) => {
      const index = Math.floor(fillIndex / FILLS_PER_ORDER);
      const order = orderAt(index);
      const side = (index + fillIndex) % 2 === 0 ? 'BUY' : 'SELL';
      const price = 1000 + (fillIndex % 700);
      return (
        `${order.account}\tspot\tf-${fillIndex}\t${orderUuid(index)}\t${index}\t${order.symbol}\t${side}\t` +
        `${price}\t0.1\t${price / 10}\t0.01\tUSDT\t\\N\tf\t${iso(order.time + 1000 * (fillIndex % FILLS_PER_ORDER))}\t` +
        `{ws,rest-poll}\n`
      );
    }),
  );
  for (const table of ['rm_orders', 'rm_fills'])
    await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  await client.query(
    `
    INSERT INTO rm_positions (account, symbol, side, contracts, avg_price, realized_pnl, stream_version, updated_at)
    SELECT a.account, s.symbol, sd.side, 5, 60000, 0, 1, now()
      FROM unnest($1::text[]) AS a(account),
           unnest(ARRAY['BTCUSDT-PERPETUAL', 'ETHUSDT-PERPETUAL', 'SOLUSDT-PERPETUAL']) AS s(symbol),
           unnest(ARRAY['LONG', 'SHORT']) AS sd(side)`,
    [ACCOUNTS],
  );
  await client.query(
    `INSERT INTO rm_marks (symbol, market, price, time)
    SELECT symbol, 'spot', 1300, now() FROM unnest($1::text[]) AS s(symbol)`,
    [SPOT_SYMBOLS],
  );
  await client.query('ANALYZE rm_orders');
  await client.query('ANALYZE rm_fills');
}
