import type { VenueEngineApi } from '../engine';
import { ApiKeyRegistry } from '../auth/api-key-registry';
import { RequestAuthenticator } from '../auth/request-authenticator';
import { VenueConfig } from '../config/venue-config';
import { FaultInjector } from '../faults/fault-injector';
import { ExchangeHttpHandler } from '../http/exchange-http-handler';
import { WeightRateLimiter } from '../limits/weight-rate-limiter';
import { exchangeRoutes } from '../routes/exchange-routes';
import { ListenKeyRegistry } from '../stream/listen-key-registry';
import { PrivateStreamServer } from '../stream/private-stream-server';
import { PublicMarketStream } from '../stream/public-market-stream';
import { toStreamEvent } from '../wire/stream-wire.mapper';
import { VenueAccounts } from './venue-accounts';
import { VenueClock } from './venue-clock';
import { VenueWireSwitches } from './venue-wire-switches';

/**
 * Everything one venue instance holds, shared by the exchange API and the control
 * plane: the engine, the keys, the limits, the stream and the armed faults.
 */
export class VenueRuntime {
  readonly keys: ApiKeyRegistry;
  readonly accounts: VenueAccounts;
  readonly rateLimiter: WeightRateLimiter;
  readonly faults = new FaultInjector();
  readonly switches = new VenueWireSwitches();
  readonly listenKeys: ListenKeyRegistry;
  readonly stream: PrivateStreamServer;
  readonly marketStream: PublicMarketStream;
  readonly http: ExchangeHttpHandler;

  constructor(
    readonly config: VenueConfig,
    readonly clock: VenueClock,
    readonly engine: VenueEngineApi,
  ) {
    const now = () => clock.now();
    this.keys = new ApiKeyRegistry(now);
    this.accounts = new VenueAccounts(engine, this.keys);
    this.rateLimiter = new WeightRateLimiter(config.limits, now);
    this.listenKeys = new ListenKeyRegistry(config.stream.listenKeyTtlMs, now);
    this.stream = new PrivateStreamServer(
      this.listenKeys,
      this.faults,
      (owner, deliver) => engine.onUserEvent(owner.userId, (event) => deliver([toStreamEvent(event)])),
      config.stream.pingIntervalMs,
      now,
    );
    this.marketStream = new PublicMarketStream(engine, now, config.stream.publicPushIntervalMs);
    this.http = new ExchangeHttpHandler({
      routes: exchangeRoutes({ engine, listenKeys: this.listenKeys, switches: this.switches }),
      authenticator: new RequestAuthenticator(this.keys, now),
      rateLimiter: this.rateLimiter,
      faults: this.faults,
      now,
    });
  }

  async stop(): Promise<void> {
    this.http.releaseHanging();
    this.listenKeys.stop();
    await this.stream.stop();
    await this.marketStream.stop();
  }
}
