import { DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { createFoldServices, FoldServices } from '../aggregates/fold-services';
import { pipelinedTransactions } from '../aggregates/transaction-runner';
import { AsOfService } from '../audit/as-of.service';
import { ORDER_COMMAND_PORT } from '../orders/order-command.port';
import { ContractMultipliers } from './contract-multipliers';
import { PipelinedConnections } from './pipelined-connections';
import { FoldConfig } from './fold.config';
import { FoldLifecycle } from './fold.lifecycle';
import { FOLD_CONFIG, FOLD_SERVICES } from './fold.tokens';

/**
 * The heart of the OMS: folds ingest's observations from Kafka into the event store and
 * the desk read models, and serves the order command port and as-of reads. Global, so
 * the desk API and the command side inject ORDER_COMMAND_PORT and AsOfService directly.
 */
@Module({})
export class FoldModule {
  static forRoot(config: FoldConfig): DynamicModule {
    return {
      module: FoldModule,
      global: true,
      providers: [
        { provide: FOLD_CONFIG, useValue: config },
        { provide: ContractMultipliers, useValue: new ContractMultipliers() },
        PipelinedConnections,
        {
          provide: FOLD_SERVICES,
          useFactory: (
            dataSource: DataSource,
            multipliers: ContractMultipliers,
            connections: PipelinedConnections,
          ) =>
            createFoldServices(
              dataSource,
              multipliers.lookup,
              undefined,
              pipelinedTransactions(connections.pool),
            ),
          inject: [getDataSourceToken(), ContractMultipliers, PipelinedConnections],
        },
        {
          provide: ORDER_COMMAND_PORT,
          useFactory: (fold: FoldServices) => fold.commands,
          inject: [FOLD_SERVICES],
        },
        {
          provide: AsOfService,
          useFactory: (dataSource: DataSource, fold: FoldServices) =>
            new AsOfService(dataSource, fold.deciders),
          inject: [getDataSourceToken(), FOLD_SERVICES],
        },
        FoldLifecycle,
      ],
      exports: [ORDER_COMMAND_PORT, FOLD_SERVICES, AsOfService, ContractMultipliers],
    };
  }
}
