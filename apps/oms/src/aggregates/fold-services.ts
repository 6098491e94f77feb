import { DataSource } from 'typeorm';
import { ContractMultiplierLookup } from '@oms/domain';
import { SnapshotStore } from '@oms/persistence';
import { ObservationFolder } from '../fold/observation-folder';
import { ReadModelProjector } from '../projections/read-model.projector';
import { AggregateDeciders } from './aggregate-deciders';
import { AggregateStateStore } from './aggregate-state.store';
import { FoldTransaction } from './fold-transaction';
import { OrderCommandService } from './order-command.service';
import { OrderFolder } from './order-folder';
import { CHECKPOINT_EVERY, StreamCheckpoints } from './stream-checkpoints';
import { TransactionRunner, typeOrmTransactions } from './transaction-runner';

/** The fold's collaborators, wired once (the Nest module and the specs share this). */
export interface FoldServices {
  readonly deciders: AggregateDeciders;
  readonly states: AggregateStateStore;
  /** Transactions of large fold batches (appends by COPY). */
  readonly transactions: FoldTransaction;
  /** Transactions of desk commands and small fold batches (pipelined, when given a pool). */
  readonly shortTransactions: FoldTransaction;
  readonly orders: OrderFolder;
  readonly observations: ObservationFolder;
  readonly commands: OrderCommandService;
}

export function createFoldServices(
  dataSource: DataSource,
  contractMultiplier: ContractMultiplierLookup,
  projector: ReadModelProjector = new ReadModelProjector(),
  /** Short transactions' runner (a pipelined pool): desk commands, small fold batches. */
  shortTransactionRunner?: TransactionRunner,
  /** A checkpoint of each stream every this many events (specs take smaller ones). */
  checkpointEvery = CHECKPOINT_EVERY,
): FoldServices {
  const deciders = new AggregateDeciders(contractMultiplier);
  const states = new AggregateStateStore(deciders);
  const checkpoints = new StreamCheckpoints(new SnapshotStore(dataSource), checkpointEvery);
  const transactions = new FoldTransaction(
    typeOrmTransactions(dataSource),
    deciders,
    states,
    projector,
    checkpoints,
  );
  const orders = new OrderFolder();
  const observations = new ObservationFolder(orders);
  const shortTransactions =
    shortTransactionRunner === undefined
      ? transactions
      : new FoldTransaction(shortTransactionRunner, deciders, states, projector, checkpoints);
  const commands = new OrderCommandService(shortTransactions, orders, observations, states);
  return { deciders, states, transactions, shortTransactions, orders, observations, commands };
}
