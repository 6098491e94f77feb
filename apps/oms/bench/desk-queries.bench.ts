/**
 * Desk query latency over a store of 1,000,000 orders and 3,000,000 fills (loaded with
 * COPY into the read models): p50/p99 of the query handlers the REST and GraphQL routes
 * dispatch to (SQL, mapping and paging; HTTP framing excluded). Targets: order by id
 * p99 <= 20 ms, filtered page p99 <= 50 ms. Also the spot pre-trade funds read of an
 * account with a third of its orders resting, beside the sum over those orders it
 * replaced. DESK_BENCH_ORDERS scales the store down.
 * Uses DATABASE_URL, or an embedded PostgreSQL 15 (fsync off, as in the tests).
 */
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@oms/persistence';
import { BenchFigure, printBenchResult } from '@oms/platform/bench/bench-result';
import { ListFillsHandler, ListFillsQuery } from '../src/desk/fills/list-fills.query';
import { GetOrderHandler, GetOrderQuery } from '../src/desk/orders/get-order.query';
import { ListOrdersHandler, ListOrdersQuery } from '../src/desk/orders/list-orders.query';
import { ListPositionsHandler, ListPositionsQuery } from '../src/desk/positions/list-positions.query';
import { PnlReportHandler, PnlReportQuery } from '../src/desk/reports/pnl-report.query';
import { AccountScope } from '../src/access/account-scope';
import { DeskActor } from '../src/access/desk-actor';
import { CommandReadModels } from '../src/commands/orders/command-read-models';
import { AnswerRecordings } from '../src/orders/answer-recordings';
import { SpotHoldingsCompaction } from '../src/projections/spot-holdings-compaction';
import {
  ACCOUNTS,
  FILLS_PER_ORDER,
  loadReadModels,
  ORDER_SPACING_MS,
  orderAt,
  orderUuid,
  SPOT_SYMBOLS,
  START,
} from './desk-read-model-load';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedPostgres } = require('../../../tools/embedded-postgres/embedded-postgres.cjs') as {
  startEmbeddedPostgres: (options: {
    database: string;
  }) => Promise<{ url: string; stop: () => Promise<void> }>;
};

const ORDERS = Number(process.env.DESK_BENCH_ORDERS ?? 1_000_000);
const SAMPLES = 400;
const ADMIN: DeskActor = { tokenName: 'bench', role: 'admin', accounts: '*' };

