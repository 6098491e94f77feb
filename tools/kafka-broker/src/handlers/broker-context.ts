import { GroupCoordinator } from '../groups/group-coordinator';
import { WireReader } from '../protocol/wire-reader';
import { WireWriter } from '../protocol/wire-writer';
import { CommittedOffsetsStore } from '../storage/committed-offsets-store';
import { ProducerIdAllocator } from '../storage/producer-id-allocator';
import { TopicStore } from '../storage/topic-store';

/** What every request handler may use: the broker's identity, its stores and coordinator. */
export interface BrokerContext {
  readonly nodeId: number;
  readonly clusterId: string;
  readonly advertisedHost: string;
  advertisedPort: number;
  readonly autoCreateTopics: boolean;
  readonly defaultPartitions: number;
  readonly topics: TopicStore;
  readonly offsets: CommittedOffsetsStore;
  readonly groups: GroupCoordinator;
  readonly producerIds: ProducerIdAllocator;
}

export interface RequestInfo {
  readonly apiKey: number;
  readonly apiVersion: number;
  readonly correlationId: number;
  readonly clientId: string | null;
  /** The client's address as Kafka reports it in DescribeGroups ("/127.0.0.1"). */
  readonly clientHost: string;
  /** Settles when the client's connection closes, so a long poll can give up early. */
  readonly closed: Promise<void>;
}

/** A handler returns the response body, or null when the request expects none (acks=0). */
export type RequestHandler = (
  reader: WireReader,
  request: RequestInfo,
  broker: BrokerContext,
) => WireWriter | null | Promise<WireWriter | null>;
