import { createLogger } from '@oms/platform';
import { ConsumerGroup } from './consumer-group';
import { GroupTimings } from './consumer-group.types';

const log = createLogger('KafkaGroupCoordinator');

/**
 * All consumer groups of the broker and the clock that drives them: a sweep expires
 * silent members and ends rebalances whose time is up.
 */
export class GroupCoordinator {
  private readonly groups = new Map<string, ConsumerGroup>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly timings: GroupTimings,
    sweepIntervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  group(groupId: string): ConsumerGroup {
    let group = this.groups.get(groupId);
    if (!group) {
      group = new ConsumerGroup(groupId, this.timings);
      this.groups.set(groupId, group);
    }
    return group;
  }

  existing(groupId: string): ConsumerGroup | undefined {
    return this.groups.get(groupId);
  }

  all(): ConsumerGroup[] {
    return [...this.groups.values()];
  }

  /** Forgets a group; only an empty group may go (DeleteGroups checks that). */
  remove(groupId: string): void {
    const group = this.groups.get(groupId);
    if (group && group.state !== 'Empty') throw new Error(`group ${groupId} is ${group.state}, not Empty`);
    this.groups.delete(groupId);
  }

  /**
   * Drops empty groups that no longer hold committed offsets, as Kafka's coordinator does
   * after a topic deletion removed offsets: such a group becomes Dead.
   */
  removeEmptyGroups(hasOffsets: (groupId: string) => boolean): string[] {
    const removed: string[] = [];
    for (const group of [...this.groups.values()]) {
      if (group.state === 'Empty' && !hasOffsets(group.groupId)) {
        this.groups.delete(group.groupId);
        removed.push(group.groupId);
      }
    }
    return removed;
  }

  time(): number {
    return this.now();
  }

  sweep(): void {
    const now = this.now();
    for (const group of this.groups.values()) {
      const expired = group.expire(now);
      if (expired.length > 0) {
        log.info({ groupId: group.groupId, expired, generation: group.generationId }, 'members expired');
      }
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    // Members still waiting for a join or sync are told to leave rather than left hanging.
    for (const group of this.groups.values()) group.leave(group.memberIds, this.now());
    this.groups.clear();
  }
}
