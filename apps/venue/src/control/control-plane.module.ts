import { DynamicModule, Module } from '@nestjs/common';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';
import { AccountsController } from './accounts.controller';
import { FaultsController } from './faults.controller';
import { FundingController } from './funding.controller';
import { MarketController } from './market.controller';
import { WireSwitchesController } from './wire-switches.controller';

/** The control plane: served on its own port, never mixed with the exchange API. */
@Module({})
export class ControlPlaneModule {
  static forRuntime(runtime: VenueRuntime): DynamicModule {
    return {
      module: ControlPlaneModule,
      controllers: [
        AccountsController,
        MarketController,
        FaultsController,
        FundingController,
        WireSwitchesController,
      ],
      providers: [{ provide: VENUE_RUNTIME, useValue: runtime }],
    };
  }
}
