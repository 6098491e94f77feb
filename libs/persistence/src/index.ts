export * from './data-source-options';
export * from './migrations';
export * from './event-store/event-store.types';
export * from './event-store/postgres-event-store';
export * from './event-store/stream-version-conflict.error';
export * from './consumer-offsets/consumer-offset.store';
export * from './typeorm-pino-logger';
export * from './event-store/batch-append';
