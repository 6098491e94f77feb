import { DomainError, omsClientOrderId } from '@oms/domain';
import { orderStreamIdOf } from '../aggregates/order-command.service';
import { omsOrderId } from '../projections/order-row';
import { FoldHarness, startFoldHarness } from './test-support/fold-harness';
import {
  futuresFill,
  futuresOrder,
  futuresPosition,
  PERPETUAL,
  spotFill,
  spotOrder,
  T0,
} from './test-support/observation-builders';

const futuresRequest = {
  product: 'futures' as const,
  accountId: 'acc1',
  symbol: PERPETUAL,
  side: 'BUY_OPEN' as const,
  priceType: 'INPUT' as const,
  quantity: '10',
  price: '2500',
  timeInForce: 'GTC' as const,
};

describe('Kafka fold: routing of fills to their orders and positions', () => {
  let harness: FoldHarness;

  beforeAll(async () => {
    harness = await startFoldHarness(3);
    await harness.startConsumer();
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  const place = (clientOrderId: string) =>
    harness.fold.commands.execute(
      { market: 'futures', accountId: 'acc1', clientOrderId },
      { type: 'PlaceFuturesOrder', clientOrderId, actor: 'alice', request: futuresRequest, now: T0 },
      { actor: 'alice', correlationId: `place-${clientOrderId}` },
    );

  const fillsOf = (orderId: string) =>
    harness.query<{ fill_id: string; oms_order_id: string; fee: string | null; sources: string[] }>(
      `SELECT fill_id, oms_order_id, fee::text, sources FROM rm_fills WHERE order_id = $1 ORDER BY fill_id`,
      [orderId],
    );

  it('folds a futures trades row that arrives before the acknowledgement into the order, once, and the position equals the venue', async () => {
    const clientOrderId = omsClientOrderId('fut-early');
    await place(clientOrderId);
    await harness.publish([futuresFill({ orderId: '7001', ticketId: 'tk-7001', quantity: '4' })]);
    await harness.waitFor('the fill to be parked', async () =>
      (await harness.query(`SELECT 1 FROM oms_parked_fills WHERE order_id = '7001'`)).length === 1
        ? true
        : undefined,
    );
    const ack = futuresOrder({
      orderId: '7001',
      clientOrderId,
      source: 'rest-ack',
      acknowledgedRequest: 'create',
    });
    const accepted = await harness.fold.commands.execute(
      { market: 'futures', accountId: 'acc1', clientOrderId },
      { type: 'RecordFuturesSubmissionAccepted', acknowledgement: ack.data as never, now: T0 + 10 },
      { actor: 'alice', correlationId: 'ack-7001', source: 'rest-ack' } as never,
    );
    expect(accepted).not.toBeInstanceOf(DomainError);
    // The stream's report of the same fill, and the order's fill report, arrive later.
    await harness.publish([
      futuresFill({
        orderId: '7001',
        clientOrderId,
        ticketId: 'tk-7001',
        quantity: '4',
        source: 'ws',
        fee: null,
        realizedPnl: null,
        orderSide: null,
      }),
      futuresOrder({
        orderId: '7001',
        clientOrderId,
        status: 'PARTIALLY_FILLED',
        executedQty: '4',
        avgPrice: '2500',
        updateTime: T0 + 20,
      }),
      futuresPosition({ position: '4', avgPrice: '2500', updateTime: T0 + 30 }),
    ]);
    const streamId = orderStreamIdOf({ market: 'futures', accountId: 'acc1', clientOrderId });
    const [position] = await harness.waitFor('the position to see the venue report', async () => {
      const rows = await harness.query<{
        contracts: string;
        venue: { contracts: string } | null;
        break_id: string | null;
      }>(
        `SELECT contracts::text, venue, break_id FROM rm_positions WHERE account = 'acc1' AND symbol = $1 AND side = 'LONG'`,
        [PERPETUAL],
      );
      return rows[0]?.venue ? rows : undefined;
    });
    expect(position).toEqual({
      contracts: '4',
      venue: expect.objectContaining({ contracts: '4' }),
      break_id: null,
    });
    expect(await fillsOf('7001')).toEqual([
      { fill_id: 'tk-7001', oms_order_id: omsOrderId(streamId), fee: '0.5', sources: ['rest-poll', 'ws'] },
    ]);
    expect(
      await harness.query(`SELECT origin, status, executed_qty::text FROM rm_orders WHERE order_id = '7001'`),
    ).toEqual([{ origin: 'desk', status: 'PARTIALLY_FILLED', executed_qty: '4' }]);
    expect(await harness.query(`SELECT count(*)::int AS n FROM rm_breaks`)).toEqual([{ n: 0 }]);
  });

  it('folds a trades row of an order whose create was uncertain into that order once the stream report names it', async () => {
    const clientOrderId = omsClientOrderId('fut-uncertain');
    await place(clientOrderId);
    await harness.fold.commands.execute(
      { market: 'futures', accountId: 'acc1', clientOrderId },
      { type: 'RecordSubmissionUncertain', reason: 'http-5xx', detail: '502', now: T0 + 5 },
      { actor: 'alice', correlationId: 'uncertain-7002' },
    );
    await harness.publish([
      futuresFill({ orderId: '7002', ticketId: 'tk-7002', quantity: '3', tradeTime: T0 + 40 }),
    ]);
    await harness.waitFor('the fill to be parked', async () =>
      (await harness.query(`SELECT 1 FROM oms_parked_fills WHERE order_id = '7002'`)).length === 1
        ? true
        : undefined,
    );
    await harness.publish([
      futuresOrder({
        orderId: '7002',
        clientOrderId,
        status: 'PARTIALLY_FILLED',
        executedQty: '3',
        avgPrice: '2500',
        updateTime: T0 + 41,
      }),
      futuresPosition({ position: '7', avgPrice: '2500', updateTime: T0 + 50 }),
    ]);
    const [position] = await harness.waitFor('the position to reach 7 contracts', async () => {
      const rows = await harness.query<{ contracts: string; break_id: string | null }>(
        `SELECT contracts::text, break_id FROM rm_positions WHERE account = 'acc1' AND symbol = $1 AND side = 'LONG'`,
        [PERPETUAL],
      );
      return rows[0]?.contracts === '7' ? rows : undefined;
    });
    expect(position.break_id).toBeNull();
    const streamId = orderStreamIdOf({ market: 'futures', accountId: 'acc1', clientOrderId });
    expect(await fillsOf('7002')).toEqual([
      expect.objectContaining({ fill_id: 'tk-7002', oms_order_id: omsOrderId(streamId) }),
    ]);
    expect(await harness.query(`SELECT count(*)::int AS n FROM rm_orders WHERE order_id = '7002'`)).toEqual([
      { n: 1 },
    ]);
    expect(await harness.query(`SELECT count(*)::int AS n FROM oms_parked_fills`)).toEqual([{ n: 0 }]);
  });

  it('raises a realized P&L break for a closing fill folded before its opening fill, and resolves it once that fill arrives', async () => {
    const shortBreaks = () =>
      harness.query<{ kind: string; status: string; resolved_by: string | null }>(
        `SELECT kind, status, resolved_by FROM rm_breaks WHERE symbol = $1 AND id LIKE '%:SHORT:%' ORDER BY kind`,
        [PERPETUAL],
      );
    const shortFill = (
      orderId: string,
      orderSide: 'SELL_OPEN' | 'BUY_CLOSE',
      price: string,
      time: number,
    ) => [
      futuresOrder({
        orderId,
        side: orderSide,
        price,
        origQty: '2',
        executedQty: '2',
        avgPrice: price,
        status: 'FILLED',
        updateTime: time,
      }),
      futuresFill({
        orderId,
        ticketId: `tk-${orderId}`,
        direction: orderSide === 'SELL_OPEN' ? 'SELL' : 'BUY',
        orderSide,
        price,
        quantity: '2',
        // The venue's figure: (2500 - 2400) x 2 contracts x 0.001 ETH.
        realizedPnl: orderSide === 'BUY_CLOSE' ? '0.2' : '0',
        tradeTime: time,
      }),
    ];
    const flat = (updateTime: number) =>
      futuresPosition({ side: 'SHORT', position: '0', available: '0', avgPrice: '0', updateTime });
    // The closing fill reaches the OMS first (the opening one's stream report was dropped).
    await harness.publish([...shortFill('8102', 'BUY_CLOSE', '2400', T0 + 200), flat(T0 + 300)]);
    await harness.waitFor('the realized P&L break', async () =>
      (await shortBreaks()).some((found) => found.kind === 'realized-pnl-mismatch') ? true : undefined,
    );
    // The trades poll brings the opening fill; the next position report reconciles.
    await harness.publish([...shortFill('8101', 'SELL_OPEN', '2500', T0 + 100), flat(T0 + 400)]);
    const breaks = await harness.waitFor('the breaks to be resolved', async () => {
      const rows = await shortBreaks();
      return rows.every((found) => found.status === 'resolved') ? rows : undefined;
    });
    expect(breaks).toEqual(
      expect.arrayContaining([
        { kind: 'realized-pnl-mismatch', status: 'resolved', resolved_by: 'reconciliation' },
      ]),
    );
  });

  it('resolves the breaks a closing fill folded before its opening fill raised as soon as that fill arrives, without waiting for the next position report', async () => {
    const accountId = 'acc-late-open';
    const breaks = () =>
      harness.query<{ kind: string; status: string }>(
        `SELECT kind, status FROM rm_breaks WHERE account = $1 ORDER BY kind`,
        [accountId],
      );
    const fillOf = (orderId: string, orderSide: 'BUY_OPEN' | 'SELL_CLOSE', price: string, time: number) => [
      futuresOrder({
        accountId,
        orderId,
        side: orderSide,
        price,
        origQty: '4',
        executedQty: '4',
        avgPrice: price,
        status: 'FILLED',
        updateTime: time,
      }),
      futuresFill({
        accountId,
        orderId,
        ticketId: `tk-${orderId}`,
        direction: orderSide === 'BUY_OPEN' ? 'BUY' : 'SELL',
        orderSide,
        price,
        quantity: '4',
        // The venue's figure: (2600 - 2500) x 4 contracts x 0.001 ETH.
        realizedPnl: orderSide === 'SELL_CLOSE' ? '0.4' : '0',
        tradeTime: time,
      }),
    ];
    // Opened 10, closed 4: the venue reports 6 after the close. The opening fill's report
    // was dropped, so the OMS sees the close (and the venue's report) first.
    await harness.publish([
      ...fillOf('8202', 'SELL_CLOSE', '2600', T0 + 200),
      futuresPosition({ accountId, position: '6', available: '6', avgPrice: '2500', updateTime: T0 + 300 }),
    ]);
    await harness.waitFor('the position break', async () =>
      (await breaks()).some((found) => found.kind === 'position-mismatch') ? true : undefined,
    );
    await harness.publish([
      futuresOrder({
        accountId,
        orderId: '8201',
        side: 'BUY_OPEN',
        price: '2500',
        origQty: '10',
        executedQty: '10',
        avgPrice: '2500',
        status: 'FILLED',
        updateTime: T0 + 100,
      }),
      futuresFill({
        accountId,
        orderId: '8201',
        ticketId: 'tk-8201',
        direction: 'BUY',
        orderSide: 'BUY_OPEN',
        price: '2500',
        quantity: '10',
        realizedPnl: '0',
        tradeTime: T0 + 100,
      }),
    ]);
    const resolved = await harness.waitFor('the breaks to be resolved', async () => {
      const rows = await breaks();
      return rows.length > 0 && rows.every((found) => found.status === 'resolved') ? rows : undefined;
    });
    expect(resolved).toEqual(expect.arrayContaining([{ kind: 'position-mismatch', status: 'resolved' }]));
  });

  it('shows an order placed at the venue by someone else as origin external, with its fills', async () => {
    await harness.publish([
      spotFill({ orderId: '8001', ticketId: 'ext-1', clientOrderId: 'web-123', source: 'ws', fee: null }),
      spotOrder({
        orderId: '8001',
        clientOrderId: 'web-123',
        status: 'PARTIALLY_FILLED',
        executedQty: '0.1',
        avgPrice: '3000',
        updateTime: T0 + 6,
      }),
    ]);
    const [order] = await harness.waitFor('the external order', async () => {
      const rows = await harness.query<{ origin: string; executed_qty: string }>(
        `SELECT origin, executed_qty::text FROM rm_orders WHERE order_id = '8001'`,
      );
      return rows.length > 0 && (await fillsOf('8001')).length === 1 ? rows : undefined;
    });
    expect(order).toEqual({ origin: 'external', executed_qty: '0.1' });
  });

  it('sends a payload the domain refuses to the dead-letter topic with the reason naming the field', async () => {
    const event = spotOrder({ orderId: '9001' });
    const { observationEnvelope } = await import('@oms/observations');
    const outgoing = observationEnvelope(event, null, { observedAt: T0, correlationId: 'bad-1' });
    await harness.publishRaw([
      {
        ...outgoing,
        envelope: {
          ...outgoing.envelope,
          payload: { ...(outgoing.envelope.payload as object), price: 'abc' },
        },
      },
    ]);
    const consumer = harness.cluster.kafka.consumer({ groupId: harness.cluster.uniqueName('dl-reader') });
    await consumer.connect();
    await consumer.subscribe({ topic: harness.topics.deadLetter, fromBeginning: true });
    const reasons: string[] = [];
    await consumer.run({
      eachMessage: ({ message }) => {
        reasons.push(String(message.headers?.['x-dead-letter-reason']));
        return Promise.resolve();
      },
    });
    await harness.waitFor('a dead letter', () => Promise.resolve(reasons.length > 0 ? true : undefined));
    await consumer.disconnect();
    expect(reasons[0]).toMatch(/payload\.observation\.price/);
    expect(await harness.query(`SELECT count(*)::int AS n FROM rm_orders WHERE order_id = '9001'`)).toEqual([
      { n: 0 },
    ]);
  });
});
