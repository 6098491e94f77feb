import {
  createFuturesPositionDecider,
  FuturesOrderSide,
  FuturesPositionEvent,
  PositionFill,
  positionStreamId,
} from '@oms/domain';
import { appendBatch } from '@oms/persistence';
import { DeskApp, graphql, startDeskApp } from './desk-support/desk-app';
import { seedFill, seedOrder } from './desk-support/read-model-seeds';

const DAY1 = Date.UTC(2026, 9, 1);
const DAY2 = DAY1 + 86_400_000;
const DAY3 = DAY2 + 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const PERP = 'BTCUSDT-PERPETUAL';

function positionFill(
  fillId: string,
  orderSide: FuturesOrderSide,
  price: string,
  contracts: string,
  time: number,
): PositionFill {
  return {
    fillId,
    orderId: `o-${fillId}`,
    orderSide,
    price,
    contracts,
    contractMultiplier: '0.001',
    fee: { asset: 'USDT', amount: '0.5' },
    venueRealizedPnl: null,
    time,
    inferred: false,
  };
}

async function seedMark(
  db: DeskApp['database']['dataSource'],
  mark: { symbol: string; market: 'spot' | 'futures'; price: string; time: number },
): Promise<void> {
  const values = [mark.symbol, mark.market, mark.price, iso(mark.time)];
  await db.query(
    `INSERT INTO rm_marks (symbol, market, price, time) VALUES ($1, $2, $3, $4)
     ON CONFLICT (symbol) DO UPDATE SET price = EXCLUDED.price, time = EXCLUDED.time`,
    values,
  );
  await db.query(
    `INSERT INTO oms_mark_history (symbol, market, price, time) VALUES ($1, $2, $3, $4)`,
    values,
  );
}

