/** Nest injection token of the shared VenueRuntime. */
export const VENUE_RUNTIME = Symbol('VENUE_RUNTIME');
