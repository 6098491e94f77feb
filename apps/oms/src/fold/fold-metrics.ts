import { Counter, Histogram, Registry } from 'prom-client';
import { perRegistry } from '@oms/platform';

/** Prometheus metrics of the Kafka fold (one set per registry). */
export class FoldMetrics {
  readonly observations: Counter;
  readonly eventsAppended: Counter;
  readonly refusals: Counter;
  readonly retries: Counter;
  readonly batchSeconds: Histogram;

  private constructor(registry: Registry) {
    this.observations = new Counter({
      name: 'oms_fold_observations_total',
      help: 'Venue observations folded',
      registers: [registry],
    });
    this.eventsAppended = new Counter({
      name: 'oms_fold_events_appended_total',
      help: 'Events the fold appended to the event store',
      registers: [registry],
    });
    this.refusals = new Counter({
      name: 'oms_fold_refusals_total',
      help: 'Observations the domain refused (logged, nothing written for them)',
      registers: [registry],
    });
    this.retries = new Counter({
      name: 'oms_fold_retries_total',
      help: 'Fold transactions decided again on fresh state (another writer came first, or a deadlock)',
      registers: [registry],
    });
    this.batchSeconds = new Histogram({
      name: 'oms_fold_batch_duration_seconds',
      help: 'Time to fold and commit one partition batch',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
  }

  static readonly for = perRegistry((registry) => new FoldMetrics(registry));
}
