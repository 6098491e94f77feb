import type { VenueEngineApi } from '../engine';
import { ListenKeyRegistry } from '../stream/listen-key-registry';

export interface RouteDependencies {
  readonly engine: VenueEngineApi;
  readonly listenKeys: ListenKeyRegistry;
}
