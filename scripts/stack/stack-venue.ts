/**
 * The local stack's exchange: the venue EXCHANGE_REST_URL names (with EXCHANGE_WS_URL
 * and EXCHANGE_ACCOUNTS from the environment), otherwise the simulated venue with its
 * market, whose demo user becomes the account `demo`.
 *
 * The simulated venue keeps its state in memory only: a restart gives a fresh venue.
 * So that a restarted venue never hands out the ids of an earlier run (which the OMS
 * still remembers in its data folder), each start moves the seed on by one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAsService } from '@oms/platform';
import { RunningVenue, startVenue } from '@oms/venue';
import { demoAccountEntry } from './demo-account';

export interface StackExchange {
  /** The variables the OMS and ingest read: EXCHANGE_REST_URL, EXCHANGE_WS_URL, EXCHANGE_ACCOUNTS. */
  readonly environment: {
    readonly EXCHANGE_REST_URL: string;
    readonly EXCHANGE_WS_URL?: string;
    readonly EXCHANGE_ACCOUNTS?: string;
  };
  /** Present when the stack started the simulated venue. */
  readonly venue?: RunningVenue;
  /** The simulated venue's seed for this run. */
  readonly seed?: number;
  stop(): Promise<void>;
}

/** The account name the desk API gives the simulated venue's demo user. */
export const DEMO_ACCOUNT = 'demo';

function nextVenueSeed(env: NodeJS.ProcessEnv, stateDir: string | undefined): number {
  const base = Number(env.VENUE_SEED ?? 42);
  if (!stateDir) return base;
  const file = join(stateDir, 'venue-runs.json');
  const runs = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { runs: number }).runs : 0;
  writeFileSync(file, `${JSON.stringify({ runs: runs + 1 })}\n`);
  return base + runs;
}

/** `stateDir` is the persistent data folder, or undefined for a throw-away stack. */
export async function startStackExchange(
  env: NodeJS.ProcessEnv,
  stateDir: string | undefined,
): Promise<StackExchange> {
  if (env.EXCHANGE_REST_URL) {
    return {
      environment: {
        EXCHANGE_REST_URL: env.EXCHANGE_REST_URL,
        EXCHANGE_WS_URL: env.EXCHANGE_WS_URL,
        EXCHANGE_ACCOUNTS: env.EXCHANGE_ACCOUNTS,
      },
      stop: () => Promise.resolve(),
    };
  }
  const seed = nextVenueSeed(env, stateDir);
  const venue = await runAsService('venue', () =>
    startVenue({
      environment: env,
      seed,
      marketTicking: env.VENUE_MARKET_TICKING !== 'off',
      // A local run pays funding as the real venue does; VENUE_FUNDING_SCHEDULE=off stops it.
      fundingSchedule: env.VENUE_FUNDING_SCHEDULE === undefined ? true : undefined,
    }),
  );
  const accounts = [await demoAccountEntry(venue, DEMO_ACCOUNT)];
  return {
    environment: {
      EXCHANGE_REST_URL: venue.restUrl,
      EXCHANGE_WS_URL: venue.streamUrl,
      EXCHANGE_ACCOUNTS: JSON.stringify(accounts),
    },
    venue,
    seed,
    stop: () => venue.stop(),
  };
}
