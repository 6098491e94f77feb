import { FoldHarness, startFoldHarness } from '../fold/test-support/fold-harness';
import { mixedWorkload } from '../fold/test-support/mixed-workload';
import { runReplayCli } from './replay.cli';

describe('npm run replay', () => {
  let harness: FoldHarness;
  const workload = mixedWorkload(30);

  beforeAll(async () => {
    harness = await startFoldHarness(2);
    await harness.startConsumer();
    await harness.publish(workload.events);
    await harness.waitUntilConsumed(workload.events.length);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  async function replay(...argv: string[]): Promise<{ code: number; lines: string[]; progress: string[] }> {
    const lines: string[] = [];
    const progress: string[] = [];
    const code = await runReplayCli(argv, harness.database.url, {
      out: (line) => lines.push(line),
      progress: (text) => progress.push(text),
    });
    return { code, lines, progress };
  }

  it('--verify reports no difference after the workload, with progress and a rate', async () => {
    const result = await replay('--verify');
    expect(result.lines).toContain('verify: no difference');
    expect(result.code).toBe(0);
    expect(result.progress.at(-1)).toMatch(/\[#+\] \d+\/\d+ events 100\.0% \d+ ev\/s ETA 0\.0 s/);
  });

  it('--verify names a tampered read-model row and column and a row the log does not give, and the rebuild repairs both', async () => {
    const [fill] = await harness.query<{ fill_id: string }>(
      `SELECT fill_id FROM rm_fills ORDER BY fill_id LIMIT 1`,
    );
    await harness.query(`UPDATE rm_fills SET qty = qty + 1 WHERE fill_id = $1`, [fill.fill_id]);
    const [order] = await harness.query<{ id: string }>(`SELECT id FROM rm_orders ORDER BY id LIMIT 1`);
    await harness.query(`UPDATE rm_orders SET status = 'CANCELED' WHERE id = $1`, [order.id]);
    await harness.query(
      `INSERT INTO rm_fills SELECT account, market, 'no-such-fill', oms_order_id, order_id, symbol, side, price, qty,
         quote_qty, fee, fee_asset, realized_pnl, is_maker, time, sources FROM rm_fills WHERE fill_id = $1`,
      [fill.fill_id],
    );

    const verified = await replay('--verify');
    expect(verified.code).toBe(1);
    expect(verified.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^DIFFERENCE rm_fills .*fill_id=${fill.fill_id} qty: live \\d`)),
        `DIFFERENCE rm_orders id=${order.id} status: live "CANCELED", replay "FILLED"`,
        expect.stringMatching(/^DIFFERENCE rm_fills .*fill_id=no-such-fill: only in the live table$/),
        'verify: 3 difference(s)',
      ]),
    );

    const rebuilt = await replay();
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.lines).toContain('read models rebuilt and swapped in');
    expect((await replay('--verify')).lines).toContain('verify: no difference');
    expect(await harness.query(`SELECT status FROM rm_orders WHERE id = $1`, [order.id])).toEqual([
      { status: 'FILLED' },
    ]);
    expect(await harness.query(`SELECT fill_id FROM rm_fills WHERE fill_id = 'no-such-fill'`)).toEqual([]);
  });

  it('--verify names an aggregate whose kept state no longer matches its events', async () => {
    const [state] = await harness.query<{ stream_id: string }>(
      `SELECT stream_id FROM oms_aggregate_states WHERE stream_type = 'position' ORDER BY stream_id LIMIT 1`,
    );
    await harness.query(`UPDATE oms_aggregate_states SET state_hash = 'tampered' WHERE stream_id = $1`, [
      state.stream_id,
    ]);
    const verified = await replay('--verify');
    const escaped = state.stream_id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(verified.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^DIFFERENCE oms_aggregate_states stream_id=${escaped} state_hash: live "tampered", replay "[0-9a-f]{64}"$`,
          ),
        ),
      ]),
    );
  });

  it('--verify names a spot holding kept otherwise than the orders hold, and the rebuild sums the holdings again', async () => {
    await harness.query(
      `INSERT INTO rm_spot_holding_changes (account, symbol, side, remaining_qty, unspent_amount, limit_quote,
                                            market_remaining_qty, open_orders)
       VALUES ('acc-tampered', 'BTCUSDT', 'BUY', 1.5, 0, 0, 0, 1)`,
    );

    const verified = await replay('--verify');
    expect(verified.code).toBe(1);
    expect(verified.lines).toEqual(
      expect.arrayContaining([
        'DIFFERENCE rm_spot_holdings account=acc-tampered symbol=BTCUSDT side=BUY remaining_qty: live "1.5", replay "0"',
        'DIFFERENCE rm_spot_holdings account=acc-tampered symbol=BTCUSDT side=BUY open_orders: live "1", replay "0"',
      ]),
    );

    expect((await replay()).code).toBe(0);
    expect((await replay('--verify')).lines).toContain('verify: no difference');
    expect(await harness.query(`SELECT count(*)::int AS changes FROM rm_spot_holding_changes`)).toEqual([
      { changes: 0 },
    ]);
  });
});
