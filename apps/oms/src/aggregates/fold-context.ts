import { SqlExecutor } from '@oms/persistence';
import { AggregateDeciders } from './aggregate-deciders';
import { AggregateStateStore } from './aggregate-state.store';
import { FoldUnitOfWork } from './fold-unit-of-work';
import { OrderLinks, ParkedFill } from './order-links.store';

/** A mark price to keep in rm_marks (marks are not aggregates). */
export interface MarkRow {
  readonly symbol: string;
  readonly market: 'spot' | 'futures';
  readonly price: string;
  readonly time: number;
}

/** Everything one transaction of the fold or of a desk command works with. */
export class FoldContext {
  readonly uow: FoldUnitOfWork;
  readonly links: OrderLinks;
  readonly marks: MarkRow[] = [];
  /** Fills released by a new order link, folded before the transaction commits. */
  readonly released: ParkedFill[] = [];
  /** Decisions refused by the domain (logged; nothing was written for them). */
  readonly refusals: Array<{ readonly inputId: string; readonly streamId: string; readonly reason: string }> =
    [];

  constructor(
    readonly executor: SqlExecutor,
    deciders: AggregateDeciders,
    states: AggregateStateStore,
  ) {
    this.uow = new FoldUnitOfWork(executor, deciders, states);
    this.links = new OrderLinks(executor);
  }
}
