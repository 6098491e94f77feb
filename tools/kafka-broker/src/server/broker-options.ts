/** How a broker is started; every field has a default suited to local runs and tests. */
export interface KafkaBrokerOptions {
  /** Folder for the log, committed offsets and producer ids. Required: the broker persists. */
  readonly dataDir: string;
  /** 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** Address given to clients in Metadata/FindCoordinator, e.g. a proxy in front of the broker. */
  readonly advertisedHost?: string;
  readonly advertisedPort?: number;
  readonly nodeId?: number;
  readonly clusterId?: string;
  readonly autoCreateTopics?: boolean;
  readonly defaultPartitions?: number;
  /** -1 keeps everything. */
  readonly retentionBytes?: number;
  /** -1 keeps everything. */
  readonly retentionMs?: number;
  readonly segmentBytes?: number;
  readonly retentionCheckIntervalMs?: number;
  readonly minSessionTimeoutMs?: number;
  readonly maxSessionTimeoutMs?: number;
  readonly initialRebalanceDelayMs?: number;
  /** Largest request accepted; a bigger frame closes the connection, as Kafka does. */
  readonly maxRequestBytes?: number;
}

export type ResolvedBrokerOptions = Required<Omit<KafkaBrokerOptions, 'advertisedHost' | 'advertisedPort'>> &
  Pick<KafkaBrokerOptions, 'advertisedHost' | 'advertisedPort'>;

export function resolveBrokerOptions(options: KafkaBrokerOptions): ResolvedBrokerOptions {
  return {
    port: 9092,
    host: '127.0.0.1',
    nodeId: 1,
    clusterId: 'oms-local-kafka',
    autoCreateTopics: true,
    defaultPartitions: 3,
    retentionBytes: -1,
    retentionMs: 7 * 24 * 3600 * 1000,
    segmentBytes: 64 * 1024 * 1024,
    retentionCheckIntervalMs: 60_000,
    minSessionTimeoutMs: 500,
    maxSessionTimeoutMs: 300_000,
    initialRebalanceDelayMs: 0,
    maxRequestBytes: 100 * 1024 * 1024,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  } as ResolvedBrokerOptions;
}
