// One import point for the facade's signatures.
export type * from './types/instrument.types';
export type * from './types/account.types';
export type * from './types/spot.types';
export type * from './types/futures.types';
export type * from './types/market.types';
export type * from './types/engine-event.types';
export type * from './types/snapshot.types';
