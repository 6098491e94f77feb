import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';
import { SettleFundingDto } from './dto/control-requests.dto';

/** Funding now, on top of the schedule (off in-process), so a test decides exactly when money moves. */
@Controller('funding')
export class FundingController {
  constructor(@Inject(VENUE_RUNTIME) private readonly runtime: VenueRuntime) {}

  @Post('settle')
  @HttpCode(200)
  settle(@Body() body: SettleFundingDto) {
    return this.runtime.engine.settleFunding({ symbol: body.symbol, rate: body.rate });
  }
}
