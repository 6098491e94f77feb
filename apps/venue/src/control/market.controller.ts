import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';
import { AdvanceMarketDto, SetMarkPriceDto } from './dto/control-requests.dto';

/** Mark price moves, the simulated market's random walk, and the full state snapshot. */
@Controller()
export class MarketController {
  constructor(@Inject(VENUE_RUNTIME) private readonly runtime: VenueRuntime) {}

  @Post('marks')
  @HttpCode(200)
  setMark(@Body() body: SetMarkPriceDto) {
    return this.runtime.engine.setMarkPrice({ symbol: body.symbol, price: body.price });
  }

  @Post('market/advance')
  @HttpCode(200)
  advance(@Body() body: AdvanceMarketDto) {
    return this.runtime.engine.advanceMarket(body.steps ?? 1);
  }

  @Get('snapshot')
  snapshot() {
    return this.runtime.engine.snapshot();
  }

  @Get('health')
  health() {
    return {
      status: 'ok',
      serverTime: this.runtime.clock.now(),
      streamConnections: this.runtime.stream.connectionCount(),
      matchingPaused: this.runtime.engine.isMatchingPaused(),
    };
  }
}
