import type { VenueEngineApi } from '../engine';
import { ListenKeyRegistry } from '../stream/listen-key-registry';
import type { VenueWireSwitches } from '../runtime/venue-wire-switches';

export interface RouteDependencies {
  readonly engine: VenueEngineApi;
  readonly listenKeys: ListenKeyRegistry;
  /** Answer shapes switched from the control plane; seeds shapes when absent. */
  readonly switches?: VenueWireSwitches;
}
