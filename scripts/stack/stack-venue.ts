/**
 * The local stack's exchange: the venue EXCHANGE_REST_URL names (with EXCHANGE_WS_URL
 * and EXCHANGE_ACCOUNTS from the environment), otherwise the simulated venue with its
 * market, whose demo user becomes the account `demo`.
 *
 * With a data folder the simulated venue keeps its changes in `venue-journal.jsonl`
 * there, and a restart continues the same world (orders, fills, balances, positions,
 * keys), as the OMS's state in the same folder does. A new journal takes a seed no
 * earlier run of the folder used, so that a venue started without the journal of an
 * earlier run never hands out ids the OMS still remembers.
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
  /** Where the simulated venue keeps its state; absent: in memory only (a throw-away stack). */
  readonly journalFile?: string;
  stop(): Promise<void>;
}

/** The simulated venue's journal in the data folder (VenueJournal). */
export const VENUE_JOURNAL_FILE = 'venue-journal.jsonl';

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
  const journalFile = stateDir === undefined ? undefined : join(stateDir, VENUE_JOURNAL_FILE);
  const venue = await runAsService('venue', () =>
    startVenue({
      environment: env,
      seed,
      journalFile,
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
    journalFile,
    stop: () => venue.stop(),
  };
}
