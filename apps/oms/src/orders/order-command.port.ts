import { DomainError, FuturesOrderCommand, FuturesStopOrderCommand, SpotOrderCommand } from '@oms/domain';
import { SqlExecutor } from '@oms/persistence';
import { OrderRow } from '../projections/order-row';

interface OrderAggregateKey {
  readonly accountId: string;
  /** Desk orders are keyed by the client id the OMS generated ('' when an order placed elsewhere has none). */
  readonly clientOrderId: string;
  /** Orders placed elsewhere (origin external) are keyed by their venue order id. */
  readonly orderId?: string;
}

/** Which order aggregate a command goes to. */
export type OrderAggregateRef =
  | ({ readonly market: 'spot' } & OrderAggregateKey)
  | ({ readonly market: 'futures' } & OrderAggregateKey)
  | ({ readonly market: 'futures-stop' } & OrderAggregateKey);

export type OrderAggregateCommand<Ref extends OrderAggregateRef> = Ref['market'] extends 'spot'
  ? SpotOrderCommand
  : Ref['market'] extends 'futures'
    ? FuturesOrderCommand
    : FuturesStopOrderCommand;

/** One command of `executeAll`, with the aggregate it goes to. */
export type OrderCommandEntry = {
  [Market in OrderAggregateRef['market']]: {
    readonly ref: Extract<OrderAggregateRef, { market: Market }>;
    readonly command: OrderAggregateCommand<Extract<OrderAggregateRef, { market: Market }>>;
  };
}[OrderAggregateRef['market']] & {
  /**
   * What this command records, when it is not the metadata's source (the answers to one
   * venue batch: acknowledgements are 'rest-ack', uncertainties the OMS's own).
   */
  readonly source?: CommandMetadata['source'];
  /** Told this command's result once it is decided, before the transaction commits. */
  readonly onDecided?: CommandDecidedListener;
};

/**
 * An entry of `executeAll` from a reference and the command its market takes: the
 * compiler does not pair a union of references with the union of their commands itself.
 */
export function orderCommandEntry<Ref extends OrderAggregateRef>(
  ref: Ref,
  command: OrderAggregateCommand<Ref>,
  options: Pick<OrderCommandEntry, 'source' | 'onDecided'> = {},
): OrderCommandEntry {
  return { ref, command, ...options } as OrderCommandEntry;
}

/** Who caused the events, recorded in their metadata and in the order's audit trail. */
export interface CommandMetadata {
  /** The desk token's name; null for the OMS's own work (the resolver). */
  readonly actor: string | null;
  readonly correlationId: string;
  /**
   * What the command records: the OMS's own decision ('oms', the default), the venue's
   * answer to our request ('rest-ack'), or a resolver lookup ('rest-poll').
   */
  readonly source?: 'oms' | 'rest-ack' | 'rest-poll';
}

export interface OrderCommandResult {
  /** The OMS order id (rm_orders.id) of the aggregate. */
  readonly omsOrderId: string;
  readonly streamVersion: number;
  /** Events appended by this command (none when the command changed nothing). */
  readonly appendedEventTypes: readonly string[];
  /**
   * The rm_orders row this command wrote, as committed: what a read of rm_orders shows
   * right after, without reading it. Null when the command appended nothing.
   */
  readonly order: OrderRow | null;
}

/**
 * Told the command's result once it is decided, before its transaction commits (the
 * first decision only: a retry after a conflict decides again on fresh state, which
 * the committed result shows). `order` is then the row the transaction is about to write.
 */
export type CommandDecidedListener = (decided: OrderCommandResult) => void;

/**
 * Runs first in the commands' transaction, before any of them is decided, and again in
 * each retry: it may lock (transaction locks, held until the commit) and read, and
 * answers, entry by entry, which commands go on. What it reads is what the commit
 * builds on: a check of an account's funds made here, under that account's lock, sees
 * every intent committed before and none can slip in until this one commits. Throwing
 * rolls the transaction back and fails the whole call with that error.
 */
export type CommandAdmission = (executor: SqlExecutor) => Promise<readonly boolean[]>;

/**
 * Runs one desk or resolver command against an order aggregate: load its state, decide
 * with libs/domain, append with the real expected version (retrying on a conflict with
 * the Kafka fold), and project the read models, all in one Postgres transaction.
 * A refusal of the decider comes back as the DomainError, with nothing written.
 */
export interface OrderCommandPort {
  execute<Ref extends OrderAggregateRef>(
    ref: Ref,
    command: OrderAggregateCommand<Ref>,
    metadata: CommandMetadata,
    onDecided?: CommandDecidedListener,
  ): Promise<OrderCommandResult | DomainError>;

  /**
   * Runs commands on aggregates of their own in one transaction (a batch's intents, or
   * the answers to one venue batch: one commit for all), each decided as `execute`
   * decides it. A refusal of the decider comes back as that entry's DomainError, and the
   * others are written. Results are in the entries' order. The commit waits for the disk
   * when any entry records the OMS's own decision (source 'oms').
   */
  executeAll(
    entries: readonly OrderCommandEntry[],
    metadata: CommandMetadata,
  ): Promise<Array<OrderCommandResult | DomainError>>;

  /**
   * `executeAll` with an admission that runs first in the transaction: an entry it does
   * not admit is neither decided nor written, and its result is null.
   */
  executeAdmitted(
    entries: readonly OrderCommandEntry[],
    metadata: CommandMetadata,
    admit: CommandAdmission,
  ): Promise<Array<OrderCommandResult | DomainError | null>>;
}

export const ORDER_COMMAND_PORT = Symbol('ORDER_COMMAND_PORT');
