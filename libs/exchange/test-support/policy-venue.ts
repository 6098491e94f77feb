import { ExchangeClient, ExchangeClientConfig } from '../src/exchange-client';
import { testClient } from './endpoint-cases';
import { RecordingVenue } from './recording-venue';

export interface PolicyVenue {
  /** A fresh recording venue for each spec. */
  readonly venue: RecordingVenue;
  /** Backoff delays the clients asked for (they do not really wait). */
  readonly sleeps: number[];
  /** A test client on the venue whose sleeps are recorded and whose jitter is fixed at 0.5. */
  make(overrides?: Partial<ExchangeClientConfig>): ExchangeClient;
  /** Closes this client with the others after the spec. */
  track(client: ExchangeClient): ExchangeClient;
}

/** A recording venue per spec, and clients on it that are all closed after the spec. */
export function usePolicyVenue(): PolicyVenue {
  const clients: ExchangeClient[] = [];
  const env = {
    venue: undefined as unknown as RecordingVenue,
    sleeps: [] as number[],
    track(client: ExchangeClient): ExchangeClient {
      clients.push(client);
      return client;
    },
    make(overrides: Partial<ExchangeClientConfig> = {}): ExchangeClient {
      return env.track(
        testClient(env.venue, {
          sleep: (ms) => {
            env.sleeps.push(ms);
            return Promise.resolve();
          },
          random: () => 0.5,
          ...overrides,
        }),
      );
    },
  };
  beforeEach(async () => {
    env.venue = await RecordingVenue.start();
    env.sleeps.length = 0;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await env.venue.close();
  });
  return env;
}
