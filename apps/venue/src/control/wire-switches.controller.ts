import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';
import { WireSwitchesDto } from './dto/control-requests.dto';

/** Switches between answer shapes of the seeds and of the live captures. */
@Controller('switches')
export class WireSwitchesController {
  constructor(@Inject(VENUE_RUNTIME) private readonly runtime: VenueRuntime) {}

  @Get()
  state() {
    return this.runtime.switches.state();
  }

  @Post()
  @HttpCode(200)
  set(@Body() body: WireSwitchesDto) {
    if (body.futuresTradesWithoutTicketId !== undefined) {
      this.runtime.switches.futuresTradesWithoutTicketId = body.futuresTradesWithoutTicketId;
    }
    return this.runtime.switches.state();
  }
}
