import { register } from 'prom-client';

/**
 * The metric registered under `name`, created on first use: registered once per process,
 * so several OMS instances in one test process share it.
 */
export function registeredMetric<T>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}
