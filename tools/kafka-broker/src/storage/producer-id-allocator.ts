import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Hands out producer ids that stay unique across restarts: the next id is saved before
 * it is handed out, and never falls below an id already seen in the log.
 */
export class ProducerIdAllocator {
  private next: number;
  private readonly path: string;

  constructor(dataDir: string, highestIdInLog: number) {
    this.path = join(dataDir, 'producer-ids.json');
    const saved = existsSync(this.path)
      ? (JSON.parse(readFileSync(this.path, 'utf8')) as { next: number }).next
      : 0;
    this.next = Math.max(saved, highestIdInLog + 1, 1000);
  }

  allocate(): number {
    const id = this.next;
    this.next += 1;
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, JSON.stringify({ next: this.next }));
    renameSync(temporary, this.path);
    return id;
  }
}
