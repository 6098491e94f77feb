import { DomainError, omsClientOrderId } from '@oms/domain';
import { spotOrderAckSchema, WriteOutcome } from '@oms/exchange';
import { SqlExecutor } from '@oms/persistence';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../../aggregates/fold-services';
import { orderStreamIdOf } from '../../aggregates/order-command.service';
import { TransactionRunner, typeOrmTransactions } from '../../aggregates/transaction-runner';
import { ACCOUNT, spotLimitRequest, T0 } from '../../aggregates/test-support/desk-order-commands';
import { createFoldTestDatabase } from '../../fold/test-support/fold-test-database';
import { AnswerRecordings } from '../../orders/answer-recordings';
import { CommandReadModels } from '../orders/command-read-models';
import { committedOrderResponse } from '../orders/committed-order';
import { OrderCancelService } from '../cancel/order-cancel.service';
import { UncertainOrderResolver } from '../resolution/uncertain-order-resolver';
import { VenueGateways } from '../venue/venue-gateways';
import { CreateAck, CreateOutcomeRecorder } from './create-outcome.recorder';
import { OrderCommands } from './order-commands';

/**
 * Transactions whose COMMIT waits while the gate is shut (the work itself runs at once);
 * each statement they issue is noted in `timeline`.
 */
function gatedTransactions(inner: TransactionRunner) {
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};
  const timeline: string[] = [];
  const runner: TransactionRunner = (work, flushCommit) =>
    inner(async (executor) => {
      const noted: SqlExecutor = {
        query: (sql, parameters) => {
          timeline.push('statement');
          return executor.query(sql, parameters);
        },
      };
      const result = await work(noted);
      await opened;
      return result;
    }, flushCommit);
  return {
    runner,
    timeline,
    shut() {
      opened = new Promise((resolve) => (open = resolve));
    },
    open: () => open(),
  };
}

