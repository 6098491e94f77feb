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
          const entry = JSON.parse(line) as OffsetLine;
          this.remember(entry.g, entry.t, entry.p, { offset: entry.o, metadata: entry.m });
        } catch {
          // A line cut short by a crash is the last one written; everything before it stands.
        }
      }
    }
    this.compact();
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

  get(group: string, topic: string, partition: number): CommittedOffset | undefined {
    return this.offsets.get(group)?.get(topic)?.get(partition);
  }

  topicsOf(group: string): Map<string, Map<number, CommittedOffset>> {
    return this.offsets.get(group) ?? new Map<string, Map<number, CommittedOffset>>();
  }
}
