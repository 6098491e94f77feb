import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CommittedOffset {
  readonly offset: number;
  readonly metadata: string | null;
}

interface OffsetLine {
  readonly g: string;
  readonly t: string;
  readonly p: number;
  readonly o: number;
  readonly m: string | null;
}

/** Tombstones: every offset of a deleted group, or of a deleted topic in every group. */
type DeletionLine = { readonly deletedGroup: string } | { readonly deletedTopic: string };

type StoredLine = OffsetLine | DeletionLine;

/**
 * Consumer-group offsets, kept as an append-only file of JSON lines (the last line per
 * group/topic/partition wins) and compacted at start-up, like a compacted offsets topic.
 */
export class CommittedOffsetsStore {
  private readonly offsets = new Map<string, Map<string, Map<number, CommittedOffset>>>();
  private readonly path: string;

  constructor(dataDir: string) {
    const folder = join(dataDir, 'groups');
    mkdirSync(folder, { recursive: true });
    this.path = join(folder, 'offsets.jsonl');
    if (existsSync(this.path)) {
      for (const line of readFileSync(this.path, 'utf8').split('\n')) {
        if (!line) continue;
        try {
          this.replay(JSON.parse(line) as StoredLine);
        } catch {
          // A line cut short by a crash is the last one written; everything before it stands.
        }
      }
    }
    this.compact();
  }

  private replay(entry: StoredLine): void {
    if ('deletedGroup' in entry) this.forgetGroup(entry.deletedGroup);
    else if ('deletedTopic' in entry) this.forgetTopic(entry.deletedTopic);
    else this.remember(entry.g, entry.t, entry.p, { offset: entry.o, metadata: entry.m });
  }

  private forgetGroup(group: string): void {
    this.offsets.delete(group);
  }

  private forgetTopic(topic: string): void {
    for (const [group, topics] of [...this.offsets]) {
      topics.delete(topic);
      if (topics.size === 0) this.offsets.delete(group);
    }
  }

  private remember(group: string, topic: string, partition: number, committed: CommittedOffset): void {
    let topics = this.offsets.get(group);
    if (!topics) this.offsets.set(group, (topics = new Map<string, Map<number, CommittedOffset>>()));
    let partitions = topics.get(topic);
    if (!partitions) topics.set(topic, (partitions = new Map<number, CommittedOffset>()));
    partitions.set(partition, committed);
  }

  private compact(): void {
    const lines: string[] = [];
    for (const [group, topics] of this.offsets) {
      for (const [topic, partitions] of topics) {
        for (const [partition, committed] of partitions)
          lines.push(this.line(group, topic, partition, committed));
      }
    }
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, lines.join(''));
    renameSync(temporary, this.path);
  }

  private line(group: string, topic: string, partition: number, committed: CommittedOffset): string {
    const entry: OffsetLine = {
      g: group,
      t: topic,
      p: partition,
      o: committed.offset,
      m: committed.metadata,
    };
    return `${JSON.stringify(entry)}\n`;
  }

  commit(
    group: string,
    entries: readonly { topic: string; partition: number; committed: CommittedOffset }[],
  ): void {
    if (entries.length === 0) return;
    appendFileSync(
      this.path,
      entries.map((entry) => this.line(group, entry.topic, entry.partition, entry.committed)).join(''),
    );
    for (const entry of entries) this.remember(group, entry.topic, entry.partition, entry.committed);
  }

  /** Removes every offset the group committed (DeleteGroups). */
  deleteGroup(group: string): void {
    appendFileSync(this.path, `${JSON.stringify({ deletedGroup: group })}\n`);
    this.forgetGroup(group);
  }

  /** Removes every group's offsets of a deleted topic, as Kafka's coordinator does. */
  deleteTopic(topic: string): void {
    appendFileSync(this.path, `${JSON.stringify({ deletedTopic: topic })}\n`);
    this.forgetTopic(topic);
  }

  hasOffsets(group: string): boolean {
    return this.offsets.has(group);
  }

  groups(): string[] {
    return [...this.offsets.keys()];
  }

  get(group: string, topic: string, partition: number): CommittedOffset | undefined {
    return this.offsets.get(group)?.get(topic)?.get(partition);
  }

  topicsOf(group: string): Map<string, Map<number, CommittedOffset>> {
    return this.offsets.get(group) ?? new Map<string, Map<number, CommittedOffset>>();
  }
}
