export { startVenue } from './start-venue';
export type { StartVenueOptions } from './start-venue';
export type { RunningVenue, DemoCredentials } from './runtime/venue-server';
export type { VenueConfig } from './config/venue-config';
export { loadVenueConfig } from './config/venue-config';
export type { HttpFaultMode, StreamFaultMode, FaultState } from './faults/fault-injector';
export type { ApiKeyPermission } from './auth/api-key';
export type { CreatedApiKey } from './auth/api-key-registry';
export type { EngineSnapshot, UserSnapshot, InstrumentRecord, MarkPriceRecord, UserRecord } from './engine';
