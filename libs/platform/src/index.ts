export * from './logging/logger';
export * from './logging/log-format';
export * from './logging/secret-redaction';
export * from './logging/correlation';
export * from './logging/service-scope';
export * from './config/load-config';
export * from './bench/bench-result';
