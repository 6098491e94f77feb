import { loadVenueConfig, VenueConfig } from './config/venue-config';
import { VenueEngine } from './engine';
import { RunningVenue, runVenue } from './runtime/venue-server';

export interface StartVenueOptions {
  /** Exchange API port; 0 picks a free one. Overrides VENUE_PORT. */
  readonly port?: number;
  /** Control plane port; 0 picks a free one. Overrides VENUE_CONTROL_PORT. */
  readonly controlPort?: number;
  readonly host?: string;
  /** Seeds ids and the simulated market. Overrides VENUE_SEED. */
  readonly seed?: number;
  /** Whether simulated participants rest liquidity around the mark. Overrides VENUE_SIMULATED_MARKET. */
  readonly simulatedMarket?: boolean;
  /** Whether a timer random-walks the marks; off by default so tests stay deterministic. */
  readonly marketTicking?: boolean;
  /**
   * Whether a timer settles funding at every advertised settlement time. Overrides
   * VENUE_FUNDING_SCHEDULE; when neither says, off, so an in-process venue never pays
   * funding a test did not plan (the standalone CLI turns it on).
   */
  readonly fundingSchedule?: boolean;
  /** Period of the funding settlement times. Overrides VENUE_FUNDING_INTERVAL_MS. */
  readonly fundingIntervalMs?: number;
  /** Further VENUE_* settings, validated like the process environment. */
  readonly environment?: NodeJS.ProcessEnv;
  /**
   * A file to keep the venue's changes in: a venue started again on it continues the
   * same world (its seed is kept there too). Without one, the state lives in memory only.
   */
  readonly journalFile?: string;
}

/**
 * Starts a venue in this process, for the local stack and for tests:
 * `const venue = await startVenue({ port: 0, controlPort: 0, seed: 7 })`, then
 * `venue.restUrl`, `venue.streamUrl`, `venue.controlUrl`, `venue.demo`, `await venue.stop()`.
 */
export async function startVenue(options: StartVenueOptions = {}): Promise<RunningVenue> {
  const loaded = loadVenueConfig({ ...(options.environment ?? process.env) });
  const config: VenueConfig = {
    ...loaded,
    host: options.host ?? loaded.host,
    port: options.port ?? loaded.port,
    controlPort: options.controlPort ?? loaded.controlPort,
    seed: options.seed ?? loaded.seed,
    market: { ...loaded.market, simulated: options.simulatedMarket ?? loaded.market.simulated },
    funding: {
      scheduled: options.fundingSchedule ?? loaded.funding.scheduled ?? false,
      intervalMs: options.fundingIntervalMs ?? loaded.funding.intervalMs,
    },
  };
  return runVenue(
    config,
    ({ clock, seed, simulatedMarket, fundingIntervalMs }) =>
      new VenueEngine({ clock, seed, simulatedMarket: simulatedMarket ? {} : false, fundingIntervalMs }),
    { marketTicking: options.marketTicking ?? false, journalFile: options.journalFile },
  );
}
