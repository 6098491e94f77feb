import Decimal from 'decimal.js';
import { relationRowsRead } from '@oms/persistence/test-support/plan-rows';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { CommandReadModels } from '../commands/orders/command-read-models';
import { AnswerRecordings } from '../orders/answer-recordings';
import { HOLDING_STATUSES, SpotHolding } from '../commands/pre-trade/order-exposure';
import { ORDER_STATUSES } from '../desk/shared/filter-rules';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { SpotHoldingsCompaction } from './spot-holdings-compaction';
import { COMPACT_SPOT_HOLDING_CHANGES } from './spot-holdings';

const ACCOUNTS = ['acc-a', 'acc-b'];
const SYMBOLS = ['BTCUSDT', 'ETHUSDT'];
const SIDES = ['BUY', 'SELL'];
const STATUSES = [...new Set([...ORDER_STATUSES, ...HOLDING_STATUSES])];

/** What the account's holding spot orders hold, summed over rm_orders itself: the reference. */
async function heldByOrders(database: TestDatabase, account: string): Promise<Map<string, string[]>> {
  const rows = await database.dataSource.query<Array<SpotHolding>>(
    `SELECT symbol, side, sum(greatest(coalesce(orig_qty, 0) - executed_qty, 0))::text AS "remainingQty",
            coalesce(sum(greatest(amount - cumulative_quote_qty, 0)) FILTER (WHERE amount IS NOT NULL), 0)::text
              AS "unspentAmount",
            coalesce(sum(greatest(coalesce(orig_qty, 0) - executed_qty, 0) * price)
              FILTER (WHERE amount IS NULL AND type <> 'MARKET' AND price IS NOT NULL), 0)::text AS "limitQuote",
            coalesce(sum(greatest(coalesce(orig_qty, 0) - executed_qty, 0))
              FILTER (WHERE amount IS NULL AND type = 'MARKET'), 0)::text AS "marketRemainingQty"
       FROM rm_orders WHERE account = $1 AND market = 'spot' AND status = ANY($2::text[])
      GROUP BY symbol, side`,
    [account, HOLDING_STATUSES],
  );
  return byKey(rows);
}

/** Holdings by symbol and side, amounts as normalised decimals; rows holding nothing left out. */
function byKey(holdings: readonly SpotHolding[]): Map<string, string[]> {
  const kept = new Map<string, string[]>();
  for (const holding of [...holdings].sort((a, b) =>
    `${a.symbol}${a.side}`.localeCompare(`${b.symbol}${b.side}`),
  )) {
    const amounts = [
      holding.remainingQty,
      holding.unspentAmount,
      holding.limitQuote,
      holding.marketRemainingQty,
    ];
    if (amounts.every((amount) => new Decimal(amount).isZero())) continue;
    kept.set(
      `${holding.symbol} ${holding.side}`,
      amounts.map((amount) => new Decimal(amount).toFixed()),
    );
  }
  return kept;
}

/** A random spot order row: any status, limit or market, by quantity or by amount, partly executed. */
function randomOrder(random: () => number, id: number) {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const type = pick(['LIMIT', 'LIMIT', 'MARKET']);
  const byAmount = type === 'MARKET' && random() < 0.5;
  const origQty = byAmount ? null : (Math.floor(random() * 1000) / 100).toString();
  const executed = origQty === null ? '0' : (Math.floor(random() * Number(origQty) * 150) / 100).toString();
  return {
    id: `00000000-0000-4000-8000-${id.toString().padStart(12, '0')}`,
    account: pick(ACCOUNTS),
    market: random() < 0.85 ? 'spot' : 'futures',
    symbol: pick(SYMBOLS),
    side: pick(SIDES),
    type,
    price: type === 'LIMIT' ? (100 + Math.floor(random() * 100_000) / 100).toString() : null,
    origQty,
    amount: byAmount ? (Math.floor(random() * 10_000) / 10).toString() : null,
    executed,
    quote: (Math.floor(random() * 20_000) / 10).toString(),
    status: pick(STATUSES),
  };
}

