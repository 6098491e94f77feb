import { collectDefaultMetrics, Registry, register as defaultRegistry } from 'prom-client';

/** One of the metrics collectDefaultMetrics registers; present once it has run on a registry. */
const PROCESS_METRIC = 'process_cpu_user_seconds_total';

/**
 * Node process metrics (CPU, memory, event loop, GC) on `registry`, once per registry.
 * prom-client throws "already registered" on a second collectDefaultMetrics call, and
 * the local stack hosts the OMS beside ingest in one process, while tests start an OMS
 * more than once per process: the registry itself says whether it already has them.
 */
export function collectProcessMetricsOnce(registry: Registry = defaultRegistry): void {
  if (registry.getSingleMetric(PROCESS_METRIC)) return;
  collectDefaultMetrics({ register: registry });
}
