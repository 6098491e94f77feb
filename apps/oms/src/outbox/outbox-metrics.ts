import { Counter, Gauge, Registry } from 'prom-client';
import { perRegistry } from '@oms/platform';

/** Prometheus metrics of the OMS events relay (one set per registry). */
export class OutboxMetrics {
  readonly published: Counter;
  readonly unpublished: Gauge;

  private constructor(registry: Registry) {
    this.published = new Counter({
      name: 'oms_outbox_events_published_total',
      help: 'Stored OMS events the relay published to oms.events.v1 (a page sent again after a crash counts again)',
      registers: [registry],
    });
    this.unpublished = new Gauge({
      name: 'oms_outbox_unpublished_events',
      help: 'Stored OMS events past the relay cursor, as the relay last looked',
      registers: [registry],
    });
  }

  static readonly for = perRegistry((registry) => new OutboxMetrics(registry));
}