/** A deterministic generator (mulberry32): a failure replays with the same seed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Spot holdings kept per account, symbol and side (rm_spot_holdings and its changes)', () => {
  let database: TestDatabase;
  let readModels: CommandReadModels;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    readModels = new CommandReadModels(database.dataSource, new AnswerRecordings());
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** Writes orders as the projector does: one multi-row INSERT ... ON CONFLICT DO UPDATE. */
  async function upsertOrders(orders: ReadonlyArray<ReturnType<typeof randomOrder>>): Promise<void> {
    await database.dataSource.query(
      `INSERT INTO rm_orders (id, stream_id, stream_version, account, market, symbol, side, type, price, orig_qty,
                              amount, executed_qty, cumulative_quote_qty, status, origin, created_at, updated_at,
                              state_hash)
       SELECT o.id, 'spot-order:' || o.id, 1, o.account, o.market, o.symbol, o.side, o.type, o.price, o."origQty",
              o.amount, o.executed, o.quote, o.status, 'desk', now(), now(), 'h'
         FROM json_to_recordset($1::json) AS o(id uuid, account text, market text, symbol text, side text,
              type text, price numeric, "origQty" numeric, amount numeric, executed numeric, quote numeric,
              status text)
       ON CONFLICT (id) DO UPDATE SET account = EXCLUDED.account, market = EXCLUDED.market,
         symbol = EXCLUDED.symbol, side = EXCLUDED.side, type = EXCLUDED.type, price = EXCLUDED.price,
         orig_qty = EXCLUDED.orig_qty, amount = EXCLUDED.amount, executed_qty = EXCLUDED.executed_qty,
         cumulative_quote_qty = EXCLUDED.cumulative_quote_qty, status = EXCLUDED.status`,
      [JSON.stringify(orders)],
    );
  }

  async function expectHoldingsOfOrders(): Promise<void> {
    for (const account of ACCOUNTS) {
      const funds = await readModels.spotFunds(account, ['USDT']);
      expect({ account, held: byKey(funds.holdings) }).toEqual({
        account,
        held: await heldByOrders(database, account),
      });
    }
  }

  it('counts an order as holding in exactly the statuses the pre-trade rule names', async () => {
    const orders = STATUSES.map((status, index) => ({
      ...randomOrder(seeded(index + 1), 900_000 + index),
      account: `acc-status-${status}`,
      market: 'spot',
      type: 'LIMIT',
      price: '100',
      origQty: '2',
      amount: null,
      executed: '0.5',
      status,
    }));
    await upsertOrders(orders);

    for (const status of STATUSES) {
      const funds = await readModels.spotFunds(`acc-status-${status}`, ['USDT']);
      const held = funds.holdings.map((holding) => new Decimal(holding.remainingQty).toFixed());
      expect({ status, held }).toEqual({
        status,
        held: (HOLDING_STATUSES as readonly string[]).includes(status) ? ['1.5'] : [],
      });
    }
  });

  it('equals the sum over rm_orders after concurrent upserts, updates and deletes, compacted or not', async () => {
    const random = seeded(42);
    const orderIds = 120;
    const compactions = [
      new SpotHoldingsCompaction(database.dataSource, { intervalMs: 5, batchSize: 7 }),
      new SpotHoldingsCompaction(database.dataSource, { intervalMs: 5, batchSize: 7 }),
    ];
    compactions.forEach((compaction) => compaction.start());
    try {
      // Each writer owns its orders, as a stream has one writer at a time (the append's
      // expected version); they share the holdings of every account, symbol and side.
      const writers = 4;
      const writer = async (owner: number, rounds: number) => {
        const anyOrder = () => owner + writers * Math.floor(random() * (orderIds / writers));
        for (let round = 0; round < rounds; round += 1) {
          const draw = random();
          if (draw < 0.7) {
            // One row per order, in key order (as the projector's rows lock): writers wait, never deadlock.
            const batch = new Map<string, ReturnType<typeof randomOrder>>();
            for (let row = 1 + Math.floor(random() * 8); row > 0; row -= 1) {
              const order = randomOrder(random, anyOrder());
              batch.set(order.id, order);
            }
            await upsertOrders([...batch.values()].sort((a, b) => a.id.localeCompare(b.id)));
          } else if (draw < 0.9) {
            await database.dataSource.query(
              `UPDATE rm_orders SET executed_qty = executed_qty + 0.01, status = $2 WHERE id = $1`,
              [randomOrder(random, anyOrder()).id, random() < 0.5 ? 'PARTIALLY_FILLED' : 'FILLED'],
            );
          } else {
            await database.dataSource.query(`DELETE FROM rm_orders WHERE id = $1`, [
              randomOrder(random, anyOrder()).id,
            ]);
          }
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, owner) => writer(owner, 150)));
      await expectHoldingsOfOrders();
    } finally {
      await Promise.all(compactions.map((compaction) => compaction.stop()));
    }

    // Everything recorded so far compacted: the kept sums alone say the same.
    await compactions[0].compact();
    const [{ changes }] = await database.dataSource.query<Array<{ changes: number }>>(
      `SELECT count(*)::int AS changes FROM rm_spot_holding_changes`,
    );
    expect(changes).toBe(0);
    await expectHoldingsOfOrders();
  });

  it('reads a few kept rows, not the open orders, however many are open', async () => {
    await database.dataSource.query(
      `INSERT INTO rm_orders (id, stream_id, stream_version, account, market, symbol, side, type, price, orig_qty,
                              status, origin, created_at, updated_at, state_hash)
       SELECT gen_random_uuid(), 'spot-order:acc-busy:' || i, 1, 'acc-busy', 'spot', 'BTCUSDT', 'BUY', 'LIMIT',
              30000, 0.01, 'NEW', 'desk', now(), now(), 'h'
         FROM generate_series(1, 5000) AS i`,
    );
    await new SpotHoldingsCompaction(database.dataSource, { intervalMs: 1_000 }).compact();
    await database.dataSource.query(`ANALYZE rm_orders`);

    const funds = await readModels.spotFunds('acc-busy', ['USDT']);

    expect(byKey(funds.holdings)).toEqual(new Map([['BTCUSDT BUY', ['50', '0', '1500000', '0']]]));
    const statements: string[] = [];
    const query = database.dataSource.query.bind(database.dataSource);
    const spy = jest.spyOn(database.dataSource, 'query').mockImplementation(async (sql, parameters) => {
      statements.push(sql);
      return query(sql, parameters);
    });
    try {
      await readModels.spotFunds('acc-busy', ['USDT']);
    } finally {
      spy.mockRestore();
    }
    const [{ 'QUERY PLAN': plan }] = await database.dataSource.query<Array<{ 'QUERY PLAN': unknown }>>(
      `EXPLAIN (FORMAT JSON) ${statements[0]}`,
      ['acc-busy', ['USDT']],
    );
    expect(JSON.stringify(plan)).not.toContain('"Relation Name":"rm_orders"');
  });

  it('compacts a batch of the oldest changes reading about the batch, not the whole backlog', async () => {
    await database.dataSource.query(
      `INSERT INTO rm_spot_holding_changes (account, symbol, side, remaining_qty, unspent_amount, limit_quote,
                                            market_remaining_qty, open_orders)
       SELECT 'acc-backlog', 'BTCUSDT', 'BUY', 0, 0, 0, 0, 0 FROM generate_series(1, 5000)`,
    );
    await database.dataSource.query(`ANALYZE rm_spot_holding_changes`);
    // The batch's ids are locked and read once by key, then deleted by key: twice the batch.
    expect(
      await relationRowsRead(
        database.dataSource,
        COMPACT_SPOT_HOLDING_CHANGES,
        [100],
        'rm_spot_holding_changes',
      ),
    ).toBeLessThanOrEqual(200);
    await new SpotHoldingsCompaction(database.dataSource, { intervalMs: 1_000 }).compact();
  });
});