async function createDatabase(serverUrl: string): Promise<string> {
  const name = `oms_desk_bench_${Date.now()}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `work` SAMPLES times (after a warm-up) and reports p50 and p99 in ms. */
async function latency(
  metric: string,
  target: string | undefined,
  work: (sample: number) => Promise<unknown>,
) {
  for (let sample = 0; sample < 20; sample += 1) await work(sample);
  const times: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const started = process.hrtime.bigint();
    await work(sample);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const detail = `${ORDERS.toLocaleString('en-US')} orders, ${(ORDERS * FILLS_PER_ORDER).toLocaleString('en-US')} fills, ${SAMPLES} samples`;
  const figures: BenchFigure[] = [
    { metric: `desk ${metric} p50`, value: Number(percentile(times, 50).toFixed(2)), unit: 'ms', detail },
    {
      metric: `desk ${metric} p99`,
      value: Number(percentile(times, 99).toFixed(2)),
      unit: 'ms',
      ...(target ? { target } : {}),
      detail,
    },
  ];
  console.log(
    `${metric.padEnd(44)} p50 ${figures[0].value} ms  p99 ${figures[1].value} ms${target ? `  (target p99 ${target})` : ''}`,
  );
  printBenchResult(figures);
}

async function main(): Promise<void> {
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres({ database: 'bench' });
  const serverUrl = process.env.DATABASE_URL ?? embedded!.url;
  const dataSource = new DataSource({
    ...buildDataSourceOptions(await createDatabase(serverUrl), 'desk-bench'),
    logging: false,
  });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
    const pool = (dataSource.driver as unknown as { master: { connect(): Promise<import('pg').PoolClient> } })
      .master;
    const client = await pool.connect();
    const loadStarted = Date.now();
    try {
      await loadReadModels(client, ORDERS);
    } finally {
      client.release();
    }
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    console.log(
      `loaded ${ORDERS} orders and ${ORDERS * FILLS_PER_ORDER} fills with COPY in ${loadSeconds.toFixed(1)} s`,
    );
    printBenchResult({
      metric: 'desk read-model COPY load',
      value: Math.round((ORDERS * (1 + FILLS_PER_ORDER)) / loadSeconds),
      unit: 'rows/s',
    });

    const scope = new AccountScope(ACCOUNTS, { deny: () => undefined } as never);
    const getOrder = new GetOrderHandler(dataSource, scope);
    const listOrders = new ListOrdersHandler(dataSource);
    const listFills = new ListFillsHandler(dataSource);
    const positions = new ListPositionsHandler(dataSource);
    const pnl = new PnlReportHandler(dataSource);
    const spread = (sample: number) => (sample * 7919) % ORDERS;

    await latency('order by id', '<= 20 ms', (sample) =>
      getOrder.execute(new GetOrderQuery(ADMIN, orderUuid(spread(sample)))),
    );
    await latency('filtered page (account, symbol; 100 newest)', '<= 50 ms', (sample) =>
      listOrders.execute(
        new ListOrdersQuery(
          { symbol: SPOT_SYMBOLS[sample % SPOT_SYMBOLS.length] },
          [ACCOUNTS[sample % ACCOUNTS.length]],
          100,
        ),
      ),
    );
    await latency('filtered page (account, status, period)', '<= 50 ms', (sample) => {
      const day = START + (sample % 60) * 86_400_000;
      return listOrders.execute(
        new ListOrdersQuery(
          {
            status: 'CANCELED',
            from: new Date(day).toISOString(),
            to: new Date(day + 86_400_000).toISOString(),
          },
          [ACCOUNTS[sample % ACCOUNTS.length]],
          100,
        ),
      );
    });
    const firstPage = await listOrders.execute(new ListOrdersQuery({}, [ACCOUNTS[0]], 100));
    await latency('second page by cursor (account)', '<= 50 ms', () =>
      listOrders.execute(new ListOrdersQuery({}, [ACCOUNTS[0]], 100, firstPage.nextCursor ?? undefined)),
    );
    await latency('fills of an order', undefined, (sample) =>
      listFills.execute(new ListFillsQuery({ omsOrderId: orderUuid(spread(sample)) }, null, 100)),
    );
    await latency('positions (all accounts)', undefined, () =>
      positions.execute(new ListPositionsQuery(null, undefined, false)),
    );
    // The spot pre-trade funds read of an account with many resting orders, as the OMS
    // serves it (kept holdings, compacted as the OMS does every 250 ms), and the sum over
    // the account's open orders it replaced.
    await new SpotHoldingsCompaction(dataSource, { intervalMs: 250 }).compact();
    const [{ open }] = await dataSource.query<Array<{ open: number }>>(
      `SELECT count(*)::int AS open FROM rm_orders
        WHERE account = $1 AND market = 'spot' AND status IN ('NEW', 'PARTIALLY_FILLED')`,
      [ACCOUNTS[1]],
    );
    const commandReads = new CommandReadModels(dataSource, new AnswerRecordings());
    await latency(`pre-trade spot funds read (${open.toLocaleString('en-US')} open orders)`, undefined, () =>
      commandReads.spotFunds(ACCOUNTS[1], ['USDT']),
    );
    await latency(
      `pre-trade spot funds summed over the ${open.toLocaleString('en-US')} open orders`,
      undefined,
      () =>
        dataSource.query(
          `SELECT (SELECT total::text FROM rm_balances WHERE account = $1 AND wallet = 'spot' AND asset = 'USDT') AS total,
                  coalesce((SELECT json_agg(h) FROM (
                    SELECT symbol, side,
                           sum(greatest(coalesce(orig_qty, 0) - executed_qty, 0))::text AS "remainingQty",
                           coalesce(sum(greatest(amount - cumulative_quote_qty, 0))
                             FILTER (WHERE amount IS NOT NULL), 0)::text AS "unspentAmount",
                           coalesce(sum(greatest(coalesce(orig_qty, 0) - executed_qty, 0) * price)
                             FILTER (WHERE amount IS NULL AND type <> 'MARKET' AND price IS NOT NULL), 0)::text
                             AS "limitQuote",
                           coalesce(sum(greatest(coalesce(orig_qty, 0) - executed_qty, 0))
                             FILTER (WHERE amount IS NULL AND type = 'MARKET'), 0)::text AS "marketRemainingQty"
                      FROM rm_orders WHERE account = $1 AND market = 'spot'
                       AND status IN ('PENDING_SUBMIT', 'UNCERTAIN', 'PENDING_NEW', 'NEW', 'PARTIALLY_FILLED',
                                      'PENDING_CANCEL')
                     GROUP BY symbol, side) h), '[]'::json) AS holdings`,
          [ACCOUNTS[1]],
        ),
    );
    const lastDay = START + Math.floor(((ORDERS - 1) * ORDER_SPACING_MS) / 86_400_000) * 86_400_000;
    const pnlSamples = 40;
    const pnlTimes: number[] = [];
    for (let sample = 0; sample < pnlSamples; sample += 1) {
      const account = ACCOUNTS[sample % ACCOUNTS.length];
      const symbol = orderAt(sample * ACCOUNTS.length).symbol;
      const started = process.hrtime.bigint();
      await pnl.execute(
        new PnlReportQuery(
          account,
          symbol,
          new Date(lastDay),
          new Date(lastDay + 86_400_000),
          'average-cost',
          'day',
        ),
      );
      pnlTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    pnlTimes.sort((a, b) => a - b);
    const fillsPerSymbol = Math.round((ORDERS * FILLS_PER_ORDER) / ACCOUNTS.length / SPOT_SYMBOLS.length);
    const pnlDetail = `one account and symbol, last day, cost basis from ~${fillsPerSymbol.toLocaleString('en-US')} fills; ${pnlSamples} samples`;
    console.log(
      `P&L of a day (account, symbol)                p50 ${percentile(pnlTimes, 50).toFixed(2)} ms  p99 ${percentile(pnlTimes, 99).toFixed(2)} ms`,
    );
    printBenchResult([
      {
        metric: 'desk P&L of a day p50',
        value: Number(percentile(pnlTimes, 50).toFixed(2)),
        unit: 'ms',
        detail: pnlDetail,
      },
      {
        metric: 'desk P&L of a day p99',
        value: Number(percentile(pnlTimes, 99).toFixed(2)),
        unit: 'ms',
        detail: pnlDetail,
      },
    ]);
  } finally {
    await dataSource.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
