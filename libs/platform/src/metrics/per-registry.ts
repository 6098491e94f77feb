import { Registry, register as defaultRegistry } from 'prom-client';

/**
 * A metric set made once per prom-client registry (the process's default unless told):
 * everything in a process that asks for the set on one registry shares it, as
 * prom-client refuses a metric name registered twice.
 */
export function perRegistry<Metrics>(
  create: (registry: Registry) => Metrics,
): (registry?: Registry) => Metrics {
  const made = new WeakMap<Registry, Metrics>();
  return (registry = defaultRegistry) => {
    let metrics = made.get(registry);
    if (metrics === undefined) {
      metrics = create(registry);
      made.set(registry, metrics);
    }
    return metrics;
  };
}
