import { createHash } from 'node:crypto';
import {
  DomainError,
  canonicalJson,
  futuresOrderStreamId,
  futuresStopOrderStreamId,
  orderStreamKey,
  spotOrderStreamId,
} from '@oms/domain';
import { runIndependent } from '@oms/persistence';
import {
  CommandAdmission,
  CommandDecidedListener,
  CommandMetadata,
  OrderAggregateCommand,
  OrderAggregateRef,
  orderCommandEntry,
  OrderCommandEntry,
  OrderCommandPort,
  OrderCommandResult,
} from '../orders/order-command.port';
import { omsOrderId, orderRowOf } from '../projections/order-row';
import { DecidedEvent, EventOrigin } from './decided-event';
import { AggregateStateStore } from './aggregate-state.store';
import { FoldContext } from './fold-context';
import { FoldTransaction } from './fold-transaction';
import { PreparedStream } from './fold-unit-of-work';
import { OrderFolder } from './order-folder';
import { ObservationFolder } from '../fold/observation-folder';

export function orderStreamIdOf(ref: OrderAggregateRef): string {
  const key = orderStreamKey({ orderId: ref.orderId ?? null, clientOrderId: ref.clientOrderId });
  switch (ref.market) {
    case 'spot':
      return spotOrderStreamId(ref.accountId, key);
    case 'futures':
      return futuresOrderStreamId(ref.accountId, key);
    case 'futures-stop':
      return futuresStopOrderStreamId(ref.accountId, key);
  }
}

/** A command's id: the same command of the same request decides the same event ids. */
export function commandId(command: unknown, metadata: CommandMetadata): string {
  return createHash('sha256')
    .update(metadata.correlationId)
    .update('\u0000')
    .update(canonicalJson(command))
    .digest('hex');
}

