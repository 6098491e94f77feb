import { Body, Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { createLogger } from '@oms/platform';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';
import {
  ClockSkewDto,
  CloseStreamsDto,
  ForcedRateLimitDto,
  HttpFaultDto,
  MatchingPauseDto,
  RawStreamFrameDto,
  StreamFaultDto,
} from './dto/control-requests.dto';

/** Arms and clears the venue's faults. */
@Controller('faults')
export class FaultsController {
  private readonly logger = createLogger('FaultsController');

  constructor(@Inject(VENUE_RUNTIME) private readonly runtime: VenueRuntime) {}

  @Get()
  state() {
    return this.current();
  }

  @Post('http')
  @HttpCode(200)
  armHttp(@Body() body: HttpFaultDto) {
    this.runtime.faults.armHttp({
      mode: body.mode,
      count: body.count,
      status: body.status ?? 500,
      releaseAfterMs: body.releaseAfterMs,
    });
    this.logger.info({ fault: body }, 'armed HTTP fault');
    return this.current();
  }

  @Post('stream')
  @HttpCode(200)
  armStream(@Body() body: StreamFaultDto) {
    this.runtime.faults.armStream(body);
    this.logger.info({ fault: body }, 'armed stream fault');
    return this.current();
  }

  @Post('stream/close')
  @HttpCode(200)
  closeStreams(@Body() body: CloseStreamsDto) {
    return { closed: this.runtime.stream.closeConnections(body.listenKey) };
  }

  /** Sends a frame exactly as given (e.g. malformed JSON) to the private stream connections. */
  @Post('stream/raw')
  @HttpCode(200)
  sendRawFrame(@Body() body: RawStreamFrameDto) {
    return { sent: this.runtime.stream.sendRaw(body.text, body.listenKey) };
  }

  @Post('rate-limit')
  @HttpCode(200)
  forceRateLimit(@Body() body: ForcedRateLimitDto) {
    this.runtime.rateLimiter.forceLimit(body.count, body.apiKey);
    return this.current();
  }

  @Post('clock-skew')
  @HttpCode(200)
  skewClock(@Body() body: ClockSkewDto) {
    this.runtime.clock.setSkew(body.skewMs);
    return this.current();
  }

  @Post('matching')
  @HttpCode(200)
  pauseMatching(@Body() body: MatchingPauseDto) {
    this.runtime.engine.setMatchingPaused(body.paused);
    return this.current();
  }

  /** Clears every fault: armed HTTP and stream faults, limits and bans, skew, paused matching. */
  @Delete()
  clear() {
    this.runtime.faults.clear();
    this.runtime.rateLimiter.reset();
    this.runtime.clock.setSkew(0);
    this.runtime.engine.setMatchingPaused(false);
    return this.current();
  }

  private current() {
    return this.runtime.faults.state({
      clockSkewMs: this.runtime.clock.skew(),
      matchingPaused: this.runtime.engine.isMatchingPaused(),
    });
  }
}
