import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { createKafkaClient } from '@oms/kafka';
import { Admin, logLevel } from 'kafkajs';

const TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Whether the Kafka cluster answers a metadata request, through one admin connection kept open. */
export class KafkaReachability {
  private admin: Admin | null = null;

  constructor(
    private readonly brokers: readonly string[],
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check(key: string): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check(key);
    try {
      this.admin ??= createKafkaClient({
        brokers: [...this.brokers],
        clientId: 'oms-health',
        logLevel: logLevel.NOTHING,
      }).admin();
      const admin = this.admin;
      await withTimeout(admin.connect(), TIMEOUT_MS);
      const cluster = await withTimeout(admin.describeCluster(), TIMEOUT_MS);
      return indicator.up({ brokers: cluster.brokers.length });
    } catch (error) {
      await this.close();
      return indicator.down({ message: error instanceof Error ? error.message : 'unreachable' });
    }
  }

  async close(): Promise<void> {
    const admin = this.admin;
    this.admin = null;
    await admin?.disconnect().catch(() => undefined);
  }
}
