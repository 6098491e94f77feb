/** Nest injection token of the IngestRuntime the module was built with. */
export const INGEST_RUNTIME = Symbol('INGEST_RUNTIME');
