import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PartitionLog, RetentionPolicy } from './partition-log';
import { topicNameProblem } from './topic-name';

export interface Topic {
  readonly name: string;
  readonly partitions: readonly PartitionLog[];
}

interface TopicDescriptor {
  readonly name: string;
  readonly partitionCount: number;
}

const DESCRIPTOR_FILE = 'topic.json';

/**
 * The topics on disk: `<data>/topics/<name>/topic.json` and one folder per partition.
 * A deleted topic's folder is first moved to `<data>/deleted-topics/` (one atomic rename,
 * so a crash never leaves half a topic behind) and then removed; leftovers there are
 * removed at start-up.
 */
export class TopicStore {
  private readonly topics = new Map<string, Topic>();
  private readonly root: string;
  private readonly deletedRoot: string;

  constructor(
    dataDir: string,
    private readonly retention: RetentionPolicy,
  ) {
    this.root = join(dataDir, 'topics');
    this.deletedRoot = join(dataDir, 'deleted-topics');
    mkdirSync(this.root, { recursive: true });
    rmSync(this.deletedRoot, { recursive: true, force: true });
    for (const name of readdirSync(this.root)) {
      const descriptorPath = join(this.root, name, DESCRIPTOR_FILE);
      if (!existsSync(descriptorPath)) continue;
      const descriptor = JSON.parse(readFileSync(descriptorPath, 'utf8')) as TopicDescriptor;
      this.topics.set(descriptor.name, this.openTopic(descriptor));
    }
  }

  private openTopic(descriptor: TopicDescriptor): Topic {
    const partitions = Array.from(
      { length: descriptor.partitionCount },
      (_, partition) =>
        new PartitionLog(join(this.root, descriptor.name, `partition-${partition}`), this.retention),
    );
    return { name: descriptor.name, partitions };
  }

  get(name: string): Topic | undefined {
    return this.topics.get(name);
  }

  partition(topic: string, partition: number): PartitionLog | undefined {
    return this.topics.get(topic)?.partitions[partition];
  }

  all(): Topic[] {
    return [...this.topics.values()];
  }

  create(name: string, partitionCount: number): Topic {
    const problem = topicNameProblem(name);
    if (problem) throw new Error(problem);
    const existing = this.topics.get(name);
    if (existing) return existing;
    const descriptor: TopicDescriptor = { name, partitionCount };
    mkdirSync(join(this.root, name), { recursive: true });
    const topic = this.openTopic(descriptor);
    // The descriptor is written last: a topic folder without it is ignored at start-up.
    writeFileSync(join(this.root, name, DESCRIPTOR_FILE), JSON.stringify(descriptor));
    this.topics.set(name, topic);
    return topic;
  }

  /** Removes a topic and its log from memory and disk; false when there is no such topic. */
  delete(name: string): boolean {
    const topic = this.topics.get(name);
    if (!topic) return false;
    this.topics.delete(name);
    for (const partition of topic.partitions) partition.closeDeleted();
    mkdirSync(this.deletedRoot, { recursive: true });
    const graveyard = join(this.deletedRoot, `${name}.${randomUUID()}`);
    renameSync(join(this.root, name), graveyard);
    rmSync(graveyard, { recursive: true, force: true });
    return true;
  }

  maxProducerId(): number {
    let max = -1;
    for (const topic of this.topics.values()) {
      for (const partition of topic.partitions) max = Math.max(max, partition.maxProducerId);
    }
    return max;
  }

  applyRetention(now: number): number {
    let removed = 0;
    for (const topic of this.topics.values()) {
      for (const partition of topic.partitions) removed += partition.applyRetention(now);
    }
    return removed;
  }

  close(): void {
    for (const topic of this.topics.values()) for (const partition of topic.partitions) partition.close();
    this.topics.clear();
  }
}
