import { Pool } from 'pg';
import { DomainError, omsClientOrderId } from '@oms/domain';
import { countSocketWrites, SocketWriteCounter } from '@oms/persistence/test-support/socket-writes';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { createFoldServices, FoldServices } from './fold-services';
import { pipelinedTransactions } from './transaction-runner';
import { acknowledgement, ACCOUNT, spotLimitRequest, T0 } from './test-support/desk-order-commands';

/**
 * A desk order waits on the database twice (its intent, then the venue's answer). On a
 * busy host each socket write that wakes Postgres costs a scheduling delay, so each of
 * those transactions sends BEGIN, its writes, the append and COMMIT in one write.
 */
describe('desk order transactions on a pipelined pool', () => {
  let database: TestDatabase;
  let pool: Pool;
  let fold: FoldServices;
  let socketWrites: SocketWriteCounter;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 1, pipeline: true });
    socketWrites = countSocketWrites(pool);
    fold = createFoldServices(database.dataSource, () => undefined, undefined, pipelinedTransactions(pool));
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  async function writesOf(run: () => Promise<unknown>): Promise<{ writes: number; result: unknown }> {
    // A connection opened outside the measure: its start-up is not the command's.
    await pool.query('SELECT 1');
    socketWrites.reset();
    const result = await run();
    return { writes: socketWrites.count, result };
  }

  it('records the intent and the acknowledgement each in one socket write, COMMIT included', async () => {
    const clientOrderId = omsClientOrderId('one-write');
    const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
    const intent = await writesOf(() =>
      fold.commands.execute(
        ref,
        { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request: spotLimitRequest(), now: T0 },
        { actor: 'alice', correlationId: 'one-write-place' },
      ),
    );
    expect(intent.result).not.toBeInstanceOf(DomainError);
    expect(intent.writes).toBe(1);

    const answer = await writesOf(() =>
      fold.commands.execute(
        ref,
        {
          type: 'RecordSpotSubmissionAccepted',
          acknowledgement: acknowledgement(clientOrderId, '7001'),
          now: T0 + 11,
        },
        { actor: 'alice', correlationId: 'one-write-ack' },
      ),
    );
    expect(answer.result).not.toBeInstanceOf(DomainError);
    expect(answer.writes).toBe(1);

    const [order] = await database.dataSource.query(
      `SELECT status, order_id, stream_version FROM rm_orders WHERE client_order_id = $1`,
      [clientOrderId],
    );
    expect(order).toEqual({ status: 'NEW', order_id: '7001', stream_version: 3 });
    const [link] = await database.dataSource.query(
      `SELECT count(*)::int AS links FROM oms_order_links WHERE order_id = '7001'`,
    );
    expect(link).toEqual({ links: 1 });
  });
});