/** A command placing an order creates its stream (PlaceSpotOrder, PlaceFuturesOrder, ...). */
function createsOrder(command: unknown): boolean {
  const type = (command as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('Place');
}

/** The venue orderId an acknowledgement command carries (the order is linked to it). */
function acknowledgedOrderIdOf(command: unknown): string | null {
  const orderId = (command as { acknowledgement?: { orderId?: unknown } }).acknowledgement?.orderId;
  return typeof orderId === 'string' && orderId.length > 0 ? orderId : null;
}

/**
 * ORDER_COMMAND_PORT: desk and resolver commands go through the same aggregates, links,
 * positions, read models and outbox as the Kafka fold, in one transaction, appending
 * with the version the decision was made on and deciding again on a conflict.
 */
export class OrderCommandService implements OrderCommandPort {
  constructor(
    private readonly transactions: FoldTransaction,
    private readonly orders: OrderFolder,
    private readonly observations: ObservationFolder,
    private readonly states: AggregateStateStore,
  ) {}

  async execute<Ref extends OrderAggregateRef>(
    ref: Ref,
    command: OrderAggregateCommand<Ref>,
    metadata: CommandMetadata,
    onDecided?: CommandDecidedListener,
  ): Promise<OrderCommandResult | DomainError> {
    const [result] = await this.executeAll([orderCommandEntry(ref, command, { onDecided })], metadata);
    return result;
  }

  async executeAll(
    entries: readonly OrderCommandEntry[],
    metadata: CommandMetadata,
  ): Promise<Array<OrderCommandResult | DomainError>> {
    // Without an admission every entry is decided: no result is null.
    return (await this.run(entries, metadata)) as Array<OrderCommandResult | DomainError>;
  }

  executeAdmitted(
    entries: readonly OrderCommandEntry[],
    metadata: CommandMetadata,
    admit: CommandAdmission,
  ): Promise<Array<OrderCommandResult | DomainError | null>> {
    return this.run(entries, metadata, admit);
  }

  private async run(
    entries: readonly OrderCommandEntry[],
    metadata: CommandMetadata,
    admit?: CommandAdmission,
  ): Promise<Array<OrderCommandResult | DomainError | null>> {
    const commands = entries.map((entry) => ({
      ...entry,
      streamId: orderStreamIdOf(entry.ref),
      origin: originOf(entry.command, { ...metadata, source: entry.source ?? metadata.source }),
      acknowledgedOrderId: acknowledgedOrderIdOf(entry.command),
    }));
    let attempt = 0;
    const outcome = await this.transactions.run(
      async (context) => {
        attempt += 1;
        if (attempt === 1) {
          for (const { ref, command, streamId, acknowledgedOrderId } of commands) {
            // An order the command creates is new: the first attempt skips reading it (a
            // client id used before makes the append conflict, and the retry reads it).
            if (createsOrder(command)) context.uow.startNew(streamId);
            // An acknowledgement is decided on the order as this process last committed
            // it, its orderId taken as unlinked with no fills waiting: the append's version
            // check and the links' guard fail the transaction if either is wrong, and the
            // retry reads.
            const known = this.states.cached(streamId);
            if (acknowledgedOrderId !== null && known !== undefined) {
              context.uow.startAt(streamId, known.version, known.state);
              context.links.assumeUnlinked(ref.accountId, ref.market, acknowledgedOrderId);
            }
          }
        }
        // The admission (its statements first: its locks are held from there to the
        // commit), the orders, and the links of the venue orderIds acknowledgements bring
        // are read together (one round trip on a pipelined connection) before deciding.
        const acknowledged = commands.filter(({ acknowledgedOrderId }) => acknowledgedOrderId !== null);
        const admission: { admitted: readonly boolean[] | null } = { admitted: null };
        await runIndependent(context.executor, [
          async () => {
            if (admit !== undefined) admission.admitted = await admit(context.executor);
          },
          () => context.uow.load(commands.map(({ streamId }) => streamId)),
          async () => {
            if (acknowledged.length === 0) return;
            await context.links.prefetch(
              acknowledged.map(({ ref, acknowledgedOrderId }) => ({
                accountId: ref.accountId,
                market: ref.market,
                orderId: acknowledgedOrderId!,
              })),
            );
          },
        ]);
        const { admitted } = admission;
        if (admitted !== null && admitted.length !== commands.length) {
          throw new Error(`an admission answered ${admitted.length} entries for ${commands.length} commands`);
        }
        const decisions: Array<{ version: number } | DomainError | null> = [];
        let answered = false;
        for (const [index, { command, streamId, origin, onDecided }] of commands.entries()) {
          if (admitted !== null && !admitted[index]) {
            decisions.push(null);
            continue;
          }
          const decided = await this.decide(context, streamId, command, origin);
          if (decided instanceof DomainError) {
            decisions.push(decided);
            continue;
          }
          const version = await context.uow.versionOf(streamId);
          if (attempt === 1 && onDecided !== undefined) {
            onDecided(resultOf(streamId, context.uow.prepared(), version));
            answered = true;
          }
          decisions.push({ version });
        }
        // The answers told go out to their desks first: the commit's remaining work
        // (statement text, hashes) would otherwise run between the steps of each answer.
        if (answered) await new Promise((resolve) => setImmediate(resolve));
        return decisions;
      },
      // The OMS's own decisions (an intent, before the venue is called) reach the disk
      // before the command goes on; a venue answer can be asked again (the resolver
      // looks up a durable intent), so it does not wait for the flush.
      { flushCommit: commands.some(({ origin }) => origin.source === 'oms') },
    );
    return outcome.result.map((decision, index) =>
      decision === null || decision instanceof DomainError
        ? decision
        : resultOf(commands[index].streamId, outcome.committed, decision.version),
    );
  }

  /** Decides one command on its order, then folds the fills parked for it that the command released. */
  private async decide(
    context: FoldContext,
    streamId: string,
    command: unknown,
    origin: EventOrigin,
  ): Promise<DecidedEvent[] | DomainError> {
    const decided = await this.orders.apply(context, streamId, command, origin);
    if (decided instanceof DomainError) return decided;
    // Fills parked for this order (a poll row before the acknowledgement) move in now.
    while (context.released.length > 0) {
      await this.observations.fold(context, context.released.shift()!.envelope);
    }
    return decided;
  }
}

/** Who and what caused a command's events (its id is the same for the same command of the same request). */
function originOf(command: unknown, metadata: CommandMetadata): EventOrigin {
  const now = (command as { now?: unknown }).now;
  return {
    inputId: commandId(command, metadata),
    actor: metadata.actor,
    // The desk audit trail's sources: ws | rest-poll | rest-ack | oms (the actor names the desk user).
    source: metadata.source ?? 'oms',
    correlationId: metadata.correlationId,
    occurredAt: typeof now === 'number' && Number.isFinite(now) ? now : Date.now(),
  };
}

/**
 * A command's result from the streams its transaction writes (prepared, or committed):
 * the order stream's version (`unchangedVersion` when it appended nothing), its
 * appended events and its row.
 */
function resultOf(
  streamId: string,
  streams: readonly PreparedStream[],
  unchangedVersion: number,
): OrderCommandResult {
  const stream = streams.find((candidate) => candidate.streamId === streamId);
  const latestAppended = stream?.appended.reduce<(typeof stream.appended)[number] | undefined>(
    (latest, event) => (latest === undefined || event.occurredAt > latest.occurredAt ? event : latest),
    undefined,
  );
  return {
    omsOrderId: omsOrderId(streamId),
    streamVersion: stream?.version ?? unchangedVersion,
    appendedEventTypes: (stream?.appended ?? []).map((event) => event.type),
    // The row the projector writes in that transaction (same state and version; its time
    // is the latest of these events, which the stored row keeps unless it had a later one).
    order:
      stream === undefined || latestAppended === undefined
        ? null
        : orderRowOf(streamId, stream.version, stream.state, latestAppended.occurredAt),
  };
}
