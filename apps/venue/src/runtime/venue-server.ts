import { AddressInfo } from 'node:net';
import { INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger } from '@oms/platform';
import type { EngineClock, UserRecord, VenueEngineApi } from '../engine';
import { VenueConfig } from '../config/venue-config';
import { ControlPlaneModule } from '../control/control-plane.module';
import { ControlPlaneErrorFilter } from '../control/venue-error.filter';
import { ExchangeApiModule } from '../http/exchange-api.module';
import { NestPinoLogger } from './nest-pino-logger';
import { FundingTimer } from './funding-timer';
import { ownerOf } from './venue-accounts';
import { VenueClock } from './venue-clock';
import { ChangeTime, VenueJournal } from './venue-journal';
import { VenueRuntime } from './venue-runtime';

export type VenueEngineFactory = (options: {
  clock: EngineClock;
  seed: number;
  simulatedMarket: boolean;
  fundingIntervalMs: number;
}) => VenueEngineApi;

export interface DemoCredentials {
  readonly userId: string;
  readonly spotAccountId: string;
  readonly futuresAccountId: string;
  readonly apiKey: string;
  readonly secretKey: string;
  /** A key of the demo user that may query but not trade or transfer. */
  readonly readOnlyKey: { readonly apiKey: string; readonly secretKey: string };
  /** The header the configuration names; the venue accepts both X-APIKEY and X-HK-APIKEY. */
  readonly keyHeader: string;
}

export interface RunningVenue {
  readonly restUrl: string;
  readonly streamUrl: string;
  readonly controlUrl: string;
  readonly demo: DemoCredentials;
  readonly runtime: VenueRuntime;
  stop(): Promise<void>;
}

/**
 * Boots one venue: the exchange API (REST and the private WebSocket) on `config.port`,
 * the control plane on `config.controlPort`, a demo user with funds and an HMAC key,
 * and, when enabled, the timers that random-walk the simulated market and settle funding.
 */
export async function runVenue(
  config: VenueConfig,
  engineFactory: VenueEngineFactory,
  options: {
    marketTicking: boolean;
    clockSource?: () => number;
    /** Where the venue keeps its changes, to continue the same world after a restart (see VenueJournal). */
    journalFile?: string;
  },
): Promise<RunningVenue> {
  const logger = createLogger('Venue');
  const clock = new VenueClock(options.clockSource);
  const time = new ChangeTime(() => clock.now());
  const journal =
    options.journalFile === undefined ? undefined : VenueJournal.open(options.journalFile, config.seed);
  const plainEngine = engineFactory({
    clock: { now: () => time.now() },
    seed: journal?.seed ?? config.seed,
    simulatedMarket: config.market.simulated,
    fundingIntervalMs: config.funding.intervalMs,
  });
  const engine = journal === undefined ? plainEngine : journal.journaling(plainEngine, time);
  const runtime = new VenueRuntime(config, clock, engine);
  // The kept keys are made again before the journal watches them, so none is kept twice.
  const replayed = journal !== undefined && !journal.isEmpty;
  if (replayed) {
    const started = Date.now();
    journal.replay(plainEngine, runtime.keys, time);
    logger.info(
      { journal: options.journalFile, ms: Date.now() - started },
      'venue state replayed from its journal',
    );
  }
  journal?.watchKeys(runtime.keys, time);
  const demo = replayed ? continuedDemoUser(runtime) : createDemoUser(runtime);

  const apps: INestApplication[] = [];
  let marketTimer: NodeJS.Timeout | undefined;
  const fundingTimer = new FundingTimer(engine, logger);
  const stop = async (): Promise<void> => {
    if (marketTimer !== undefined) clearInterval(marketTimer);
    fundingTimer.stop();
    await runtime.stop();
    for (const app of apps.reverse()) await app.close();
  };
  try {
    const exchangeApp = await NestFactory.create<NestExpressApplication>(
      ExchangeApiModule.forRuntime(runtime),
      {
        bodyParser: false,
        logger: new NestPinoLogger('VenueExchangeApi'),
      },
    );
    apps.push(exchangeApp);
    exchangeApp.disable('x-powered-by');
    await exchangeApp.listen(config.port, config.host);
    const exchangeServer = exchangeApp.getHttpServer();
    exchangeServer.on('upgrade', (request, socket, head: Buffer) => {
      const handled =
        runtime.stream.handleUpgrade(request, socket, head) ||
        runtime.marketStream.handleUpgrade(request, socket, head);
      if (!handled) socket.destroy();
    });

    const controlApp = await NestFactory.create<NestExpressApplication>(
      ControlPlaneModule.forRuntime(runtime),
      {
        logger: new NestPinoLogger('VenueControlPlane'),
      },
    );
    apps.push(controlApp);
    controlApp.disable('x-powered-by');
    controlApp.useGlobalPipes(
      new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
    );
    controlApp.useGlobalFilters(new ControlPlaneErrorFilter());
    await controlApp.listen(config.controlPort, config.host);

    if (options.marketTicking && config.market.simulated) {
      marketTimer = setInterval(() => {
        try {
          engine.advanceMarket(1);
        } catch (error) {
          logger.error({ err: error }, 'simulated market step failed');
        }
      }, config.market.tickMs);
      marketTimer.unref();
    }
    if (config.funding.scheduled === true) fundingTimer.start();

    const exchangePort = (exchangeServer.address() as AddressInfo).port;
    const controlPort = (controlApp.getHttpServer().address() as AddressInfo).port;
    const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    const venue: RunningVenue = {
      restUrl: `http://${host}:${exchangePort}`,
      streamUrl: `ws://${host}:${exchangePort}`,
      controlUrl: `http://${host}:${controlPort}`,
      demo,
      runtime,
      stop,
    };
    logger.info({ restUrl: venue.restUrl, controlUrl: venue.controlUrl }, 'venue started');
    return venue;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The demo user a replayed journal holds, with the keys of the configuration it was created with. */
function continuedDemoUser(runtime: VenueRuntime): DemoCredentials {
  const { config, engine } = runtime;
  const user = engine.listUsers().find((candidate) => candidate.label === 'demo');
  if (user === undefined) throw new Error('the venue journal holds no demo user');
  return demoCredentialsOf(user, config);
}

function demoCredentialsOf(user: UserRecord, config: VenueConfig): DemoCredentials {
  return {
    userId: user.userId,
    spotAccountId: user.spotAccountId,
    futuresAccountId: user.futuresAccountId,
    apiKey: config.demo.apiKey,
    secretKey: config.demo.secretKey,
    readOnlyKey: config.demo.readOnlyKey,
    keyHeader: config.keyHeader,
  };
}

function createDemoUser(runtime: VenueRuntime): DemoCredentials {
  const { config, engine } = runtime;
  const user = engine.createUser({ label: 'demo' });
  for (const [asset, amount] of Object.entries(config.demo.deposits)) {
    engine.deposit({ accountId: user.spotAccountId, asset, amount });
  }
  engine.deposit({
    accountId: user.futuresAccountId,
    asset: 'USDT',
    amount: config.demo.deposits.USDT ?? '0',
  });
  runtime.keys.create(ownerOf(user), {
    kind: 'HMAC',
    apiKey: config.demo.apiKey,
    secretKey: config.demo.secretKey,
  });
  runtime.keys.create(ownerOf(user), { kind: 'HMAC', ...config.demo.readOnlyKey }, []);
  return demoCredentialsOf(user, config);
}
