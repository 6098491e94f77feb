import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { omsClientOrderId } from '@oms/domain';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { spotOrder } from '../fold/test-support/observation-builders';
import { createFoldServices, FoldServices } from './fold-services';
import { orderStreamIdOf } from './order-command.service';
import { STATE_HASH_SQL } from './aggregate-state.store';
import { acknowledgement, ACCOUNT, spotLimitRequest, T0 } from './test-support/desk-order-commands';

interface KeptRow {
  state: { cancel: Record<string, unknown> };
  state_hash: string;
}

interface OrderRow {
  cancel: { requestedBy: string | null; state: string };
  state_hash: string;
}

describe('what an order lifecycle keeps, and the migrations that give kept states of the old shape the same', () => {
  let database: TestDatabase;
  let fold: FoldServices;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, () => undefined);
  });

  afterAll(async () => {
    await database.drop();
  });

  const isApplied = async (name: string) =>
    (
      await database.dataSource.query<Array<{ name: string }>>(
        `SELECT name FROM schema_migrations WHERE name = $1`,
        [name],
      )
    ).length > 0;

  const kept = async (streamId: string) =>
    (
      await database.dataSource.query<KeptRow[]>(
        `SELECT state, state_hash FROM oms_aggregate_states WHERE stream_id = $1`,
        [streamId],
      )
    )[0];

  const orderRow = async (streamId: string) =>
    (
      await database.dataSource.query<OrderRow[]>(
        `SELECT cancel, state_hash FROM rm_orders WHERE stream_id = $1`,
        [streamId],
      )
    )[0];

  /** A desk order placed by alice, acknowledged, whose cancel bob requested and the venue confirmed. */
  async function canceledByBob(key: string, orderId: string): Promise<string> {
    const clientOrderId = omsClientOrderId(key);
    const ref = { market: 'spot' as const, accountId: ACCOUNT, clientOrderId };
    await fold.commands.execute(
      ref,
      { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request: spotLimitRequest(), now: T0 },
      { actor: 'alice', correlationId: `place-${key}` },
    );
    await fold.commands.execute(
      ref,
      {
        type: 'RecordSpotSubmissionAccepted',
        acknowledgement: acknowledgement(clientOrderId, orderId),
        now: T0 + 10,
      },
      { actor: 'alice', correlationId: `ack-${key}` },
    );
    await fold.commands.execute(
      ref,
      { type: 'RequestCancel', actor: 'bob', now: T0 + 20 },
      { actor: 'bob', correlationId: `cancel-${key}` },
    );
    await fold.transactions.run((context) =>
      fold.observations.fold(
        context,
        decodedEnvelope(
          spotOrder({ orderId, clientOrderId, status: 'CANCELED', updateTime: T0 + 30 }),
          T0 + 30,
        ),
      ),
    );
    return orderStreamIdOf(ref);
  }

  it('keeps the requesting token in cancel.requestedBy of the CONFIRMED order', async () => {
    const streamId = await canceledByBob('cancel-actor-1', '5001');
    expect((await kept(streamId)).state.cancel).toMatchObject({ phase: 'resolved', actor: 'bob' });
    expect((await orderRow(streamId)).cancel).toMatchObject({ state: 'CONFIRMED', requestedBy: 'bob' });
  });

  it('the migration gives kept states and rm_orders rows of resolved cancels the actor their events name', async () => {
    const streamId = await canceledByBob('cancel-actor-2', '5002');
    const folded = await kept(streamId);
    // As kept before the actor was: none in the state, null in the row.
    await database.dataSource.query(
      `UPDATE oms_aggregate_states SET state = state #- '{cancel,actor}', state_hash = 'old' WHERE stream_id = $1`,
      [streamId],
    );
    await database.dataSource.query(
      `UPDATE rm_orders SET cancel = jsonb_set(cancel, '{requestedBy}', 'null'), state_hash = 'old'
       WHERE stream_id = $1`,
      [streamId],
    );

    // Back to before the migration (and any after it), then forward.
    while (await isApplied('ResolvedCancelActor1795730000000')) {
      await database.dataSource.undoLastMigration({ transaction: 'each' });
    }
    await database.dataSource.runMigrations({ transaction: 'each' });

    const migrated = await kept(streamId);
    expect(migrated.state).toEqual(folded.state);
    const [{ hash }] = await database.dataSource.query<Array<{ hash: string }>>(
      `SELECT ${STATE_HASH_SQL('$1::jsonb')} AS hash`,
      [JSON.stringify(folded.state)],
    );
    expect(migrated.state_hash).toBe(hash);
    expect(await orderRow(streamId)).toEqual({
      cancel: expect.objectContaining({ state: 'CONFIRMED', requestedBy: 'bob' }),
      state_hash: hash,
    });
  });
  it('counts no lookups yet for an uncertain submission; the migration gives kept states of the old shape the same', async () => {
    const clientOrderId = omsClientOrderId('lookups-1');
    const ref = { market: 'spot' as const, accountId: ACCOUNT, clientOrderId };
    await fold.commands.execute(
      ref,
      { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request: spotLimitRequest(), now: T0 },
      { actor: 'alice', correlationId: 'place-lookups-1' },
    );
    await fold.commands.execute(
      ref,
      { type: 'RecordSubmissionUncertain', reason: 'http-5xx', detail: 'HTTP 503', now: T0 + 10 },
      { actor: 'alice', correlationId: 'uncertain-lookups-1' },
    );
    const streamId = orderStreamIdOf(ref);
    const folded = await kept(streamId);
    expect(folded.state).toMatchObject({ submission: { phase: 'uncertain', lookups: 0 } });
    await database.dataSource.query(
      `UPDATE oms_aggregate_states SET state = state #- '{submission,lookups}', state_hash = 'old' WHERE stream_id = $1`,
      [streamId],
    );
    await database.dataSource.query(`UPDATE rm_orders SET state_hash = 'old' WHERE stream_id = $1`, [
      streamId,
    ]);

    while (await isApplied('UncertainSubmissionLookups1795740000000')) {
      await database.dataSource.undoLastMigration({ transaction: 'each' });
    }
    await database.dataSource.runMigrations({ transaction: 'each' });

    const migrated = await kept(streamId);
    expect(migrated.state).toEqual(folded.state);
    expect(migrated.state_hash).toBe(folded.state_hash);
    expect((await orderRow(streamId)).state_hash).toBe(folded.state_hash);
  });
});
