import { DynamicModule, Module } from '@nestjs/common';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';

/**
 * The exchange API application. Its requests are served by the runtime's
 * ExchangeHttpHandler, mounted as the app's only middleware, because signatures must
 * be checked against the raw query string and body that Nest's parsers would consume.
 */
@Module({})
export class ExchangeApiModule {
  static forRuntime(runtime: VenueRuntime): DynamicModule {
    return { module: ExchangeApiModule, providers: [{ provide: VENUE_RUNTIME, useValue: runtime }] };
  }
}
