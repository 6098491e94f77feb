import { spotOrderRecordSchema } from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

/** Injected 5XX and hangs on matching requests: the uncertain outcomes of the seeds. */
describe('venue HTTP faults and paused matching', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let trader: VenueTestClient;

  const limitBuy = (clientOrderId: string, timeoutMs?: number) =>
    trader.signed(
      'POST',
      '/api/v1.1/spot/order',
      {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.01',
        price: '10000',
        newClientOrderId: clientOrderId,
      },
      { timeoutMs },
    );
  const lookup = (clientOrderId: string) =>
    trader.signed('GET', '/api/v1/spot/order', { origClientOrderId: clientOrderId });

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(51));
    trader = (await control.createTrader(venue.restUrl, { spot: { USDT: '10000' } })).client;
  });

  afterEach(async () => {
    await control.ok('DELETE', '/faults');
  });

  afterAll(async () => {
    await venue.stop();
  });

  it('answers 5XX without executing (FAIL_BEFORE): the order does not exist', async () => {
    await control.ok('POST', '/faults/http', { mode: 'FAIL_BEFORE', count: 1, status: 503 });
    const response = await limitBuy('fail-before-1');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      code: '-1006',
      msg: 'Unknown error, please check your request or try again later.',
    });
    expect((await lookup('fail-before-1')).body.code).toBe('0211');
    expect((await limitBuy('fail-before-2')).status).toBe(200);
  });

  it('executes then answers 5XX (FAIL_AFTER): the order exists', async () => {
    await control.ok('POST', '/faults/http', { mode: 'FAIL_AFTER', count: 2, status: 500 });
    expect((await limitBuy('fail-after-1')).status).toBe(500);
    expect((await limitBuy('fail-after-2')).status).toBe(500);
    expect(spotOrderRecordSchema.parse((await lookup('fail-after-1')).body).status).toBe('NEW');
    expect(spotOrderRecordSchema.parse((await lookup('fail-after-2')).body).status).toBe('NEW');
    expect((await control.ok('GET', '/faults')).http).toEqual([]);
  });

  it('only affects matching requests: queries pass while a fault is armed', async () => {
    await control.ok('POST', '/faults/http', { mode: 'FAIL_BEFORE', count: 1 });
    expect((await trader.signed('GET', '/api/v1/spot/openOrders')).status).toBe(200);
    expect((await limitBuy('fail-before-3')).status).toBe(500);
  });

  it('applies to cancels too: the cancel executes and the answer is lost', async () => {
    await limitBuy('cancel-uncertain');
    await control.ok('POST', '/faults/http', { mode: 'FAIL_AFTER', count: 1, status: 502 });
    const cancel = await trader.signed('DELETE', '/api/v1/spot/order', { clientOrderId: 'cancel-uncertain' });
    expect(cancel.status).toBe(502);
    expect(spotOrderRecordSchema.parse((await lookup('cancel-uncertain')).body).status).toBe('CANCELED');
  });

  it('executes then never answers (HANG_AFTER): the client times out, the order exists', async () => {
    await control.ok('POST', '/faults/http', { mode: 'HANG_AFTER', count: 1 });
    await expect(limitBuy('hang-1', 500)).rejects.toThrow();
    expect(spotOrderRecordSchema.parse((await lookup('hang-1')).body).clientOrderId).toBe('hang-1');
  });

  it('releases a hung request after releaseAfterMs by dropping the connection', async () => {
    await control.ok('POST', '/faults/http', { mode: 'HANG_AFTER', count: 1, releaseAfterMs: 200 });
    const started = Date.now();
    await expect(limitBuy('hang-2', 5000)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('accepts orders as PENDING_NEW while matching is paused and matches them on resume', async () => {
    await control.ok('POST', '/faults/matching', { paused: true });
    const placed = await limitBuy('paused-1');
    expect(placed.body.status).toBe('PENDING_NEW');
    expect((await control.ok('GET', '/health')).matchingPaused).toBe(true);
    await control.ok('POST', '/faults/matching', { paused: false });
    expect(spotOrderRecordSchema.parse((await lookup('paused-1')).body).status).toBe('NEW');
  });

  it('rejects malformed fault requests with the offending field named', async () => {
    const response = await control.call('POST', '/faults/http', { mode: 'EXPLODE', count: 1 });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('mode');
    const negative = await control.call('POST', '/faults/stream', { mode: 'DROP', count: 0 });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('count');
  });
});
