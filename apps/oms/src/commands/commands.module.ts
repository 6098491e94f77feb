import { DynamicModule, Module } from '@nestjs/common';
import { BulkCancelRecorder } from './cancel/bulk-cancel.recorder';
import { CancelAllService } from './cancel/cancel-all.service';
import { CancelByIdsService } from './cancel/cancel-by-ids.service';
import { OrderCancelService } from './cancel/order-cancel.service';
import { COMMANDS_CONFIG } from './config/commands-config.token';
import { CommandsConfig } from './config/commands.config';
import { DESK_COMMAND_HANDLERS } from './handlers/desk-command.handlers';
import { OrderCommandsController } from './http/order-commands.controller';
import { VenueSettingsController } from './http/venue-settings.controller';
import { IdempotencyStore } from './idempotency/idempotency.store';
import { IdempotentCommands } from './idempotency/idempotent-commands';
import { ExpiredIdempotencyKeysSweeper } from './idempotency/expired-keys.sweeper';
import { CommandMetrics } from './metrics/command-metrics';
import { CommandReadModels } from './orders/command-read-models';
import { CreateOutcomeRecorder } from './placement/create-outcome.recorder';
import { BatchIntentRecorder } from './placement/batch-intent.recorder';
import { OrderBatchService } from './placement/order-batch.service';
import { OrderCommands } from './placement/order-commands';
import { OrderPlacementService } from './placement/order-placement.service';
import { PreTradeService } from './pre-trade/pre-trade.service';
import { ResolutionClaims } from './resolution/resolution-claims';
import { UncertainOrderResolver } from './resolution/uncertain-order-resolver';
import { OrderMutationsResolver } from './graphql/order-mutations.resolver';
import { VenueGateways } from './venue/venue-gateways';
import { LeverageSettings } from './venue/leverage-settings';
import { TransferSlots } from './venue/transfer-slots';
import { VenueSettingsService } from './venue/venue-settings.service';

/**
 * The desk command side: orders to the venue with write-ahead intents, cancels,
 * batches, futures settings and transfers, and the resolver of uncertain outcomes.
 * Not mounted when the OMS has no venue configured (EXCHANGE_ACCOUNTS unset).
 */
@Module({})
export class CommandsModule {
  static forRoot(config: CommandsConfig | null): DynamicModule {
    if (config === null) return { module: CommandsModule };
    return {
      module: CommandsModule,
      controllers: [OrderCommandsController, VenueSettingsController],
      providers: [
        { provide: COMMANDS_CONFIG, useValue: config },
        VenueGateways,
        CommandMetrics,
        CommandReadModels,
        OrderCommands,
        PreTradeService,
        ResolutionClaims,
        UncertainOrderResolver,
        CreateOutcomeRecorder,
        OrderPlacementService,
        BatchIntentRecorder,
        OrderBatchService,
        OrderCancelService,
        BulkCancelRecorder,
        CancelAllService,
        CancelByIdsService,
        VenueSettingsService,
        TransferSlots,
        LeverageSettings,
        IdempotencyStore,
        IdempotentCommands,
        ExpiredIdempotencyKeysSweeper,
        OrderMutationsResolver,
        ...DESK_COMMAND_HANDLERS,
      ],
      exports: [UncertainOrderResolver, VenueGateways],
    };
  }
}
