import { FoldHarness, startFoldHarness } from './test-support/fold-harness';
import { futuresBalance, T0 } from './test-support/observation-builders';

describe('Kafka fold: balances', () => {
  let harness: FoldHarness;

  beforeAll(async () => {
    harness = await startFoldHarness(1);
    await harness.startConsumer();
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  const futuresWalletAfter = (venueTime: number) =>
    harness.waitFor('the futures wallet row', async () => {
      const [row] = await harness.query<{ free: string; locked: string; total: string; updated_at: Date }>(
        `SELECT free::text, locked::text, total::text, updated_at FROM rm_balances
          WHERE account = 'acc1' AND wallet = 'futures' AND asset = 'USDT'`,
      );
      return row !== undefined && row.updated_at.getTime() >= venueTime ? row : undefined;
    });

  it('shows a futures wallet the same from a poll and from the stream: free available, locked the margins, total their sum', async () => {
    // The venue: wallet balance 1000, unrealized P&L +30, position margin 60, order margin 20.
    await harness.publish([
      futuresBalance({
        walletBalance: '1000',
        available: '950',
        positionMargin: '60',
        orderMargin: '20',
        unrealizedPnl: '30',
        venueTime: T0 + 1_000,
        source: 'rest-poll',
      }),
    ]);
    const polled = await futuresWalletAfter(T0 + 1_000);
    expect({ free: polled.free, locked: polled.locked, total: polled.total }).toEqual({
      free: '950',
      locked: '80',
      total: '1030',
    });
    // The same wallet pushed by the stream: free 950, locked 80 (the stream gives no wallet balance).
    await harness.publish([
      futuresBalance({ walletBalance: '1030', available: '950', venueTime: T0 + 2_000, source: 'ws' }),
    ]);
    const streamed = await futuresWalletAfter(T0 + 2_000);
    expect({ free: streamed.free, locked: streamed.locked, total: streamed.total }).toEqual({
      free: '950',
      locked: '80',
      total: '1030',
    });
  });
});
