import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Names the service whose work is running. Each app normally runs in a process of its
 * own, but the local stack hosts several NestJS apps in one process, and NestJS and
 * nestjs-pino keep one process-wide logger for logs outside a request. Starting each
 * app inside its own scope lets every log line name the app that wrote it.
 */
const scope = new AsyncLocalStorage<string>();

export function runAsService<T>(service: string, work: () => T): T {
  return scope.run(service, work);
}

export function currentServiceName(): string | undefined {
  return scope.getStore();
}
