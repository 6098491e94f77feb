import { deterministicEventId } from '@oms/kafka';
import { appendBatch, verifyEventLog } from '@oms/persistence';
import { Pool } from 'pg';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { DomainError, omsClientOrderId, SpotFillObservation } from '@oms/domain';
import { createFoldServices, FoldServices } from './fold-services';
import { commandId } from './order-command.service';
import { pipelinedTransactions } from './transaction-runner';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { omsOrderId } from '../projections/order-row';
import { orderStreamIdOf } from './order-command.service';
import { acknowledgement, ACCOUNT, spotLimitRequest, T0 } from './test-support/desk-order-commands';

function pollFill(orderId: string, ticketId: string, qty = '0.4'): SpotFillObservation {
  return {
    accountId: ACCOUNT,
    symbol: 'ETHUSDT',
    orderId,
    clientOrderId: null,
    ticketId,
    side: 'BUY',
    price: '3000',
    qty,
    fee: { asset: 'ETH', amount: '0.0004' },
    isMaker: false,
    tradeTime: T0 + 20,
    source: 'rest-poll',
  };
}

describe.each([
  ["the fold's TypeORM pool", false],
  ['a pipelined pool (as the OMS runs them)', true],
])('ORDER_COMMAND_PORT (OrderCommandService) on Postgres, commands on %s', (_title, pipelined) => {
  let database: TestDatabase;
  let fold: FoldServices;
  let commandPool: Pool | undefined;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    commandPool = pipelined
      ? new Pool({ connectionString: database.url, max: 4, pipeline: true })
      : undefined;
    fold = createFoldServices(
      database.dataSource,
      () => undefined,
      undefined,
      commandPool ? pipelinedTransactions(commandPool) : undefined,
    );
  });

  afterAll(async () => {
    await commandPool?.end();
    await database.drop();
  });

  const place = (clientOrderId: string, actor = 'alice') =>
    fold.commands.execute(
      { market: 'spot', accountId: ACCOUNT, clientOrderId },
      { type: 'PlaceSpotOrder', clientOrderId, actor, request: spotLimitRequest(), now: T0 },
      { actor, correlationId: `place-${clientOrderId}` },
    );

  it('records the intent as a PENDING_SUBMIT desk order with its actor in rm_orders and in the event metadata', async () => {
    const clientOrderId = omsClientOrderId('intent1');
    const result = await place(clientOrderId);
    const streamId = orderStreamIdOf({ market: 'spot', accountId: ACCOUNT, clientOrderId });
    expect(result).toEqual({
      omsOrderId: omsOrderId(streamId),
      streamVersion: 1,
      appendedEventTypes: ['OrderSubmissionRequested'],
      order: expect.objectContaining({
        id: omsOrderId(streamId),
        streamVersion: 1,
        status: 'PENDING_SUBMIT',
        origin: 'desk',
        createdBy: 'alice',
      }),
    });
    const [row] = await database.dataSource.query(
      `SELECT status, origin, created_by, stream_version FROM rm_orders WHERE id = $1`,
      [omsOrderId(streamId)],
    );
    expect(row).toEqual({ status: 'PENDING_SUBMIT', origin: 'desk', created_by: 'alice', stream_version: 1 });
    const [event] = await database.dataSource.query(`SELECT metadata FROM events WHERE stream_id = $1`, [
      streamId,
    ]);
    expect(event.metadata).toMatchObject({ actor: 'alice', source: 'oms' });
  });

  it('refuses a command the decider refuses, writing nothing', async () => {
    const clientOrderId = omsClientOrderId('refused1');
    const result = await fold.commands.execute(
      { market: 'spot', accountId: ACCOUNT, clientOrderId },
      {
        type: 'RecordSpotSubmissionAccepted',
        acknowledgement: acknowledgement(clientOrderId, '900'),
        now: T0 + 11,
      },
      { actor: null, correlationId: 'c-refused' },
    );
    expect(result).toBeInstanceOf(DomainError);
    const streamId = orderStreamIdOf({ market: 'spot', accountId: ACCOUNT, clientOrderId });
    expect(await database.dataSource.query(`SELECT 1 FROM events WHERE stream_id = $1`, [streamId])).toEqual(
      [],
    );
  });

  it('refuses a second order under a client id already used, keeping the first order as it was', async () => {
    const clientOrderId = omsClientOrderId('reused1');
    const first = await place(clientOrderId, 'alice');
    expect(first).not.toBeInstanceOf(DomainError);
    const streamId = orderStreamIdOf({ market: 'spot', accountId: ACCOUNT, clientOrderId });
    const before = await database.dataSource.query(
      `SELECT state_hash, stream_version FROM rm_orders WHERE stream_id = $1`,
      [streamId],
    );
    const second = await fold.commands.execute(
      { market: 'spot', accountId: ACCOUNT, clientOrderId },
      { type: 'PlaceSpotOrder', clientOrderId, actor: 'bob', request: spotLimitRequest(), now: T0 + 5 },
      { actor: 'bob', correlationId: 'place-reused1-again' },
    );
    expect(second).toBeInstanceOf(DomainError);
    expect(
      await database.dataSource.query(`SELECT stream_version, event_type FROM events WHERE stream_id = $1`, [
        streamId,
      ]),
    ).toEqual([{ stream_version: 1, event_type: 'OrderSubmissionRequested' }]);
    expect(
      await database.dataSource.query(
        `SELECT state_hash, stream_version FROM rm_orders WHERE stream_id = $1`,
        [streamId],
      ),
    ).toEqual(before);
  });

  it("records a batch's intents in one transaction, refusing only the entry whose client id is used already", async () => {
    const used = omsClientOrderId('batch-used');
    expect(await place(used)).not.toBeInstanceOf(DomainError);
    const [first, last] = [omsClientOrderId('batch-first'), omsClientOrderId('batch-last')];
    const intent = (clientOrderId: string) => ({
      ref: { market: 'spot' as const, accountId: ACCOUNT, clientOrderId },
      command: {
        type: 'PlaceSpotOrder' as const,
        clientOrderId,
        actor: 'carol',
        request: spotLimitRequest(),
        now: T0 + 7,
      },
    });

    const results = await fold.commands.executeAll([intent(first), intent(used), intent(last)], {
      actor: 'carol',
      correlationId: 'batch-intents',
    });

    expect(results[1]).toBeInstanceOf(DomainError);
    const streams = [first, last].map((clientOrderId) =>
      orderStreamIdOf({ market: 'spot', accountId: ACCOUNT, clientOrderId }),
    );
    expect(results.filter((result) => !(result instanceof DomainError))).toEqual(
      streams.map((streamId) =>
        expect.objectContaining({
          omsOrderId: omsOrderId(streamId),
          streamVersion: 1,
          appendedEventTypes: ['OrderSubmissionRequested'],
        }),
      ),
    );
    const written = await database.dataSource.query<Array<{ stream_id: string; actor: string; tx: string }>>(
      `SELECT stream_id, metadata->>'actor' AS actor, xmin::text AS tx FROM events
        WHERE correlation_id = 'batch-intents' ORDER BY global_position`,
    );
    expect(written.map((row) => [row.stream_id, row.actor])).toEqual(
      streams.map((streamId) => [streamId, 'carol']),
    );
    expect(new Set(written.map((row) => row.tx)).size).toBe(1);
    const rows = await database.dataSource.query<Array<{ status: string }>>(
      `SELECT status FROM rm_orders WHERE stream_id = ANY($1::text[])`,
      [streams],
    );
    expect(rows).toEqual([{ status: 'PENDING_SUBMIT' }, { status: 'PENDING_SUBMIT' }]);
    const usedEvents = await database.dataSource.query(`SELECT 1 FROM events WHERE stream_id = $1`, [
      orderStreamIdOf({ market: 'spot', accountId: ACCOUNT, clientOrderId: used }),
    ]);
    expect(usedEvents).toHaveLength(1);
  });

  it('appends what is not stored yet when an event the command decides is stored already, skipping it', async () => {
    const clientOrderId = omsClientOrderId('stored1');
    const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
    const command = {
      type: 'PlaceSpotOrder',
      clientOrderId,
      actor: 'alice',
      request: spotLimitRequest(),
      now: T0,
    } as const;
    const metadata = { actor: 'alice', correlationId: 'place-stored1' };
    const streamId = orderStreamIdOf(ref);
    // The event the intent decides is in the log already (an input another writer folded).
    const storedId = deterministicEventId('oms-event', commandId(command, metadata), streamId, 0);
    await appendBatch(database.dataSource, [
      {
        streamId: 'elsewhere-1',
        streamType: 'test',
        expectedVersion: 0,
        events: [{ eventId: storedId, type: 'Placed', schemaVersion: 1, payload: {}, occurredAt: T0 }],
      },
    ]);
    const result = await fold.commands.execute(ref, command, metadata);
    expect(result).not.toBeInstanceOf(DomainError);
    expect(
      await database.dataSource.query(`SELECT stream_id FROM events WHERE event_id = $1`, [storedId]),
    ).toEqual([{ stream_id: 'elsewhere-1' }]);
    expect(await verifyEventLog(database.dataSource)).toMatchObject({ ok: true });
  });

  it('moves a poll fill that arrived before the acknowledgement into the order once the ack links its orderId', async () => {
    const clientOrderId = omsClientOrderId('early1');
    await place(clientOrderId);
    const fill = pollFill('1001', 'tkt-1');
    await fold.transactions.run((context) =>
      fold.observations.fold(
        context,
        decodedEnvelope({ type: 'SpotFillObserved', schemaVersion: 2, data: fill }, T0 + 30),
      ),
    );
    expect(await database.dataSource.query(`SELECT order_id FROM oms_parked_fills`)).toEqual([
      { order_id: '1001' },
    ]);
    expect(
      await database.dataSource.query(`SELECT count(*)::int AS n FROM rm_orders WHERE order_id = '1001'`),
    ).toEqual([{ n: 0 }]);

    const result = await fold.commands.execute(
      { market: 'spot', accountId: ACCOUNT, clientOrderId },
      {
        type: 'RecordSpotSubmissionAccepted',
        acknowledgement: acknowledgement(clientOrderId, '1001'),
        now: T0 + 40,
      },
      { actor: 'alice', correlationId: 'c-ack' },
    );
    expect(result).not.toBeInstanceOf(DomainError);
    const streamId = orderStreamIdOf({ market: 'spot', accountId: ACCOUNT, clientOrderId });
    expect(await database.dataSource.query(`SELECT count(*)::int AS n FROM oms_parked_fills`)).toEqual([
      { n: 0 },
    ]);
    const fills = await database.dataSource.query(
      `SELECT fill_id, oms_order_id, qty::text FROM rm_fills WHERE order_id = '1001'`,
    );
    expect(fills).toEqual([{ fill_id: 'tkt-1', oms_order_id: omsOrderId(streamId), qty: '0.4' }]);
    const orders = await database.dataSource.query(
      `SELECT origin, status FROM rm_orders WHERE order_id = '1001'`,
    );
    expect(orders).toEqual([{ origin: 'desk', status: 'NEW' }]);
    const types = await database.dataSource.query(
      `SELECT event_type, metadata->>'source' AS source, metadata->>'actor' AS actor FROM events
       WHERE stream_id = $1 ORDER BY stream_version`,
      [streamId],
    );
    expect(types).toEqual([
      { event_type: 'OrderSubmissionRequested', source: 'oms', actor: 'alice' },
      { event_type: 'OrderAccepted', source: 'oms', actor: 'alice' },
      { event_type: 'SpotOrderObserved', source: 'oms', actor: 'alice' },
      { event_type: 'SpotFillObserved', source: 'rest-poll', actor: null },
    ]);
  });

  it('lets concurrent commands and observations on one order both land, with dense versions (retry on conflict)', async () => {
    const clientOrderId = omsClientOrderId('race1');
    await place(clientOrderId);
    await fold.commands.execute(
      { market: 'spot', accountId: ACCOUNT, clientOrderId },
      {
        type: 'RecordSpotSubmissionAccepted',
        acknowledgement: acknowledgement(clientOrderId, '2002'),
        now: T0 + 40,
      },
      { actor: 'alice', correlationId: 'c-ack2' },
    );
    const fills = Array.from({ length: 6 }, (_, index) => ({
      ...pollFill('2002', `race-${index}`, '0.1'),
      clientOrderId,
    }));
    await Promise.all([
      fold.commands.execute(
        { market: 'spot', accountId: ACCOUNT, clientOrderId },
        { type: 'RequestCancel', actor: 'bob', now: T0 + 50 },
        { actor: 'bob', correlationId: 'c-cancel' },
      ),
      ...fills.map((fill, index) =>
        fold.transactions.run((context) =>
          fold.observations.fold(
            context,
            decodedEnvelope({ type: 'SpotFillObserved', schemaVersion: 2, data: fill }, T0 + 60 + index),
          ),
        ),
      ),
    ]);
    const streamId = orderStreamIdOf({ market: 'spot', accountId: ACCOUNT, clientOrderId });
    const versions = await database.dataSource.query(
      `SELECT stream_version FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [streamId],
    );
    expect(versions.map((row: { stream_version: number }) => row.stream_version)).toEqual(
      versions.map((_: unknown, index: number) => index + 1),
    );
    const [order] = await database.dataSource.query(
      `SELECT stream_version, cancel->>'state' AS cancel FROM rm_orders WHERE id = $1`,
      [omsOrderId(streamId)],
    );
    expect(order).toEqual({ stream_version: versions.length, cancel: 'REQUESTED' });
    expect(
      await database.dataSource.query(`SELECT count(*)::int AS n FROM rm_fills WHERE order_id = '2002'`),
    ).toEqual([{ n: 6 }]);
  });
});
