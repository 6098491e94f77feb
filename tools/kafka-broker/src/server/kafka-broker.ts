import { createServer, Server, Socket } from 'node:net';
import { mkdirSync } from 'node:fs';
import { createLogger } from '@oms/platform';
import { GroupCoordinator } from '../groups/group-coordinator';
import { BrokerContext } from '../handlers/broker-context';
import { CommittedOffsetsStore } from '../storage/committed-offsets-store';
import { ProducerIdAllocator } from '../storage/producer-id-allocator';
import { TopicStore } from '../storage/topic-store';
import { BrokerConnection } from './broker-connection';
import { KafkaBrokerOptions, resolveBrokerOptions, ResolvedBrokerOptions } from './broker-options';

const log = createLogger('KafkaBroker');

/** A single-node broker speaking the Kafka wire protocol, its state kept under dataDir. */
export class KafkaBroker {
  private readonly options: ResolvedBrokerOptions;
  private readonly context: BrokerContext;
  private readonly server: Server;
  private readonly connections = new Set<BrokerConnection>();
  private retentionTimer?: NodeJS.Timeout;
  private boundPort = 0;

  constructor(options: KafkaBrokerOptions) {
    this.options = resolveBrokerOptions(options);
    const { dataDir } = this.options;
    mkdirSync(dataDir, { recursive: true });
    const topics = new TopicStore(dataDir, {
      retentionBytes: this.options.retentionBytes,
      retentionMs: this.options.retentionMs,
      segmentBytes: this.options.segmentBytes,
    });
    this.context = {
      nodeId: this.options.nodeId,
      clusterId: this.options.clusterId,
      advertisedHost: this.options.advertisedHost ?? this.options.host,
      advertisedPort: this.options.advertisedPort ?? 0,
      autoCreateTopics: this.options.autoCreateTopics,
      defaultPartitions: this.options.defaultPartitions,
      topics,
      offsets: new CommittedOffsetsStore(dataDir),
      groups: new GroupCoordinator(
        {
          minSessionTimeoutMs: this.options.minSessionTimeoutMs,
          maxSessionTimeoutMs: this.options.maxSessionTimeoutMs,
          initialRebalanceDelayMs: this.options.initialRebalanceDelayMs,
        },
        100,
      ),
      producerIds: new ProducerIdAllocator(dataDir, topics.maxProducerId()),
    };
    this.server = createServer((socket) => this.accept(socket));
  }

  get port(): number {
    return this.boundPort;
  }

  private accept(socket: Socket): void {
    const connection = new BrokerConnection(socket, this.context, this.options.maxRequestBytes, log);
    this.connections.add(connection);
    void connection.closed.then(() => this.connections.delete(connection));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address();
    this.boundPort = typeof address === 'object' && address ? address.port : this.options.port;
    this.context.advertisedPort = this.options.advertisedPort ?? this.boundPort;
    this.retentionTimer = setInterval(() => this.applyRetention(), this.options.retentionCheckIntervalMs);
    this.retentionTimer.unref();
    log.info(
      {
        host: this.options.host,
        port: this.boundPort,
        dataDir: this.options.dataDir,
        topics: this.context.topics.all().length,
      },
      'Kafka broker listening',
    );
  }

  /** Deletes old segments now (also done periodically). */
  applyRetention(): number {
    const removed = this.context.topics.applyRetention(Date.now());
    if (removed > 0) log.info({ removedSegments: removed }, 'retention removed old segments');
    return removed;
  }

  async stop(): Promise<void> {
    if (this.retentionTimer) clearInterval(this.retentionTimer);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.context.groups.close();
    for (const connection of this.connections) connection.destroy();
    await closed;
    this.context.topics.close();
    log.info({ port: this.boundPort }, 'Kafka broker stopped');
  }
}
