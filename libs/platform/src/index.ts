export * from './logging/logger';
export * from './logging/correlation';
export * from './config/load-config';