describe('Desk positions, balances, breaks, P&L and exports (e2e)', () => {
  let desk: DeskApp;

  beforeAll(async () => {
    desk = await startDeskApp();
    const db = desk.database.dataSource;
    // Spot BTCUSDT: buy 1 @ 100 and 1 @ 200 on day 1, sell 1 @ 300 on day 2; mark 250.
    await seedFill(db, {
      fillId: 's1',
      account: 'desk-a',
      price: '100',
      qty: '1',
      fee: '0',
      time: iso(DAY1 + 1000),
    });
    await seedFill(db, {
      fillId: 's2',
      account: 'desk-a',
      price: '200',
      qty: '1',
      fee: '0',
      time: iso(DAY1 + 2000),
    });
    await seedFill(db, {
      fillId: 's3',
      account: 'desk-a',
      side: 'SELL',
      price: '300',
      qty: '1',
      fee: '0',
      time: iso(DAY2 + 1000),
    });
    // Futures: open 10 contracts (0.001 BTC each) @ 60000 on day 1, close 4 @ 62000 on day 2, funding -1.
    // Stored as the fold stores a position: its events, the kept state they fold to and its fills.
    const streamId = positionStreamId('desk-a', PERP, 'LONG');
    const key = { accountId: 'desk-a', symbol: PERP, side: 'LONG' as const };
    const events: FuturesPositionEvent[] = [
      {
        type: 'PositionFillRecorded',
        schemaVersion: 2,
        data: { ...key, fill: positionFill('p1', 'BUY_OPEN', '60000', '10', DAY1 + 5000), replaces: null },
      },
      {
        type: 'PositionFillRecorded',
        schemaVersion: 2,
        data: { ...key, fill: positionFill('p2', 'SELL_CLOSE', '62000', '4', DAY2 + 5000), replaces: null },
      },
      {
        type: 'FundingPaymentRecorded',
        schemaVersion: 1,
        data: {
          ...key,
          payment: { fundingId: 'fund1', amount: '-1', asset: 'USDT', rate: null, time: DAY2 + 6000 },
        },
      },
    ];
    const decider = createFuturesPositionDecider({ contractMultiplier: () => '0.001' });
    await db.transaction((manager) =>
      appendBatch(manager, [
        {
          streamId,
          streamType: 'position',
          expectedVersion: 0,
          events: events.map((event, index) => ({
            eventId: `seed-position-${index}`,
            type: event.type,
            schemaVersion: event.schemaVersion,
            payload: event.data,
            occurredAt: DAY2 + 6000,
          })),
        },
      ]),
    );
    await db.query(
      `INSERT INTO oms_aggregate_states (stream_id, stream_type, version, state, state_hash)
       VALUES ($1, 'position', 3, $2, 'seeded')`,
      [streamId, JSON.stringify(events.reduce(decider.evolve, decider.initialState))],
    );
    for (const event of events) {
      if (event.type !== 'PositionFillRecorded') continue;
      const { fill } = event.data;
      await db.query(
        `INSERT INTO rm_position_fills (account, symbol, side, fill_id, time_ms, fill)
         VALUES ('desk-a', $1, 'LONG', $2, $3, $4)`,
        [PERP, fill.fillId, fill.time, JSON.stringify(fill)],
      );
    }
    await seedFill(db, {
      fillId: 'p2',
      account: 'desk-a',
      market: 'futures',
      symbol: PERP,
      side: 'SELL_CLOSE',
      price: '62000',
      qty: '4',
      realizedPnl: '8',
      time: iso(DAY2 + 5000),
    });
    await db.query(
      `INSERT INTO rm_positions (account, symbol, side, contracts, avg_price, realized_pnl, fees, funding, venue,
         break_id, stream_version, updated_at)
       VALUES ('desk-a', $1, 'LONG', 6, 60000, 8, 1, -1, $2, $3, 3, now()),
              ('desk-a', 'ETHUSDT-PERPETUAL', 'SHORT', 0, NULL, 0, 0, 0, NULL, NULL, 1, now())`,
      [
        PERP,
        JSON.stringify({ contracts: '7', avgPrice: '60000', realizedPnl: '8', updatedAt: iso(DAY2) }),
        `${positionStreamId('desk-a', PERP, 'LONG')}#b1`,
      ],
    );
    await db.query(
      `INSERT INTO rm_breaks (id, stream_id, kind, account, symbol, detected_at, oms, venue, status)
       VALUES ($1, $2, 'POSITION_MISMATCH', 'desk-a', $3, $4, '{"contracts":"6"}', '{"contracts":"7"}', 'open')`,
      [
        `${positionStreamId('desk-a', PERP, 'LONG')}#b1`,
        positionStreamId('desk-a', PERP, 'LONG'),
        PERP,
        iso(DAY2),
      ],
    );
    // Marks as the fold keeps them: the latest of each symbol, and every one by its time.
    await seedMark(db, { symbol: PERP, market: 'futures', price: '60500', time: DAY2 + 10_000 });
    await seedMark(db, { symbol: 'BTCUSDT', market: 'spot', price: '240', time: DAY2 + 10_000 });
    await seedMark(db, { symbol: PERP, market: 'futures', price: '61000', time: DAY3 - 1000 });
    await seedMark(db, { symbol: 'BTCUSDT', market: 'spot', price: '250', time: DAY3 - 1000 });
    await db.query(
      `INSERT INTO rm_balances (account, wallet, asset, free, locked, total, updated_at)
       VALUES ('desk-a', 'spot', 'USDT', 1000.25, 10, 1010.25, now()), ('desk-b', 'futures', 'USDT', 5, 0, 5, now())`,
    );
    await seedOrder(db, {
      key: 'x1',
      account: 'desk-a',
      createdAt: iso(DAY1),
      clientOrderId: 'cid,"quoted"',
    });
    await seedOrder(db, { key: 'x2', account: 'desk-a', createdAt: iso(DAY2), status: 'FILLED' });
    await seedOrder(db, { key: 'x3', account: 'desk-b', createdAt: iso(DAY2) });
  });

  afterAll(async () => {
    await desk?.close();
  });

  it('lists open positions with unrealized P&L against the mark, the venue view and the break', async () => {
    const body = (await (await desk.call('/v1/positions')).json()) as {
      items: Array<Record<string, unknown>>;
    };
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      account: 'desk-a',
      symbol: PERP,
      side: 'LONG',
      contracts: '6',
      avgPrice: '60000',
      mark: '61000',
      unrealizedPnl: '6',
      venue: { contracts: '7', avgPrice: '60000' },
      break: { id: `${positionStreamId('desk-a', PERP, 'LONG')}#b1`, kind: 'POSITION_MISMATCH' },
    });
    const withFlat = (await (await desk.call('/v1/positions?includeFlat=true')).json()) as {
      items: unknown[];
    };
    expect(withFlat.items).toHaveLength(2);
    const csv = (await (await desk.call('/v1/positions?format=csv')).text()).trim().split('\r\n');
    expect(csv[0].split(',').slice(0, 4)).toEqual(['account', 'symbol', 'side', 'contracts']);
    expect(csv[1]).toMatch(/^desk-a,BTCUSDT-PERPETUAL,LONG,6,60000,8,6,61000,/);
    const bad = await desk.call('/v1/positions?includeFlat=yes');
    expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'includeFlat' } });
  });

  it('lists balances per account within the token scope', async () => {
    const all = (await (await desk.call('/v1/balances')).json()) as { items: Array<Record<string, string>> };
    expect(all.items.map((item) => item.account)).toEqual(['desk-a', 'desk-b']);
    expect(all.items[0]).toMatchObject({
      wallet: 'spot',
      asset: 'USDT',
      free: '1000.25',
      locked: '10',
      total: '1010.25',
    });
    const viewer = await desk.issueToken('balances-b', 'viewer', ['desk-b']);
    const scoped = (await (await desk.call('/v1/balances', { token: viewer })).json()) as {
      items: unknown[];
    };
    expect(scoped.items).toEqual([expect.objectContaining({ account: 'desk-b' })]);
  });

  it('lists breaks by status and lets only an admin resolve one, once', async () => {
    const open = (await (await desk.call('/v1/breaks?status=open')).json()) as {
      items: Array<{ id: string }>;
    };
    expect(open.items).toHaveLength(1);
    const id = encodeURIComponent(open.items[0].id);
    const viewer = await desk.issueToken('breaks-viewer', 'viewer', ['*']);
    const refused = await desk.call(`/v1/breaks/${id}/resolve`, {
      method: 'POST',
      token: viewer,
      body: JSON.stringify({ note: 'checked' }),
    });
    expect(refused.status).toBe(403);
    const noNote = await desk.call(`/v1/breaks/${id}/resolve`, { method: 'POST', body: JSON.stringify({}) });
    expect(await noNote.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'note' } });
    const resolved = await desk.call(`/v1/breaks/${id}/resolve`, {
      method: 'POST',
      body: JSON.stringify({ note: 'venue snapshot lagged' }),
    });
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({
      status: 'resolved',
      resolvedBy: 'admin',
      note: 'venue snapshot lagged',
    });
    const again = await desk.call(`/v1/breaks/${id}/resolve`, {
      method: 'POST',
      body: JSON.stringify({ note: 'x' }),
    });
    expect(again.status).toBe(409);
    const unknown = await desk.call('/v1/breaks/nope/resolve', {
      method: 'POST',
      body: JSON.stringify({ note: 'x' }),
    });
    expect(unknown.status).toBe(404);
    expect(
      ((await (await desk.call('/v1/breaks?status=open')).json()) as { items: unknown[] }).items,
    ).toEqual([]);
  });

  it('reports P&L by day with average cost: realized, fees and funding apart, unrealized and the marks used', async () => {
    const response = await desk.call(`/v1/reports/pnl?account=desk-a&from=${iso(DAY1)}&to=${iso(DAY3)}`);
    expect(response.status).toBe(200);
    const report = (await response.json()) as {
      rows: Array<Record<string, string | null>>;
      totals: Record<string, string>;
      marks: unknown[];
    };
    expect(report.totals).toEqual({
      realizedPnl: '158',
      fees: '1',
      funding: '-1',
      netPnl: '156',
      unrealizedPnl: '106',
    });
    expect(report.rows).toContainEqual(
      expect.objectContaining({
        day: '2026-10-02',
        symbol: PERP,
        realizedPnl: '8',
        venueRealizedPnl: '8',
        funding: '-1',
      }),
    );
    expect(report.rows).toContainEqual(
      expect.objectContaining({ day: '2026-10-02', symbol: 'BTCUSDT', realizedPnl: '150' }),
    );
    expect(report.marks).toEqual([
      { symbol: 'BTCUSDT', price: '250', time: iso(DAY3 - 1000) },
      { symbol: PERP, price: '61000', time: iso(DAY3 - 1000) },
    ]);
  });

  it('values a period that ended in the past at the marks the OMS held at its end, not at later ones', async () => {
    const to = DAY2 + 20_000;
    const response = await desk.call(`/v1/reports/pnl?account=desk-a&from=${iso(DAY1)}&to=${iso(to)}`);
    const report = (await response.json()) as { totals: Record<string, string>; marks: unknown[] };
    expect(report.marks).toEqual([
      { symbol: 'BTCUSDT', price: '240', time: iso(DAY2 + 10_000) },
      { symbol: PERP, price: '60500', time: iso(DAY2 + 10_000) },
    ]);
    // Spot: 1 BTC left at an average cost of 150, worth 240: 90. Futures: 6 contracts of
    // 0.001 BTC bought at 60000, marked at 60500: 3.
    expect(report.totals.unrealizedPnl).toBe('93');
  });

  it("shows a position's computed figures to 12 decimal places, however long the division ran", async () => {
    const db = desk.database.dataSource;
    const where = `account = 'desk-a' AND symbol = $1 AND side = 'LONG'`;
    const [kept] = await db.query<Array<{ avg_price: string; realized_pnl: string }>>(
      `SELECT avg_price::text, realized_pnl::text FROM rm_positions WHERE ${where}`,
      [PERP],
    );
    await db.query(
      `UPDATE rm_positions SET avg_price = 60000.3333333333333333333333333333333333333,
              realized_pnl = 7.99999999999999999999999999999999999999 WHERE ${where}`,
      [PERP],
    );
    try {
      const positions = (await (await desk.call(`/v1/positions?account=desk-a&symbol=${PERP}`)).json()) as {
        items: Array<Record<string, unknown>>;
      };
      expect(positions.items).toEqual([
        expect.objectContaining({ avgPrice: '60000.333333333333', realizedPnl: '8' }),
      ]);
    } finally {
      await db.query(`UPDATE rm_positions SET avg_price = $2, realized_pnl = $3 WHERE ${where}`, [
        PERP,
        kept.avg_price,
        kept.realized_pnl,
      ]);
    }
  });

  it('gives past positions their mark and unrealized P&L of that time (asOf)', async () => {
    const now = new Date().toISOString();
    const positions = (await (await desk.call(`/v1/positions?account=desk-a&asOf=${now}`)).json()) as {
      items: Array<Record<string, unknown>>;
    };
    expect(positions.items).toEqual([
      expect.objectContaining({
        symbol: PERP,
        contracts: '6',
        mark: '61000',
        markTime: iso(DAY3 - 1000),
        unrealizedPnl: '6',
      }),
    ]);
  });

  it('reports a period starting within a day from its start, not from the start of the day', async () => {
    const totalsFrom = async (from: number, method: string) => {
      const response = await desk.call(
        `/v1/reports/pnl?account=desk-a&from=${iso(from)}&to=${iso(DAY3)}&method=${method}&groupBy=symbol`,
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { totals: Record<string, string> }).totals;
    };
    for (const method of ['average-cost', 'fifo']) {
      // After day 2's spot sell (+1 s), before its futures close (+5 s) and funding (+6 s).
      expect(await totalsFrom(DAY2 + 3000, method)).toMatchObject({
        realizedPnl: '8',
        fees: '0.5',
        funding: '-1',
      });
      // After the close, before the funding.
      expect(await totalsFrom(DAY2 + 5500, method)).toMatchObject({
        realizedPnl: '0',
        fees: '0',
        funding: '-1',
      });
    }
  });

  it('reports spot unrealized P&L on trade prices, the fee paid in the asset bought counted once, in the fees', async () => {
    // desk-b buys 1 ETH @ 3000 paying 0.01 ETH: 0.99 ETH held, a fee worth 30; mark 3100.
    await seedFill(desk.database.dataSource, {
      fillId: 'e1',
      account: 'desk-b',
      symbol: 'ETHUSDT',
      price: '3000',
      qty: '1',
      fee: '0.01',
      feeAsset: 'ETH',
      time: iso(DAY1 + 1000),
    });
    await seedMark(desk.database.dataSource, {
      symbol: 'ETHUSDT',
      market: 'spot',
      price: '3100',
      time: DAY3 - 1000,
    });
    for (const method of ['average-cost', 'fifo']) {
      const response = await desk.call(
        `/v1/reports/pnl?account=desk-b&from=${iso(DAY1)}&to=${iso(DAY3)}&method=${method}&groupBy=symbol`,
      );
      const report = (await response.json()) as { totals: Record<string, string> };
      // Worth 0.99 x 3100 = 3069 for 3000 paid: 69 in all, 99 unrealized less 30 of fees.
      expect({ method, ...report.totals }).toMatchObject({
        method,
        realizedPnl: '0',
        fees: '30',
        netPnl: '-30',
        unrealizedPnl: '99',
      });
    }
  });

  it('reports spot P&L by FIFO per symbol, and as CSV', async () => {
    const query = `account=desk-a&symbol=BTCUSDT&from=${iso(DAY1)}&to=${iso(DAY3)}&method=fifo&groupBy=symbol`;
    const report = (await (await desk.call(`/v1/reports/pnl?${query}`)).json()) as { rows: unknown[] };
    expect(report.rows).toEqual([
      expect.objectContaining({ day: null, symbol: 'BTCUSDT', realizedPnl: '200', unrealizedPnl: '50' }),
    ]);
    const csv = await desk.call(`/v1/reports/pnl?${query}`, { headers: { accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'account,day,symbol,market,realizedPnl,fees,funding,netPnl,unrealizedPnl,venueRealizedPnl,mark,markTime,currency,method',
    );
    expect(lines[1]).toBe(`desk-a,,BTCUSDT,spot,200,0,0,200,50,,250,${iso(DAY3 - 1000)},USDT,fifo`);
  });

  it('rounds report figures to 12 decimal places, however long the average cost runs', async () => {
    const fills = [
      ['avg-1', 'BUY', '100'],
      ['avg-2', 'BUY', '100'],
      ['avg-3', 'BUY', '101'],
      ['avg-4', 'SELL', '200'],
    ] as const;
    for (const [index, [fillId, side, price]] of fills.entries()) {
      await seedFill(desk.database.dataSource, {
        fillId,
        account: 'desk-b',
        symbol: 'SOLUSDT',
        side,
        price,
        qty: '1',
        fee: '0',
        time: iso(DAY3 + 1000 * (index + 1)),
      });
    }
    const period = `from=${iso(DAY3)}&to=${iso(DAY3 + 86_400_000)}`;
    const report = (await (
      await desk.call(`/v1/reports/pnl?account=desk-b&symbol=SOLUSDT&${period}&groupBy=symbol`)
    ).json()) as { totals: Record<string, string> };
    // 200 less an average cost of 301 / 3.
    expect(report.totals).toMatchObject({ realizedPnl: '99.666666666667', netPnl: '99.666666666667' });
  });

  it('refuses a P&L period that ends before it starts, naming the field', async () => {
    const response = await desk.call(`/v1/reports/pnl?account=desk-a&from=${iso(DAY2)}&to=${iso(DAY1)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { field: 'to' } });
  });

  it('answers positions, balances, breaks and pnl through GraphQL', async () => {
    const { body } = await graphql(
      desk,
      `
        query ($from: String!, $to: String!) {
          positions {
            items {
              symbol
              unrealizedPnl
            }
          }
          balances(account: "desk-b") {
            items {
              asset
              total
            }
          }
          breaks(status: "resolved") {
            items {
              status
              resolvedBy
            }
            nextCursor
          }
          pnl(account: "desk-a", from: $from, to: $to, groupBy: "symbol") {
            totals {
              realizedPnl
              unrealizedPnl
            }
          }
        }
      `,
      { from: iso(DAY1), to: iso(DAY3) },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      positions: { items: [{ symbol: PERP, unrealizedPnl: '6' }] },
      balances: { items: [{ asset: 'USDT', total: '5' }] },
      breaks: { items: [{ status: 'resolved', resolvedBy: 'admin' }], nextCursor: null },
      pnl: { totals: { realizedPnl: '158', unrealizedPnl: '106' } },
    });
  });

  it('exports orders of a period as streamed CSV with quoted fields', async () => {
    const response = await desk.call(`/v1/orders/export?account=desk-a&from=${iso(DAY1)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['id', 'account', 'market']);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',FILLED,');
    expect(lines[2]).toContain('"cid,""quoted"""');
  });

  it('exports the same orders as one streamed JSON document by format=json or Accept, each item as the list answers it', async () => {
    const path = `/v1/orders/export?account=desk-a&from=${iso(DAY1)}`;
    const csvLines = (await (await desk.call(path)).text()).trim().split('\r\n');
    const response = await desk.call(`${path}&format=json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.headers.get('content-disposition')).toContain('orders.json');
    const exported = (await response.json()) as { items: unknown[] };
    const listed = (await (await desk.call(`/v1/orders?account=desk-a&from=${iso(DAY1)}`)).json()) as {
      items: unknown[];
    };
    expect(exported.items).toEqual(listed.items);
    expect(exported.items).toHaveLength(csvLines.length - 1);
    const byAccept = await desk.call(path, { headers: { accept: 'application/json' } });
    expect(await byAccept.json()).toEqual(exported);
    const fills = (await (await desk.call('/v1/fills/export?market=futures&format=json')).json()) as {
      items: unknown[];
    };
    expect(fills.items).toEqual([
      expect.objectContaining({ fillId: 'p2', qty: '4', sources: expect.any(Array) }),
    ]);
    const bad = await desk.call(`${path}&format=xml`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'format' } });
  });

  it('exports fills of an order as CSV, and refuses a bad filter before streaming', async () => {
    const text = await (await desk.call('/v1/fills/export?market=futures')).text();
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^p2,,v-p2,desk-a,futures,BTCUSDT-PERPETUAL,SELL_CLOSE,62000,4,248000,/);
    const bad = await desk.call('/v1/fills/export?market=options');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'market' } });
  });
});
