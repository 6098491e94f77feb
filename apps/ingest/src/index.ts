export { startIngest } from './main';
export { loadIngestConfig } from './config/ingest.config';
export type { IngestConfig } from './config/ingest.config';
