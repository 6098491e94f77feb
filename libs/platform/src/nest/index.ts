// NestJS building blocks shared by the apps; kept apart from the framework-free index.
export * from './structured-logger.module';
export * from './correlation.middleware';
export * from './bootstrap-http-app';
