import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@oms/domain';
import {
  CommandAdmission,
  CommandDecidedListener,
  CommandMetadata,
  ORDER_COMMAND_PORT,
  OrderAggregateCommand,
  OrderAggregateRef,
  OrderCommandEntry,
  OrderCommandPort,
  OrderCommandResult,
} from '../../orders/order-command.port';

/** Who asked: the desk token's name (null for the resolver's own work) and the request's correlation id. */
export interface CommandOrigin {
  readonly actor: string | null;
  readonly correlationId: string;
}

/**
 * Every aggregate write of the command path goes through the fold's ORDER_COMMAND_PORT
 * (load, decide with libs/domain, append at the real version, project rm_orders); this
 * only stamps the metadata each write records.
 */
@Injectable()
export class OrderCommands {
  constructor(@Inject(ORDER_COMMAND_PORT) private readonly port: OrderCommandPort) {}

  execute<Ref extends OrderAggregateRef>(
    ref: Ref,
    command: OrderAggregateCommand<Ref>,
    origin: CommandOrigin,
    source: NonNullable<CommandMetadata['source']>,
    onDecided?: CommandDecidedListener,
  ): Promise<OrderCommandResult | DomainError> {
    return this.port.execute(
      ref,
      command,
      { actor: origin.actor, correlationId: origin.correlationId, source },
      onDecided,
    );
  }

  /** Runs commands on aggregates of their own in one transaction (a batch's intents). */
  executeAll(
    entries: readonly OrderCommandEntry[],
    origin: CommandOrigin,
    source: NonNullable<CommandMetadata['source']>,
  ): Promise<Array<OrderCommandResult | DomainError>> {
    return this.port.executeAll(entries, {
      actor: origin.actor,
      correlationId: origin.correlationId,
      source,
    });
  }

  /**
   * Runs commands in one transaction after an admission that runs first in it (the
   * funds check of intents, under the account's lock): an entry it does not admit is
   * not written, and its result is null.
   */
  executeAdmitted(
    entries: readonly OrderCommandEntry[],
    origin: CommandOrigin,
    source: NonNullable<CommandMetadata['source']>,
    admit: CommandAdmission,
  ): Promise<Array<OrderCommandResult | DomainError | null>> {
    return this.port.executeAdmitted(
      entries,
      { actor: origin.actor, correlationId: origin.correlationId, source },
      admit,
    );
  }
}
