import { RateLimitedError, TimestampRejectedError } from '../errors/exchange-errors';
import { WeightRateLimiter } from '../rate-limit/weight-rate-limiter';
import { fixture, LOCAL_NOW } from '../../test-support/endpoint-cases';
import { usePolicyVenue } from '../../test-support/policy-venue';

const order = {
  symbol: 'ETHUSDT',
  side: 'BUY' as const,
  type: 'LIMIT' as const,
  quantity: '0.01',
  price: '2000',
  newClientOrderId: 'client-1',
};

describe('rate limits and the venue clock against a local venue', () => {
  const env = usePolicyVenue();
  const { make } = env;

  describe('rate limits', () => {
    it('suspends the key for a minute after a 429 and sends nothing meanwhile', async () => {
      let now = LOCAL_NOW;
      const limiter = new WeightRateLimiter({ now: () => now });
      const client = make({ rateLimiter: limiter, localNow: () => now });
      env.venue.reply(
        'GET',
        '/api/v1/account',
        { status: 429, body: { code: '0003', msg: 'Rate limit exceeded' } },
        { body: fixture('rest_GET_api_v1_account.json') },
      );
      await expect(client.account.getAccount()).rejects.toMatchObject({
        reason: 'http-429',
        sent: true,
        retryAfterMs: 60_000,
      });
      now += 30_000;
      const refused = client.spot.placeOrder(order);
      await expect(refused).resolves.toMatchObject({
        kind: 'rejected',
        sent: false,
        error: { reason: 'key-suspended', retryAfterMs: 30_000 },
      });
      await expect(client.account.getAccount()).rejects.toBeInstanceOf(RateLimitedError);
      expect(env.venue.calls).toHaveLength(1);
      now += 30_000;
      await expect(client.account.getAccount()).resolves.toMatchObject({ userId: '1732885739572845312' });
      expect(env.venue.calls).toHaveLength(2);
    });

    it('never sends again with any key after a 418', async () => {
      let now = LOCAL_NOW;
      const limiter = new WeightRateLimiter({ now: () => now });
      const first = make({ rateLimiter: limiter, localNow: () => now });
      const second = make({
        rateLimiter: limiter,
        localNow: () => now,
        credentials: { kind: 'hmac', apiKey: 'other', secretKey: 's' },
      });
      env.venue.reply('GET', '/api/v1/account', { status: 418, headers: { 'retry-after': '120' } });
      await expect(first.account.getAccount()).rejects.toMatchObject({ reason: 'http-418' });
      now += 60_000;
      await expect(second.account.getAccount()).rejects.toMatchObject({ reason: 'ip-blocked', sent: false });
      await expect(second.market.ping()).rejects.toMatchObject({ reason: 'ip-blocked' });
      expect(env.venue.calls).toHaveLength(1);
    });

    it('spaces internal transfers one second apart', async () => {
      let now = LOCAL_NOW;
      const waits: number[] = [];
      const limiter = new WeightRateLimiter({
        now: () => now,
        sleep: (ms) => {
          waits.push(ms);
          now += ms;
          return Promise.resolve();
        },
      });
      const client = make({ rateLimiter: limiter, localNow: () => now });
      env.venue.reply('POST', '/api/v1/account/assetTransfer', {
        body: fixture('rest_POST_api_v1_account_assetTransfer.json'),
      });
      const transfer = { fromAccountId: '1', toAccountId: '3', coin: 'USDT', quantity: '1' };
      await client.account.transfer(transfer);
      await client.account.transfer(transfer);
      expect(waits).toEqual([1_100]);
      expect(env.venue.calls).toHaveLength(2);
    });
  });

  describe('clock', () => {
    it('re-measures server time after a timestamp rejection and retries once', async () => {
      const client = make();
      env.venue.reply(
        'GET',
        '/api/v1/account',
        {
          status: 400,
          body: { code: '-1021', msg: 'Timestamp for this request is outside of the recvWindow' },
        },
        { body: fixture('rest_GET_api_v1_account.json') },
      );
      await client.market.getServerTime(); // a plain read of the time does not set the clock
      env.venue.requests.length = 0;
      const first = client.account.getAccount();
      await expect(first).resolves.toMatchObject({ userId: '1732885739572845312' });
      expect(env.venue.requests.map((r) => r.path)).toEqual([
        '/api/v1/time',
        '/api/v1/account',
        '/api/v1/time',
        '/api/v1/account',
      ]);
    });

    it('gives up after the one retry with a TimestampRejectedError', async () => {
      env.venue.reply('GET', '/api/v1/account', {
        status: 400,
        body: { code: '-1021', msg: 'Timestamp outside of the recvWindow' },
      });
      await expect(make().account.getAccount()).rejects.toBeInstanceOf(TimestampRejectedError);
      expect(env.venue.calls).toHaveLength(2);
    });

    it('signs with venue time and re-measures it once the resync interval has passed', async () => {
      let now = LOCAL_NOW;
      const client = make({ localNow: () => now, clockResyncIntervalMs: 60_000 });
      env.venue.reply('GET', '/api/v1/account', { body: fixture('rest_GET_api_v1_account.json') });
      env.venue.serverTime = LOCAL_NOW + 3_000;
      await client.account.getAccount();
      now += 30_000;
      await client.account.getAccount();
      expect(env.venue.requests.filter((r) => r.path === '/api/v1/time')).toHaveLength(1);
      expect(new URLSearchParams(env.venue.calls[1].rawQuery).get('timestamp')).toBe(String(now + 3_000));
      env.venue.serverTime = now + 30_000 + 7_000;
      now += 30_000;
      await client.account.getAccount();
      expect(env.venue.requests.filter((r) => r.path === '/api/v1/time')).toHaveLength(2);
      expect(new URLSearchParams(env.venue.calls[2].rawQuery).get('timestamp')).toBe(String(now + 7_000));
    });
  });
});
