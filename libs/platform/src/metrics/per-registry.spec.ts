import { Counter, Registry } from 'prom-client';
import { perRegistry } from './per-registry';

describe('perRegistry', () => {
  it('makes a metric set once per registry and a separate one for another registry', () => {
    let made = 0;
    const metricsFor = perRegistry((registry) => {
      made += 1;
      return new Counter({ name: 'per_registry_spec_total', help: 'spec', registers: [registry] });
    });
    const first = new Registry();
    const second = new Registry();
    expect(metricsFor(first)).toBe(metricsFor(first));
    expect(metricsFor(second)).not.toBe(metricsFor(first));
    expect(made).toBe(2);
  });
});
