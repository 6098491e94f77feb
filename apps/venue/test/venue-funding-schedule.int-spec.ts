import { fundingRateListSchema, historyFundingRateListSchema } from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { PrivateStreamClient } from '../test-support/private-stream-client';
import { startTestVenue } from '../test-support/test-venue';
import { expectDecimal, futuresWallet } from '../test-support/venue-assertions';
import type { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

const SYMBOL = 'ETHUSDT-PERPETUAL';
const INTERVAL_MS = 2_000;

interface FundingPayment {
  readonly fundingId: string;
  readonly symbol: string;
  readonly positionValue: string;
  readonly amount: string;
}

/** Polls until `read` gives a value `done` accepts; generous, since the machine is shared. */
async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const fundingRate = async (client: VenueTestClient) =>
  fundingRateListSchema.parse(
    (await client.unsigned('GET', '/api/v1/futures/fundingRate', { symbol: SYMBOL }, false)).body,
  )[0];

const history = async (client: VenueTestClient) =>
  historyFundingRateListSchema.parse(
    (await client.unsigned('GET', '/api/v1/futures/historyFundingRate', { symbol: SYMBOL }, false)).body,
  );

/**
 * Funding settled by the venue's own timer, every two seconds. LONG (CROSS) buys 10
 * contracts from SHORT at 3000, leverage 5, multiplier 0.001: margin 6, taker fee
 * 30 x 0.0006 = 0.018, so the long's wallet starts at 999.982. The mark stays at 3000,
 * so every settlement at the published 0.0001 takes 3000 x 10 x 0.001 x 0.0001 = 0.003.
 */
describe('scheduled funding over HTTP and WebSocket', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let long: VenueTestClient;
  let longUserId: string;
  let longStream: PrivateStreamClient;

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(43, {
      marks: { [SYMBOL]: '3000' },
      environment: { VENUE_FUNDING_SCHEDULE: 'on', VENUE_FUNDING_INTERVAL_MS: String(INTERVAL_MS) },
    }));
    const trader = await control.createTrader(venue.restUrl, { futures: { USDT: '1000' } });
    long = trader.client;
    longUserId = trader.userId;
    const short = (await control.createTrader(venue.restUrl, { futures: { USDT: '1000' } })).client;
    const open = { symbol: SYMBOL, type: 'LIMIT', quantity: 10, price: '3000' };
    await short.signed('POST', '/api/v1/futures/order', { ...open, side: 'SELL_OPEN', clientOrderId: 's-1' });
    await long.signed('POST', '/api/v1/futures/order', { ...open, side: 'BUY_OPEN', clientOrderId: 'l-1' });
    const created = await long.signed('POST', '/api/v1/userDataStream');
    longStream = await PrivateStreamClient.connect(venue.streamUrl, created.body.listenKey);
  });

  afterAll(async () => {
    await longStream.close();
    await venue.stop();
  });

  it('settles on its own at the advertised nextSettleTime, then advertises one interval on', async () => {
    const advertised = Number((await fundingRate(long)).nextSettleTime);
    expect(advertised % INTERVAL_MS).toBe(0);

    const rows = await pollUntil(
      () => history(long),
      (entries) => entries.some((entry) => Number(entry.settleTime) === advertised),
    );
    const nextAdvertised = Number((await fundingRate(long)).nextSettleTime);
    expect(nextAdvertised).toBe(advertised + INTERVAL_MS);
    const row = rows.find((entry) => Number(entry.settleTime) === advertised);
    expect(row).toMatchObject({ symbol: SYMBOL, settleRate: '0.0001' });

    // Settlements keep coming every two seconds: read the payments and the wallet until
    // no settlement fell between the two reads.
    const { payments, balance } = await pollUntil(
      async () => {
        const before = await longPayments();
        const wallet = await futuresWallet(long);
        const after = await longPayments();
        return { payments: after, balance: wallet.balance, stable: before.length === after.length };
      },
      (read) => read.stable,
    );
    const atAdvertised = payments.find((payment) => payment.fundingId === row?.id);
    expect(atAdvertised).toMatchObject({ symbol: SYMBOL, positionValue: '30', amount: '-0.003' });
    expect(payments.every((payment) => payment.amount === '-0.003')).toBe(true);
    // 999.982 less 0.003 for each settlement the position has seen.
    expectDecimal(balance, (999.982 - 0.003 * payments.length).toFixed(3));

    // The stream reports the wallet after the settlement at the advertised time: free is
    // balance - margin 6, after as many payments as the position had seen by then.
    const paidByThen = payments.findIndex((payment) => payment.fundingId === row?.id) + 1;
    const expectedFree = (993.982 - 0.003 * paidByThen).toFixed(3);
    await longStream.waitFor(
      () =>
        longStream
          .events('outboundContractAccountInfo')
          .some((event) => event.B?.[0]?.f === expectedFree && event.B?.[0]?.l === '6'),
      10_000,
    );
  });

  async function longPayments(): Promise<FundingPayment[]> {
    const snapshot = await control.ok('GET', `/snapshot?userId=${longUserId}`);
    return snapshot.users[0].fundingPayments;
  }
});

describe('scheduled funding on the venue clock', () => {
  it('settles the eight-hour settlement time when a clock-skew fault carries the venue to it', async () => {
    const { venue, control } = await startTestVenue(46, {
      marks: { [SYMBOL]: '3000' },
      environment: { VENUE_FUNDING_SCHEDULE: 'on' },
    });
    try {
      const { client } = await control.createTrader(venue.restUrl);
      const advertised = Number((await fundingRate(client)).nextSettleTime);
      expect(advertised % 28_800_000).toBe(0);
      expect(await history(client)).toEqual([]);
      // Half a second before the advertised time by the venue's clock: the timer, asleep
      // for at most a second, notices and settles at that time.
      await control.ok('POST', '/faults/clock-skew', { skewMs: advertised - 500 - Date.now() });
      const rows = await pollUntil(
        () => history(client),
        (entries) => entries.length > 0,
      );
      expect(rows).toEqual([expect.objectContaining({ symbol: SYMBOL, settleTime: String(advertised) })]);
      expect(Number((await fundingRate(client)).nextSettleTime)).toBe(advertised + 28_800_000);
      // Back to the real time, then past the settled time once more: it is not settled twice.
      await control.ok('DELETE', '/faults');
      await control.ok('POST', '/faults/clock-skew', { skewMs: advertised + 200 - Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await history(client)).toHaveLength(1);
    } finally {
      await venue.stop();
    }
  });
});

describe('funding schedule of an in-process venue', () => {
  it('stays off unless asked, while the advertised time follows the configured interval', async () => {
    const { venue, control: plane } = await startTestVenue(44, {
      marks: { [SYMBOL]: '3000' },
      environment: { VENUE_FUNDING_INTERVAL_MS: '1000' },
    });
    try {
      const { client } = await plane.createTrader(venue.restUrl);
      const first = Number((await fundingRate(client)).nextSettleTime);
      expect(first % 1_000).toBe(0);
      // Past two advertised times: nothing settled.
      await pollUntil(
        async () => Number((await fundingRate(client)).nextSettleTime),
        (next) => next >= first + 2_000,
      );
      expect(await history(client)).toEqual([]);
    } finally {
      await venue.stop();
    }
  });
});
