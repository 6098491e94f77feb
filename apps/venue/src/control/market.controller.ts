import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Post, Query } from '@nestjs/common';
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

  /** Every desk user's state, or one user's with `?userId=`. */
  @Get('snapshot')
  snapshot(@Query('userId') userId?: string) {
    const snapshot = this.runtime.engine.snapshot();
    if (userId === undefined) return snapshot;
    const users = snapshot.users.filter((entry) => entry.user.userId === userId);
    if (users.length === 0) throw new NotFoundException(`userId ${userId} is not a desk user`);
    return { ...snapshot, users };
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