const pending = Symbol('pending');
/** What `promise` settled with within `ms`, else `pending`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof pending> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof pending>((resolve) => (timer = setTimeout(resolve, ms, pending)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a desk order or cancel is answered once the venue answer is decided, before that answer commits', () => {
  let database: TestDatabase;
  let fold: FoldServices;
  let gate: ReturnType<typeof gatedTransactions>;
  let recordings: AnswerRecordings;
  let readModels: CommandReadModels;
  let recorder: CreateOutcomeRecorder;
  let resolver: UncertainOrderResolver;
  const tracked: string[] = [];

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    gate = gatedTransactions(typeOrmTransactions(database.dataSource));
    fold = createFoldServices(database.dataSource, () => undefined, undefined, gate.runner);
    recordings = new AnswerRecordings();
    readModels = new CommandReadModels(database.dataSource, recordings);
    resolver = {
      track: (ref: { clientOrderId: string }) => tracked.push(ref.clientOrderId),
    } as unknown as UncertainOrderResolver;
    recorder = new CreateOutcomeRecorder(new OrderCommands(fold.commands), resolver, recordings);
  });
  // A failed test must not leave the next one's commits held.
  afterEach(() => gate.open());
  afterAll(async () => {
    await recordings.settled();
    await database?.drop();
  });

  async function placeIntent(name: string) {
    const clientOrderId = omsClientOrderId(name);
    const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
    const intent = await fold.commands.execute(
      ref,
      { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request: spotLimitRequest(), now: T0 },
      { actor: 'alice', correlationId: `place-${name}` },
    );
    if (intent instanceof DomainError) throw intent;
    return { ref, omsOrderId: intent.omsOrderId };
  }

  const storedStatus = async (omsOrderId: string) => {
    const rows = await database.dataSource.query<Array<{ status: string }>>(
      `SELECT status FROM rm_orders WHERE id = $1`,
      [omsOrderId],
    );
    return rows[0]?.status;
  };

  const origin = { actor: 'alice', correlationId: 'answer-first' };

  /** The venue's acknowledgement of a spotLimitRequest() placed under `clientOrderId`. */
  const acknowledged = (clientOrderId: string, orderId: string): WriteOutcome<CreateAck> => ({
    kind: 'accepted',
    value: spotOrderAckSchema.parse({
      accountId: ACCOUNT,
      symbol: 'ETHUSDT',
      clientOrderId,
      orderId,
      transactTime: String(T0 + 10),
      price: '3000',
      origQty: '1',
      executedQty: '0',
      status: 'NEW',
      timeInForce: 'GTC',
      type: 'LIMIT',
      side: 'BUY',
    }),
  });

  it.each([
    [
      'an acknowledgement',
      'answered-ack',
      (clientOrderId: string) => acknowledged(clientOrderId, '990001'),
      'NEW',
    ],
    [
      'a 5XX',
      'answered-5xx',
      (clientOrderId: string): WriteOutcome<CreateAck> => ({
        kind: 'uncertain',
        endpoint: 'POST /api/v1.1/spot/order',
        clientOrderIds: [clientOrderId],
        orderIds: [],
        reason: 'http-5xx',
        detail: 'HTTP 502',
        httpStatus: 502,
        sentAt: T0 + 5,
      }),
      'UNCERTAIN',
    ],
  ])(
    '%s: the answer shows it while rm_orders still holds the intent; reads of the order wait for the commit and then show the same',
    async (_name, clientName, outcomeOf, status) => {
      const { ref, omsOrderId } = await placeIntent(clientName);
      gate.shut();
      const answered = await within(
        recorder.recordAnswerFirst(ref, omsOrderId, outcomeOf(ref.clientOrderId), origin),
        5_000,
      );
      if (answered === pending || answered === null) throw new Error(`no answer: ${String(answered)}`);
      expect(answered.status).toBe(status);
      // Not committed: the database still shows the intent, and a read of the order waits.
      expect(await storedStatus(omsOrderId)).toBe('PENDING_SUBMIT');
      const read = readModels.order(omsOrderId);
      expect(await within(read, 300)).toBe(pending);
      expect(recordings.size).toBe(1);

      gate.open();
      const order = await read;
      expect(order?.status).toBe(status);
      expect(order).toEqual(committedOrderResponse(answered));
      expect(await storedStatus(omsOrderId)).toBe(status);
      expect(recordings.size).toBe(0);
    },
  );

  it("the answer's own steps run before its transaction issues the commit's statements", async () => {
    const { ref, omsOrderId } = await placeIntent('answered-first-steps');
    gate.timeline.length = 0;
    const answerSent = recorder
      .recordAnswerFirst(ref, omsOrderId, acknowledged(ref.clientOrderId, '990002'), origin)
      .then(async (row) => {
        gate.timeline.push('answer decided');
        // The HTTP layer's steps between the answer and the response: guards,
        // interceptors, serialization, each a promise.
        for (let step = 0; step < 50; step += 1) await Promise.resolve();
        gate.timeline.push('answer sent');
        return row;
      });
    expect((await answerSent)?.status).toBe('NEW');
    await recordings.settled();
    const decided = gate.timeline.indexOf('answer decided');
    expect(gate.timeline.slice(decided, decided + 2)).toEqual(['answer decided', 'answer sent']);
    // The commit's statements were still issued, after the answer.
    expect(gate.timeline.slice(decided + 2)).toContain('statement');
    expect(await storedStatus(omsOrderId)).toBe('NEW');
  });

  it("a venue batch's answers (one entry refused, one acknowledged): each answered while rm_orders still holds the intents, recorded in one transaction; reads wait for its commit", async () => {
    const refused = await placeIntent('batch-entry-refused');
    const accepted = await placeIntent('batch-entry-accepted');
    gate.shut();
    const answered = await within(
      recorder.recordEachAnswerFirst(
        [
          {
            ...refused,
            answer: { kind: 'refused-entry', code: '-1131', message: 'balance' },
          },
          { ...accepted, answer: acknowledged(accepted.ref.clientOrderId, '990003') },
        ],
        origin,
      ),
      5_000,
    );
    if (answered === pending || answered.includes(null))
      throw new Error(`no answer: ${JSON.stringify(answered)}`);
    expect(answered.map((row) => row?.status)).toEqual(['REJECTED', 'NEW']);
    for (const { omsOrderId } of [refused, accepted]) {
      expect(await storedStatus(omsOrderId)).toBe('PENDING_SUBMIT');
    }
    const reads = [refused, accepted].map(({ omsOrderId }) => readModels.order(omsOrderId));
    expect(await within(Promise.race(reads), 300)).toBe(pending);

    gate.open();
    expect(await Promise.all(reads)).toEqual(answered.map((row) => committedOrderResponse(row!)));
    const [{ transactions }] = await database.dataSource.query<Array<{ transactions: number }>>(
      `SELECT count(DISTINCT xmin::text)::int AS transactions FROM events
        WHERE stream_id = ANY($1::text[]) AND metadata->>'source' = 'rest-ack'`,
      [[refused, accepted].map(({ ref }) => orderStreamIdOf(ref))],
    );
    expect(transactions).toBe(1);
  });

  it('a cancel the venue answers 5XX: answered UNCERTAIN while rm_orders still shows it REQUESTED; a read waits for the commit', async () => {
    const { ref, omsOrderId } = await placeIntent('cancel-answered-5xx');
    await recorder.record(ref, acknowledged(ref.clientOrderId, '990002'), origin);
    const placed = await readModels.order(omsOrderId);
    if (placed === null) throw new Error('the order is not projected');
    // The venue is asked once the cancel request is committed; its answer's commit is then held.
    const gateways = {
      get: () => ({
        client: {
          spot: {
            cancelOrder: (): Promise<WriteOutcome<never>> => {
              gate.shut();
              return Promise.resolve({
                kind: 'uncertain',
                endpoint: 'DELETE /api/v1/spot/order',
                clientOrderIds: [],
                orderIds: ['990002'],
                reason: 'http-5xx',
                detail: 'HTTP 503',
                httpStatus: 503,
                sentAt: T0 + 20,
              });
            },
          },
        },
      }),
    } as unknown as VenueGateways;
    const cancels = new OrderCancelService(
      gateways,
      new OrderCommands(fold.commands),
      readModels,
      resolver,
      recordings,
    );

    const answered = await within(cancels.cancel(placed, origin), 5_000);
    if (answered === pending) throw new Error('the cancel was not answered before its commit');
    expect(answered.cancel).toMatchObject({ state: 'UNCERTAIN' });
    const stored = await database.dataSource.query<Array<{ cancel: { state: string } }>>(
      `SELECT cancel FROM rm_orders WHERE id = $1`,
      [omsOrderId],
    );
    expect(stored[0].cancel.state).toBe('REQUESTED');
    const read = readModels.order(omsOrderId);
    expect(await within(read, 300)).toBe(pending);

    gate.open();
    expect(await read).toEqual(answered);
  });
});
