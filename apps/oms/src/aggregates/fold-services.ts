import { DataSource } from 'typeorm';
import { ContractMultiplierLookup } from '@oms/domain';
import { ObservationFolder } from '../fold/observation-folder';
import { ReadModelProjector } from '../projections/read-model.projector';
import { AggregateDeciders } from './aggregate-deciders';
import { AggregateStateStore } from './aggregate-state.store';
import { FoldTransaction } from './fold-transaction';
import { OrderCommandService } from './order-command.service';
import { OrderFolder } from './order-folder';

/** The fold's collaborators, wired once (the Nest module and the specs share this). */
export interface FoldServices {
  readonly deciders: AggregateDeciders;
  readonly states: AggregateStateStore;
  readonly transactions: FoldTransaction;
  readonly orders: OrderFolder;
  readonly observations: ObservationFolder;
  readonly commands: OrderCommandService;
}

export function createFoldServices(
  dataSource: DataSource,
  contractMultiplier: ContractMultiplierLookup,
  projector: ReadModelProjector = new ReadModelProjector(),
): FoldServices {
  const deciders = new AggregateDeciders(contractMultiplier);
  const states = new AggregateStateStore(deciders);
  const transactions = new FoldTransaction(dataSource, deciders, states, projector);
  const orders = new OrderFolder();
  const observations = new ObservationFolder(orders);
  const commands = new OrderCommandService(transactions, orders, observations);
  return { deciders, states, transactions, orders, observations, commands };
}
