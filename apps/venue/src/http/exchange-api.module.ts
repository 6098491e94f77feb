import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';
import { ExchangeApiMiddleware } from './exchange-api.middleware';

/**
 * The exchange API application: every path goes through ExchangeApiMiddleware, which
 * serves the REST endpoints of the seeds from the runtime's route table.
 */
@Module({})
export class ExchangeApiModule implements NestModule {
  static forRuntime(runtime: VenueRuntime): DynamicModule {
    return {
      module: ExchangeApiModule,
      providers: [{ provide: VENUE_RUNTIME, useValue: runtime }, ExchangeApiMiddleware],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ExchangeApiMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
