/** The fold's wired services (FoldServices): aggregates, links, projections. */
export const FOLD_SERVICES = Symbol('FOLD_SERVICES');
export const FOLD_CONFIG = Symbol('FOLD_CONFIG');
